package org.tpccpg.driver.tpcb;

import java.util.ArrayList;
import java.util.List;

/** One step of {@code pgbench -i}, selected by its letter in {@code -I}. */
public enum InitStep {
  DROP('d', "dropping old tables...", "drop tables"),
  CREATE_TABLES('t', "creating tables...", "create tables"),
  CLIENT_SIDE_GENERATE('g', "generating data (client-side)...", "client-side generate"),
  SERVER_SIDE_GENERATE('G', "generating data (server-side)...", "server-side generate"),
  VACUUM('v', "vacuuming...", "vacuum"),
  PRIMARY_KEYS('p', "creating primary keys...", "primary keys"),
  FOREIGN_KEYS('f', "creating foreign keys...", "foreign keys");

  /** pgbench's default {@code -I}. */
  public static final String DEFAULT_STEPS = "dtgvp";

  private final char letter;
  private final String announcement;
  private final String label;

  InitStep(char letter, String announcement, String label) {
    this.letter = letter;
    this.announcement = announcement;
    this.label = label;
  }

  /** The line pgbench prints when the step starts. */
  public String announcement() {
    return announcement;
  }

  /** The step's name in pgbench's closing {@code done in ...} line. */
  public String label() {
    return label;
  }

  /**
   * The steps of an {@code -I} value, in the given order; spaces are ignored as pgbench ignores
   * them.
   *
   * @throws IllegalArgumentException with pgbench's message for an unknown letter
   */
  public static List<InitStep> parse(String steps) {
    List<InitStep> result = new ArrayList<>();
    for (char c : steps.toCharArray()) {
      if (c == ' ') {
        continue;
      }
      result.add(of(c));
    }
    return List.copyOf(result);
  }

  private static InitStep of(char letter) {
    for (InitStep step : values()) {
      if (step.letter == letter) {
        return step;
      }
    }
    throw new IllegalArgumentException(
        "unrecognized initialization step \""
            + letter
            + "\"\ndetail: Allowed step characters are: \"dtgGvpf\".");
  }
}
