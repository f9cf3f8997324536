package org.tpccpg.driver.connect;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The arguments {@code bin/tpcc} keeps out of the JVM's process title: one that holds a password
 * ({@code --pgsql-password}'s value, a conninfo or URL with one) would show in {@code ps} and
 * {@code /proc/PID/cmdline} to every user of the machine for as long as the command runs. The
 * launcher passes each in an environment variable of its own, {@code TPCC_HIDDEN_N}, readable by
 * the same user and root only, and leaves {@code @tpcc-hidden-N} in its place; {@link #restore}
 * puts it back before the options are parsed. It does not hide anything itself, nor read the
 * arguments' meaning.
 */
public final class HiddenArguments {
  /** The environment variables' common prefix, followed by the argument's number. */
  public static final String VARIABLE_PREFIX = "TPCC_HIDDEN_";

  private static final Pattern PLACEHOLDER = Pattern.compile("@tpcc-hidden-([1-9][0-9]{0,5})");

  private HiddenArguments() {}

  /**
   * The arguments with each placeholder replaced by its variable's value.
   *
   * @throws IllegalArgumentException naming the placeholder whose variable is not set
   */
  public static String[] restore(String[] args, Map<String, String> environment) {
    String[] restored = args.clone();
    for (int i = 0; i < restored.length; i++) {
      Matcher placeholder = PLACEHOLDER.matcher(restored[i]);
      if (placeholder.matches()) {
        String value = environment.get(VARIABLE_PREFIX + placeholder.group(1));
        if (value == null) {
          throw new IllegalArgumentException(
              restored[i]
                  + " stands for an argument bin/tpcc passed in "
                  + VARIABLE_PREFIX
                  + placeholder.group(1)
                  + ", which is not set");
        }
        restored[i] = value;
      }
    }
    return restored;
  }

  /** Leaves the hidden arguments out of a child process's environment: it has no use for them. */
  public static void scrub(Map<String, String> environment) {
    environment.keySet().removeIf(name -> name.startsWith(VARIABLE_PREFIX));
  }
}
