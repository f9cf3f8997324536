package org.tpccpg.driver.config;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

/**
 * sysbench's {@code --report-checkpoints=t1,t2,...}: the seconds, from the start of measuring, at
 * which a run prints a full report of what happened since the previous one (or the start) and
 * starts counting again. It parses and names them; it does not schedule or print anything.
 *
 * <p>Read as sysbench 1.0.20 reads them (checked against it): empty entries are skipped, each other
 * entry is a C {@code strtol} of base 10 that must use the whole entry (leading blanks and a sign
 * allowed) and fall in 0..{@value Integer#MAX_VALUE}, at most {@value #MOST} entries, sorted
 * ascending, duplicates kept. A checkpoint at 0, or one already past when the previous report ends,
 * prints nothing.
 *
 * @param seconds the checkpoints, ascending
 */
public record ReportCheckpoints(List<Integer> seconds) {
  /** sysbench's MAX_CHECKPOINTS. */
  public static final int MOST = 256;

  /** No checkpoints: sysbench's default. */
  public static final ReportCheckpoints NONE = new ReportCheckpoints(List.of());

  public ReportCheckpoints {
    seconds = List.copyOf(seconds);
    for (int i = 0; i < seconds.size(); i++) {
      if (seconds.get(i) < 0 || (i > 0 && seconds.get(i) < seconds.get(i - 1))) {
        throw new IllegalArgumentException(
            "seconds must be >= 0 and ascending but were " + seconds);
      }
    }
  }

  /**
   * The checkpoints of an option's value.
   *
   * @throws IllegalArgumentException saying which entry is wrong and why, as the rest of the
   *     sentence after "is invalid: "
   */
  public static ReportCheckpoints parse(String value) {
    List<Integer> seconds = new ArrayList<>();
    for (String entry : value.split(",", -1)) {
      if (entry.isEmpty()) {
        continue;
      }
      seconds.add(entry(entry));
      if (seconds.size() > MOST) {
        throw new IllegalArgumentException("more than " + MOST + " checkpoints (sysbench's limit)");
      }
    }
    Collections.sort(seconds);
    return new ReportCheckpoints(seconds);
  }

  /** Whether there are none. */
  public boolean isEmpty() {
    return seconds.isEmpty();
  }

  /** sysbench's header line, for example {@code Report checkpoint(s) at 10, 20 seconds}. */
  public String header() {
    return "Report checkpoint(s) at "
        + seconds.stream().map(String::valueOf).collect(Collectors.joining(", "))
        + " seconds";
  }

  /** The seconds as the option gives them, ascending and comma-separated; null when none. */
  public String optionValue() {
    return isEmpty()
        ? null
        : seconds.stream().map(String::valueOf).collect(Collectors.joining(","));
  }

  /** One entry as C's {@code strtol(entry, &end, 10)} with {@code *end == '\0'} reads it. */
  private static int entry(String entry) {
    int i = 0;
    while (i < entry.length() && " \t\n\u000b\f\r".indexOf(entry.charAt(i)) >= 0) {
      i++;
    }
    int sign = i;
    if (i < entry.length() && (entry.charAt(i) == '+' || entry.charAt(i) == '-')) {
      i++;
    }
    boolean digits = i < entry.length();
    for (int d = i; d < entry.length(); d++) {
      digits &= Character.isDigit(entry.charAt(d)) && entry.charAt(d) < 128;
    }
    if (!digits) {
      throw new IllegalArgumentException(
          "'" + entry + "' is not a whole number of seconds, 0 to " + Integer.MAX_VALUE);
    }
    long value;
    try {
      value = Long.parseLong(entry.substring(sign));
    } catch (NumberFormatException tooLong) {
      value = Long.MAX_VALUE;
    }
    if (value < 0 || value > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          "'" + entry + "' is not a whole number of seconds, 0 to " + Integer.MAX_VALUE);
    }
    return (int) value;
  }
}
