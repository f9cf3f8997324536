package org.tpccpg.driver.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.tpccpg.driver.tpcb.PgbenchVersion;

/**
 * {@code tpcb}'s command line as pgbench 17 and later read {@code -d}: the database name, not
 * debugging (with {@code --pgbench-version=17} or later). Before picocli sees the words, {@code -d
 * NAME}, {@code -dNAME} and a cluster ending in {@code d} ({@code -nd NAME}) become {@code
 * --dbname=NAME}, as getopt with {@code "d:"} would take them; the option model stays one for every
 * version. Words that are another option's value ({@code -f -d}, {@code --log-prefix -d}) and those
 * after {@code --} are left alone. Any other command's words are returned as they are.
 */
final class PgbenchArguments {
  /** pgbench's short options that take a value (getopt's {@code "b:c:...U:"}, but d). */
  private static final String SHORT_WITH_VALUE = "bcDfFhIjLMpPRstTU";

  /** Its long options that take a value, which may come as the next word. */
  private static final Set<String> LONG_WITH_VALUE =
      Set.of(
          "--builtin",
          "--client",
          "--define",
          "--file",
          "--fillfactor",
          "--host",
          "--init-steps",
          "--jobs",
          "--latency-limit",
          "--protocol",
          "--port",
          "--progress",
          "--rate",
          "--scale",
          "--time",
          "--transactions",
          "--username",
          "--aggregate-interval",
          "--log-prefix",
          "--sampling-rate",
          "--index-tablespace",
          "--tablespace",
          "--partition-method",
          "--partitions",
          "--random-seed",
          "--max-tries",
          "--show-script",
          "--dbname",
          "--pgbench-version",
          "--results",
          "--server-stats",
          "--metrics-port",
          "--metrics-bind");

  private PgbenchArguments() {}

  /** The words with {@code -d} read as the version asked for reads it (see the class). */
  static String[] normalize(String[] args) {
    if (args.length == 0 || !"tpcb".equals(args[0])) {
      return args;
    }
    PgbenchVersion version = version(args);
    if (version == null || !version.dashDIsDatabase()) {
      return args; // a bad version is refused with its message once the options are read
    }
    List<String> words = new ArrayList<>(List.of(args[0]));
    for (int i = 1; i < args.length; i++) {
      String word = args[i];
      if (word.equals("--")) {
        words.addAll(List.of(args).subList(i, args.length));
        break;
      }
      if (word.startsWith("--")) {
        words.add(word);
        if (!word.contains("=") && LONG_WITH_VALUE.contains(word) && i + 1 < args.length) {
          words.add(args[++i]); // its value, whatever it looks like
        }
      } else if (word.startsWith("-") && word.length() > 1) {
        i = shortCluster(args, i, words);
      } else {
        words.add(word);
      }
    }
    return words.toArray(String[]::new);
  }

  /** One word of short options; returns the index of the last word it used. */
  private static int shortCluster(String[] args, int i, List<String> words) {
    String word = args[i];
    for (int at = 1; at < word.length(); at++) {
      char option = word.charAt(at);
      if (SHORT_WITH_VALUE.indexOf(option) >= 0) {
        words.add(word); // the rest of the word, or the next word, is that option's value
        return at == word.length() - 1 && i + 1 < args.length ? addNext(args, i, words) : i;
      }
      if (option == 'd') {
        if (at > 1) {
          words.add(word.substring(0, at)); // the flags before it
        }
        String rest = word.substring(at + 1);
        if (!rest.isEmpty()) {
          words.add("--dbname=" + rest);
          return i;
        }
        if (i + 1 < args.length) {
          words.add("--dbname=" + args[i + 1]);
          return i + 1;
        }
        words.add("--dbname"); // no value: picocli says it lacks one, as getopt would
        return i;
      }
    }
    words.add(word);
    return i;
  }

  private static int addNext(String[] args, int i, List<String> words) {
    words.add(args[i + 1]);
    return i + 1;
  }

  /** The version the words ask for; the default when they name none, null for a bad one. */
  static PgbenchVersion version(String[] args) {
    String value = null;
    for (int i = 1; i < args.length && !args[i].equals("--"); i++) {
      if (args[i].startsWith("--pgbench-version=")) {
        value = args[i].substring("--pgbench-version=".length());
      } else if (args[i].equals("--pgbench-version") && i + 1 < args.length) {
        value = args[++i];
      }
    }
    try {
      return value == null ? PgbenchVersion.DEFAULT : PgbenchVersion.of(value);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
