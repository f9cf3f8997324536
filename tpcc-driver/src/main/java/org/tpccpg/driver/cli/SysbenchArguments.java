package org.tpccpg.driver.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * Rewrites a sysbench-style command line into the form picocli parses, so that pasted sysbench-tpcc
 * invocations work unchanged.
 *
 * <ul>
 *   <li>sysbench puts the command last ({@code --threads=4 prepare}); it is moved to the front.
 *   <li>sysbench treats {@code _} and {@code -} in option names alike ({@code --use_fk} is {@code
 *       --use-fk}); names are rewritten to dashes. Values are left alone.
 * </ul>
 *
 * The {@code tpcb} command is pgbench's world, not sysbench's, and is passed through untouched; so
 * is {@code compare}, whose arguments are paths (a directory named {@code run} is not a command),
 * and {@code soak-plan}, which normalizes the options it is given itself.
 */
final class SysbenchArguments {
  static final Set<String> COMMANDS =
      Set.of("prepare", "run", "cleanup", "check", "quickstart", "install-procedures", "help");
  private static final Set<String> PASS_THROUGH_COMMANDS = Set.of("tpcb", "compare", "soak-plan");

  private SysbenchArguments() {}

  static String[] normalize(String... args) {
    if (args.length == 0 || PASS_THROUGH_COMMANDS.contains(args[0])) {
      return args.clone();
    }
    List<String> result = new ArrayList<>(Arrays.asList(args));
    int command = commandIndex(result);
    if (command > 0) {
      result.add(0, result.remove(command));
    }
    if (PASS_THROUGH_COMMANDS.contains(result.get(0))) {
      return result.toArray(String[]::new);
    }
    for (int i = 0; i < result.size(); i++) {
      String arg = result.get(i);
      if ("--".equals(arg)) {
        break; // everything after is positional
      }
      result.set(i, dashedOptionName(arg));
    }
    return result.toArray(String[]::new);
  }

  /** The command word: the first argument if it is one, else the last bare command word. */
  private static int commandIndex(List<String> args) {
    if (isCommand(args.get(0))) {
      return 0;
    }
    for (int i = args.size() - 1; i > 0; i--) {
      if (isCommand(args.get(i))) {
        return i;
      }
    }
    return -1;
  }

  private static boolean isCommand(String arg) {
    return COMMANDS.contains(arg) || PASS_THROUGH_COMMANDS.contains(arg);
  }

  private static String dashedOptionName(String arg) {
    if (!arg.startsWith("--") || arg.length() == 2) {
      return arg;
    }
    int equals = arg.indexOf('=');
    String name = equals < 0 ? arg : arg.substring(0, equals);
    String rest = equals < 0 ? "" : arg.substring(equals);
    return "--" + name.substring(2).replace('_', '-') + rest;
  }
}
