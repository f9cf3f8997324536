package org.tpccpg.driver.tpcb;

import java.util.Objects;

/**
 * A builtin script with its {@code @weight}: the share of transactions that run it.
 *
 * @param script the script
 * @param weight 0 or more (pgbench's default 1)
 */
public record WeightedScript(BuiltinScript script, int weight) {
  public WeightedScript {
    Objects.requireNonNull(script, "script");
    if (weight < 0) {
      throw new IllegalArgumentException("weight must be >= 0 but was " + weight);
    }
  }

  /**
   * Parses a {@code -b name[@weight]} value.
   *
   * @throws IllegalArgumentException with pgbench's message
   */
  public static WeightedScript parse(String text) {
    int at = text.lastIndexOf('@');
    if (at < 0) {
      return new WeightedScript(BuiltinScript.find(text), 1);
    }
    String weightText = text.substring(at + 1);
    long weight;
    try {
      weight = Long.parseLong(weightText);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("invalid weight specification: " + text.substring(at));
    }
    if (weight < 0 || weight > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          "weight specification out of range (0 .. 2147483647): " + weightText);
    }
    return new WeightedScript(BuiltinScript.find(text.substring(0, at)), (int) weight);
  }
}
