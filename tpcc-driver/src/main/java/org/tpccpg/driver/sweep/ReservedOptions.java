package org.tpccpg.driver.sweep;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The options that a sweep sets on every child run itself (clients, duration, progress, seed,
 * results directory, connection), refused in a sweep file's options so that a cell means what the
 * manifest says; and passwords, which never go into a file.
 */
final class ReservedOptions {
  private static final Set<String> TPCB_SHORT = Set.of("c", "j", "T", "t", "P", "h", "p", "U", "i");
  private static final Set<String> TPCB_LONG =
      Set.of(
          "client",
          "jobs",
          "time",
          "transactions",
          "progress",
          "host",
          "port",
          "username",
          "initialize",
          "random-seed",
          "results");
  private static final Set<String> TPCC_LONG =
      Set.of(
          "threads",
          "time",
          "report-interval",
          "results",
          "rand-seed",
          "warmup-time",
          "pgsql-host",
          "pgsql-port",
          "pgsql-user",
          "pgsql-db",
          "pgsql-password",
          "pgsql-conninfo",
          "pgsql-url");

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
        return "no password in a sweep file; use PGPASSWORD or ~/.pgpass";
      }
      if (word.startsWith("--")) {
        String name = word.substring(2).split("=", 2)[0].replace('_', '-');
        boolean reserved = tpcb ? TPCB_LONG.contains(name) : TPCC_LONG.contains(name);
        if (reserved && !(prepare && !tpcb && name.equals("threads"))) {
          return "--" + name + " is set by the sweep itself (see docs/sweep.md)";
        }
      } else if (tpcb && word.startsWith("-") && word.length() >= 2) {
        String letter = word.substring(1, 2);
        if (TPCB_SHORT.contains(letter) && !(prepare && letter.equals("i"))) {
          return "-" + letter + " is set by the sweep itself (see docs/sweep.md)";
        }
      }
    }
    return null;
  }
}
