package org.tpccpg.driver.sweep;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The options that a sweep sets on every child run itself (clients, duration or transactions,
 * progress, seed, results directory, connection), refused in a sweep file's options so that a cell
 * means what the manifest says, each with what the sweep sets it from and what to write instead;
 * and passwords, which never go into a file. Anything else, pgbench's {@code -j} among it, goes to
 * the runs as given.
 */
final class ReservedOptions {
  /** Why a password is refused; a refusal with this reason must not show the value. */
  static final String PASSWORD = "no password in a sweep file; use PGPASSWORD or ~/.pgpass";

  private static final String CLIENTS =
      "the sweep sets it from [sweep] clients, one cell per count";
  private static final String DURATION =
      "the sweep sets it from duration (seconds per cell): give duration = N in [sweep] or the"
          + " [workload]";
  private static final String EVENTS =
      "the sweep sets it from events (transactions per client): give events = N in [sweep] or the"
          + " [workload]";
  private static final String CONNECTION =
      "the sweep sets it from the [target]'s connection: give it there";
  private static final String SEED = "the sweep sets it from [sweep] seed";
  private static final String RESULTS =
      "the sweep sets it to the cell's runs/ directory in the bundle";
  private static final String PROGRESS = "the sweep sets it to 1 s, the intervals' length";
  private static final String DATABASE =
      "the database since pgbench 17 (tpcb's default), which the sweep sets from the [target]'s"
          + " connection: give it there (--debug for debugging output)";

  private static final Map<String, String> TPCB_SHORT =
      Map.of(
          "c", CLIENTS,
          "T", DURATION,
          "t", EVENTS,
          "P", PROGRESS,
          "h", CONNECTION,
          "p", CONNECTION,
          "U", CONNECTION,
          "d", DATABASE,
          "i", "the sweep runs -i for prepare = true: give its options in prepare_options");
  private static final Map<String, String> TPCB_LONG =
      Map.ofEntries(
          Map.entry("client", CLIENTS),
          Map.entry("time", DURATION),
          Map.entry("transactions", EVENTS),
          Map.entry("progress", PROGRESS),
          Map.entry("host", CONNECTION),
          Map.entry("port", CONNECTION),
          Map.entry("username", CONNECTION),
          Map.entry("dbname", CONNECTION),
          Map.entry(
              "initialize",
              "the sweep runs -i for prepare = true: give its options in prepare_options"),
          Map.entry("random-seed", SEED),
          Map.entry("results", RESULTS));
  private static final Map<String, String> TPCC_LONG =
      Map.ofEntries(
          Map.entry("threads", CLIENTS),
          Map.entry("num-threads", CLIENTS), // sysbench 1.0.20's old names win over the new
          Map.entry("time", DURATION),
          Map.entry("max-time", DURATION),
          Map.entry(
              "max-requests",
              "the sweep sets --events from events (transactions per client, times the clients):"
                  + " give events = N in [sweep] or the [workload]"),
          Map.entry(
              "config-file",
              "the sweep cannot see which options the file sets: give them in options ="),
          Map.entry(
              "events",
              "the sweep sets it from events (transactions per client, times the clients): give"
                  + " events = N in [sweep] or the [workload]"),
          Map.entry("report-interval", PROGRESS),
          Map.entry("results", RESULTS),
          Map.entry("rand-seed", SEED),
          Map.entry("warmup-time", "the sweep sets it from [sweep] warmup"),
          Map.entry("pgsql-host", CONNECTION),
          Map.entry("pgsql-port", CONNECTION),
          Map.entry("pgsql-user", CONNECTION),
          Map.entry("pgsql-db", CONNECTION),
          Map.entry("pgsql-password", CONNECTION),
          Map.entry("pgsql-conninfo", CONNECTION),
          Map.entry("pgsql-url", CONNECTION));

  private ReservedOptions() {}

  /**
   * Why the first refused argument is refused, or null when none is.
   *
   * @param kind {@code tpcb}, {@code tpcc}, {@code tpcb prepare} or {@code tpcc prepare}
   */
  static String firstReserved(String kind, List<String> words) {
    boolean tpcb = kind.startsWith(Workload.TPCB);
    boolean prepare = kind.endsWith("prepare");
    for (String word : words) {
      if (word.toLowerCase(Locale.ROOT).contains("password")) {
        return PASSWORD;
      }
      if (word.startsWith("--")) {
        String name = word.substring(2).split("=", 2)[0].replace('_', '-');
        String why = tpcb ? TPCB_LONG.get(name) : TPCC_LONG.get(name);
        boolean loadThreads = name.equals("threads") || name.equals("num-threads");
        if (why != null && !(prepare && !tpcb && loadThreads)) {
          return "--" + name + ": " + why;
        }
      } else if (tpcb && word.startsWith("-") && word.length() >= 2) {
        String letter = word.substring(1, 2);
        String why = TPCB_SHORT.get(letter);
        if (why != null && !(prepare && letter.equals("i"))) {
          return "-" + letter + ": " + why;
        }
      }
    }
    return null;
  }
}
