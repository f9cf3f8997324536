package org.tpccpg.driver.sweep;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A sweep file, read and checked: the targets, workloads, client counts, duration, repeats,
 * warm-up, seed and settings dimension of a sweep (docs/sweep.md). Every check fails with one line
 * naming the file's line, the section, the key and the value.
 *
 * @param targets in file order
 * @param workloads in file order
 * @param clients the client counts, in file order
 * @param length each cell's measured time or transactions per client (a workload may have its own)
 * @param warmupSeconds run before each cell, not measured (0: none)
 * @param repeats how many times each cell runs
 * @param seed every cell's random seed, or null to choose one when the sweep begins
 * @param settings the settings dimension: per setting name its values, in file order
 */
public record SweepFile(
    List<Target> targets,
    List<Workload> workloads,
    List<Integer> clients,
    CellLength length,
    int warmupSeconds,
    int repeats,
    Long seed,
    Map<String, List<String>> settings) {
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]+");
  private static final Pattern SETTING = Pattern.compile("[a-z_][a-z0-9_.]*");
  private static final Set<String> SWEEP_KEYS =
      Set.of("clients", "duration", "events", "warmup", "repeats", "seed");
  private static final Set<String> TARGET_KEYS =
      Set.of(
          "host",
          "port",
          "dbname",
          "user",
          ConnectionString.CONNINFO,
          ConnectionString.URL,
          "tpcb_options",
          "tpcc_options",
          "prepare",
          "restart_command");
  private static final Set<String> WORKLOAD_KEYS =
      Set.of("kind", "options", "prepare", "prepare_options", "duration", "events");

  public SweepFile {
    targets = List.copyOf(targets);
    workloads = List.copyOf(workloads);
    clients = List.copyOf(clients);
    settings = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(settings));
  }

  /**
   * Reads and checks a sweep file's text.
   *
   * @throws SweepFileException in one line naming the line, key and value of the first problem
   */
  public static SweepFile parse(String text) {
    // A UTF-8 byte order mark, as some editors write one, is no part of the first line (#32).
    List<IniText.Section> sections =
        IniText.parse(text.startsWith("\uFEFF") ? text.substring(1) : text);
    IniText.Section sweep = null;
    IniText.Section settingsSection = null;
    Map<String, Target> targets = new LinkedHashMap<>();
    Map<String, Workload> workloads = new LinkedHashMap<>();
    for (IniText.Section section : sections) {
      switch (section.kind()) {
        case "sweep" -> sweep = single(section, sweep);
        case "settings" -> settingsSection = single(section, settingsSection);
        case "target" -> add(targets, section, target(section));
        case "workload" -> add(workloads, section, workload(section));
        default ->
            throw new SweepFileException(
                section.line(),
                section.where()
                    + ": unknown section; expected [sweep], [target NAME], [workload NAME] or"
                    + " [settings]");
      }
    }
    if (sweep == null) {
      throw new SweepFileException(
          0, "no [sweep] section (clients, duration or events, repeats, warmup)");
    }
    if (targets.isEmpty()) {
      throw new SweepFileException(0, "no [target NAME] section: name at least one server");
    }
    if (workloads.isEmpty()) {
      throw new SweepFileException(0, "no [workload NAME] section: name at least one workload");
    }
    refuseBeyondTpcb(sections, targets, workloads.values());
    keys(sweep, SWEEP_KEYS);
    SectionValues values = new SectionValues(sweep);
    List<Integer> clients = values.positiveInts("clients");
    CellLength length = CellLength.of(values, true);
    int warmup = values.integer("warmup", 0, 0);
    int repeats = values.integer("repeats", 1, 1);
    Long seed = values.optionalLong("seed");
    Map<String, List<String>> settings =
        settingsSection == null ? Map.of() : settings(settingsSection);
    return new SweepFile(
        List.copyOf(targets.values()),
        List.copyOf(workloads.values()),
        clients,
        length,
        warmup,
        repeats,
        seed,
        settings);
  }

  /** A workload's cells' length: its own {@code duration} or {@code events}, else the sweep's. */
  public CellLength length(Workload workload) {
    return workload.length() != null ? workload.length() : length;
  }

  /** Every combination of the settings dimension, the first setting varying slowest. */
  public List<Map<String, String>> settingCombinations() {
    List<Map<String, String>> combinations = new ArrayList<>();
    combinations.add(Map.of());
    for (Map.Entry<String, List<String>> setting : settings.entrySet()) {
      List<Map<String, String>> next = new ArrayList<>();
      for (Map<String, String> combination : combinations) {
        for (String value : setting.getValue()) {
          Map<String, String> extended = new LinkedHashMap<>(combination);
          extended.put(setting.getKey(), value);
          next.add(java.util.Collections.unmodifiableMap(extended));
        }
      }
      combinations = next;
    }
    return List.copyOf(combinations);
  }

  private static IniText.Section single(IniText.Section section, IniText.Section earlier) {
    if (section.name() != null) {
      throw new SweepFileException(
          section.line(), section.where() + ": [" + section.kind() + "] takes no name");
    }
    if (earlier != null) {
      throw new SweepFileException(
          section.line(), section.where() + ": given twice (first on line " + earlier.line() + ")");
    }
    return section;
  }

  private static <T> void add(Map<String, T> all, IniText.Section section, T value) {
    if (all.put(section.name(), value) != null) {
      throw new SweepFileException(section.line(), section.where() + ": the name is taken twice");
    }
  }

  private static void keys(IniText.Section section, Set<String> known) {
    section
        .values()
        .forEach(
            (key, value) -> {
              if (!known.contains(key)) {
                throw new SweepFileException(
                    value.line(),
                    section.where()
                        + " "
                        + key
                        + ": unknown key; expected one of "
                        + known.stream().sorted().toList());
              }
            });
  }

  private static String name(IniText.Section section) {
    if (section.name() == null || !NAME.matcher(section.name()).matches()) {
      throw new SweepFileException(
          section.line(),
          section.where()
              + ": needs a name of letters, digits, '-' and '_', e.g. ["
              + section.kind()
              + " pg15]");
    }
    return section.name();
  }

  private static Target target(IniText.Section section) {
    String name = name(section);
    keys(section, TARGET_KEYS);
    SectionValues values = new SectionValues(section);
    Map<String, List<String>> options = new LinkedHashMap<>();
    options.put(Workload.TPCB, values.options("tpcb_options", Workload.TPCB));
    options.put(Workload.TPCC, values.options("tpcc_options", Workload.TPCC));
    ConnectionString connection = connectionString(section, values);
    return new Target(
        name,
        connection == null ? values.optionalText("host") : null,
        connection == null ? values.optionalPort("port") : null,
        connection == null ? values.requiredText("dbname") : connection.dbname(),
        connection == null ? values.optionalText("user") : null,
        connection,
        options,
        values.bool("prepare", true),
        values.optionalText("restart_command"));
  }

  /**
   * A target's {@code conninfo} or {@code url}, or null; either excludes the other and the separate
   * connection keys. Its text is never in a message: a password refused there must not be shown.
   */
  private static ConnectionString connectionString(IniText.Section section, SectionValues values) {
    String key = null;
    for (String candidate : List.of(ConnectionString.CONNINFO, ConnectionString.URL)) {
      if (section.values().containsKey(candidate)) {
        if (key != null) {
          throw values.invalid(
              candidate, key + " and " + candidate + " exclude each other; give one");
        }
        key = candidate;
      }
    }
    if (key == null) {
      return null;
    }
    for (String separate : List.of("host", "port", "dbname", "user")) {
      if (section.values().containsKey(separate)) {
        throw values.invalid(
            separate,
            "excluded by "
                + key
                + " (line "
                + section.values().get(key).line()
                + "): put it in the "
                + key
                + " or leave the "
                + key
                + " out");
      }
    }
    IniText.Value value = section.values().get(key);
    if (value.text().isEmpty()) {
      throw values.invalid(key, "is empty; give a value or leave the key out");
    }
    try {
      return ConnectionString.parse(key, value.text());
    } catch (IllegalArgumentException e) {
      throw new SweepFileException(value.line(), section.where() + " " + e.getMessage());
    }
  }

  /**
   * {@code tpcc tpcb} takes pgbench's {@code -h -p -U DBNAME}: a connection string with more (say
   * {@code sslmode}) would reach the TPC-C runs only, so with a tpcb workload it is refused.
   */
  private static void refuseBeyondTpcb(
      List<IniText.Section> sections, Map<String, Target> targets, Iterable<Workload> workloads) {
    boolean tpcb = false;
    for (Workload workload : workloads) {
      tpcb |= workload.kind().equals(Workload.TPCB);
    }
    for (IniText.Section section : sections) {
      Target target = section.kind().equals("target") ? targets.get(section.name()) : null;
      ConnectionString connection = target == null ? null : target.connectionString();
      String beyond = connection == null ? null : connection.beyondTpcb();
      if (tpcb && beyond != null) {
        throw new SweepFileException(
            section.values().get(connection.key()).line(),
            section.where()
                + " "
                + connection.key()
                + " "
                + beyond
                + ": tpcb runs take only host, port, user and dbname; give the rest through PG*"
                + " variables (e.g. PGSSLMODE), which every run reads");
      }
    }
  }

  private static Workload workload(IniText.Section section) {
    String name = name(section);
    keys(section, WORKLOAD_KEYS);
    SectionValues values = new SectionValues(section);
    String kind = values.requiredText("kind");
    if (!kind.equals(Workload.TPCB) && !kind.equals(Workload.TPCC)) {
      throw values.invalid("kind", "must be tpcb or tpcc");
    }
    return new Workload(
        name,
        kind,
        values.options("options", kind),
        values.bool("prepare", false),
        values.options("prepare_options", kind + " prepare"),
        CellLength.of(values, false));
  }

  private static Map<String, List<String>> settings(IniText.Section section) {
    Map<String, List<String>> settings = new LinkedHashMap<>();
    section
        .values()
        .forEach(
            (key, value) -> {
              if (!SETTING.matcher(key).matches()) {
                throw new SweepFileException(
                    value.line(), "[settings] " + key + ": not a PostgreSQL setting name");
              }
              if (SecretText.secretName(key) || key.endsWith("conninfo")) {
                throw new SweepFileException(
                    value.line(),
                    "[settings] "
                        + key
                        + ": its value may hold a password, which the manifest would have to keep"
                        + " to restore it; not swept");
              }
              if (SecretText.holdsPassword(value.text())) {
                throw new SweepFileException(
                    value.line(),
                    "[settings] " + key + ": has a password; no password in a sweep file");
              }
              List<String> values =
                  List.of(value.text().split(",", -1)).stream().map(String::strip).toList();
              if (values.stream().anyMatch(String::isEmpty)) {
                throw new SweepFileException(
                    value.line(),
                    "[settings] "
                        + key
                        + " = "
                        + value.text()
                        + ": give one or more values separated by ','");
              }
              if (values.stream().distinct().count() != values.size()) {
                throw new SweepFileException(
                    value.line(), "[settings] " + key + " = " + value.text() + ": a value twice");
              }
              settings.put(key, values);
            });
    return settings;
  }
}
