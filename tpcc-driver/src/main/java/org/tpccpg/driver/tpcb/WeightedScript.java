package org.tpccpg.driver.tpcb;

import java.util.List;
import java.util.Objects;
import org.tpccpg.driver.tpcb.script.Command;
import org.tpccpg.driver.tpcb.script.Script;

/**
 * A script with its {@code @weight}: the share of transactions that run it. Either a builtin
 * ({@code -b}, {@code -N}, {@code -S}) or a custom script read from a file ({@code -f}).
 *
 * @param script the builtin, or null for a custom script
 * @param custom the custom script, or null for a builtin
 * @param weight 0 or more (pgbench's default 1)
 */
public record WeightedScript(BuiltinScript script, Script custom, int weight) {
  public WeightedScript {
    if ((script == null) == (custom == null)) {
      throw new IllegalArgumentException("exactly one of script and custom must be given");
    }
    if (weight < 0) {
      throw new IllegalArgumentException("weight must be >= 0 but was " + weight);
    }
  }

  /** A builtin with its weight. */
  public WeightedScript(BuiltinScript script, int weight) {
    this(Objects.requireNonNull(script, "script"), null, weight);
  }

  /** A custom script with its weight. */
  public static WeightedScript custom(Script custom, int weight) {
    return new WeightedScript(null, Objects.requireNonNull(custom, "custom"), weight);
  }

  /** Whether this is a builtin script. */
  public boolean builtin() {
    return script != null;
  }

  /** What pgbench prints as the transaction type: the builtin's description or the file name. */
  public String description() {
    return builtin() ? script.description() : custom.name();
  }

  /** The commands as pgbench lists them under {@code -r}, in order. */
  public List<String> commandLines() {
    return builtin()
        ? script.commands().stream().map(ScriptCommand::text).toList()
        : custom.commands().stream().map(Command::firstLine).toList();
  }

  /**
   * Parses a {@code -b name[@weight]} value.
   *
   * @throws IllegalArgumentException with pgbench's message
   */
  public static WeightedScript parse(String text) {
    ScriptWeight split = ScriptWeight.split(text);
    return new WeightedScript(BuiltinScript.find(split.name()), split.weight());
  }
}
