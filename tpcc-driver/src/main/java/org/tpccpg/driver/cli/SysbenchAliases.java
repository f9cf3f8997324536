package org.tpccpg.driver.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * sysbench 1.0.20's deprecated option names as sysbench reads them ({@code init()} in sysbench.c):
 * {@code --num-threads}, {@code --max-requests}, {@code --max-time} and {@code --tx-rate} count
 * only when their value is above the old default (1 thread, else 0), and then win over the new name
 * wherever it stands on the line, with sysbench's warning. Applied to the sysbench commands'
 * arguments after {@link SysbenchArguments#normalize}: it adds the new name with the value at the
 * end of the options, where the last of a repeated option counts. It does not remove the old name,
 * which {@link SysbenchOnlyOptions} parses, refusing a value that is not a whole number. With the
 * warnings comes sysbench's one for a run with neither a time nor an event limit, in its place.
 */
final class SysbenchAliases {
  /** The commands that take sysbench's options. */
  static final Set<String> COMMANDS =
      Set.of("prepare", "run", "cleanup", "check", "install-procedures");

  private record Alias(String name, String replacement, long above) {}

  /** In the order sysbench warns of them. */
  private static final List<Alias> ALIASES =
      List.of(
          new Alias("--num-threads", "--threads", 1),
          new Alias("--max-requests", "--events", 0),
          new Alias("--max-time", "--time", 0),
          new Alias("--tx-rate", "--rate", 0));

  /**
   * The arguments with the aliases applied, and sysbench's warnings, which come before anything
   * else the command prints.
   */
  record Rewritten(String[] args, List<String> warnings) {}

  private SysbenchAliases() {}

  /**
   * A sysbench command line as every sysbench command reads it: {@link
   * SysbenchArguments#normalize}, then {@link SysbenchConfigFile#expand}, then the aliases.
   */
  static Rewritten commandLine(String... args) {
    return apply(SysbenchConfigFile.expand(SysbenchArguments.normalize(args)));
  }

  static Rewritten apply(String... args) {
    if (args.length == 0 || !COMMANDS.contains(args[0])) {
      return new Rewritten(args.clone(), List.of());
    }
    List<String> result = new ArrayList<>(Arrays.asList(args));
    int end = result.indexOf("--");
    int insertAt = end < 0 ? result.size() : end;
    List<String> warnings = new ArrayList<>();
    for (Alias alias : ALIASES) {
      Long value = wholeNumber(lastValue(result.subList(0, insertAt), alias.name()));
      if (value != null && value > alias.above()) {
        warnings.add(
            "WARNING: " + alias.name() + " is deprecated, use " + alias.replacement() + " instead");
        result.add(insertAt++, alias.replacement() + "=" + value);
      }
      if (alias.replacement().equals("--time") && endless(result.subList(0, insertAt))) {
        warnings.add("WARNING: Both event and time limits are disabled, running an endless test");
      }
    }
    return new Rewritten(result.toArray(String[]::new), List.copyOf(warnings));
  }

  /** Whether the last --time and --events are both 0 (their defaults are 10 s and none). */
  private static boolean endless(List<String> args) {
    String time = lastValue(args, "--time");
    String events = lastValue(args, "--events");
    return Long.valueOf(0).equals(wholeNumber(time))
        && (events == null || Long.valueOf(0).equals(wholeNumber(events)));
  }

  /** The value of the option's last occurrence, {@code --name=value} or {@code --name value}. */
  private static String lastValue(List<String> args, String name) {
    String value = null;
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      if (arg.startsWith(name + "=")) {
        value = arg.substring(name.length() + 1);
      } else if (arg.equals(name) && i + 1 < args.size()) {
        value = args.get(++i);
      }
    }
    return value;
  }

  private static Long wholeNumber(String value) {
    if (value == null) {
      return null;
    }
    try {
      return Long.parseLong(value.strip());
    } catch (NumberFormatException e) {
      return null; // left to the option's own parsing, which names it
    }
  }
}
