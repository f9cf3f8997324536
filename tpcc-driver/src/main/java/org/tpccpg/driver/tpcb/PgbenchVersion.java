package org.tpccpg.driver.tpcb;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Which pgbench's options and closing block {@code tpcb} follows ({@code --pgbench-version}), for a
 * user who moves scripts and output parsers from that pgbench (issue #30). What differs, from
 * pgbench's sources (printResults, getopt) of each release branch:
 *
 * <ul>
 *   <li>16 is 15: no option, meta-command or line of the block changed.
 *   <li>17: {@code -d} is the database name ({@code -d NAME}, {@code --dbname=NAME}); debugging is
 *       {@code --debug} only.
 *   <li>18: each script's block counts failed and skipped transactions in {@code - N transactions
 *       (x% of total)} and gives the processed ones and their tps on a line of their own, the
 *       outcome lines only when N is above 0; {@code -r}'s lines have one space, not two, before
 *       the statement and between the failures and retries columns; the block ends before the
 *       failures when no transaction started, where 15 to 17 end it after the retries when none
 *       succeeded.
 *   <li>19: {@code --continue-on-error}; with {@code --failures-detailed} the block counts the
 *       other failures after the deadlocks, {@code -l} writes {@code other} for them and the
 *       aggregate lines end with their count.
 * </ul>
 *
 * {@code --exit-on-abort} has 17's meaning under every version. 17's {@code \syncpipeline} is a
 * script command from 17 on and an invalid command before it, as in the pgbench that lacks it.
 */
public enum PgbenchVersion {
  V15(15),
  V16(16),
  V17(17),
  V18(18),
  V19(19);

  /**
   * The default: the newest pgbench (issue #30), whose command lines and output parsers a user
   * brings today. The suite compares with the real pgbench 15 packaged here under {@code
   * --pgbench-version=15}.
   */
  public static final PgbenchVersion DEFAULT = V19;

  private final int major;

  PgbenchVersion(int major) {
    this.major = major;
  }

  /**
   * Parses {@code --pgbench-version}'s value.
   *
   * @throws IllegalArgumentException naming the option, the value and the majors there are
   */
  public static PgbenchVersion of(String text) {
    for (PgbenchVersion version : values()) {
      if (Integer.toString(version.major).equals(text)) {
        return version;
      }
    }
    throw new IllegalArgumentException(
        "--pgbench-version must be one of "
            + Arrays.stream(values())
                .map(v -> Integer.toString(v.major))
                .collect(Collectors.joining(", "))
            + " but was \""
            + text
            + "\"");
  }

  public int major() {
    return major;
  }

  /** 17 and later: {@code -d} takes the database name. */
  public boolean dashDIsDatabase() {
    return major >= 17;
  }

  /** 18 and later: a script's block has its own "actually processed" line (see the class). */
  public boolean perScriptProcessedLine() {
    return major >= 18;
  }

  /**
   * 18 and later end the closing block before the failures when no transaction started (every
   * client aborted); 15 to 17 end it after the retries when none succeeded or was skipped.
   */
  public boolean endsBlockBeforeFailuresWhenNothingStarted() {
    return major >= 18;
  }

  /**
   * 19 and later: {@code --continue-on-error}, and with {@code --failures-detailed} the other
   * failures on a line of their own, {@code other} in {@code -l}, a 16th aggregate column.
   */
  public boolean reportsOtherFailures() {
    return major >= 19;
  }

  /** The spaces between {@code -r}'s columns before the statement: two up to 17, one from 18. */
  public String commandColumnGap() {
    return major >= 18 ? " " : "  ";
  }
}
