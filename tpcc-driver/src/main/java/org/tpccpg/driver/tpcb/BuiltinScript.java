package org.tpccpg.driver.tpcb;

import java.util.List;
import java.util.Locale;
import org.tpccpg.core.tpcb.TpcbTransaction;

/** pgbench's builtin scripts ({@code -b}), with their names, descriptions and commands. */
public enum BuiltinScript {
  TPCB_LIKE(
      "tpcb-like",
      "<builtin: TPC-B (sort of)>",
      TpcbTransaction.TPCB_LIKE,
      List.of(
          ScriptCommand.SET_AID,
          ScriptCommand.SET_BID,
          ScriptCommand.SET_TID,
          ScriptCommand.SET_DELTA,
          ScriptCommand.BEGIN,
          ScriptCommand.UPDATE_ACCOUNT,
          ScriptCommand.SELECT_BALANCE,
          ScriptCommand.UPDATE_TELLER,
          ScriptCommand.UPDATE_BRANCH,
          ScriptCommand.INSERT_HISTORY,
          ScriptCommand.END)),
  SIMPLE_UPDATE(
      "simple-update",
      "<builtin: simple update>",
      TpcbTransaction.SIMPLE_UPDATE,
      List.of(
          ScriptCommand.SET_AID,
          ScriptCommand.SET_BID,
          ScriptCommand.SET_TID,
          ScriptCommand.SET_DELTA,
          ScriptCommand.BEGIN,
          ScriptCommand.UPDATE_ACCOUNT,
          ScriptCommand.SELECT_BALANCE,
          ScriptCommand.INSERT_HISTORY,
          ScriptCommand.END)),
  SELECT_ONLY(
      "select-only",
      "<builtin: select only>",
      TpcbTransaction.SELECT_ONLY,
      List.of(ScriptCommand.SET_AID, ScriptCommand.SELECT_BALANCE));

  private final String name;
  private final String description;
  private final TpcbTransaction transaction;
  private final List<ScriptCommand> commands;

  BuiltinScript(
      String name, String description, TpcbTransaction transaction, List<ScriptCommand> commands) {
    this.name = name;
    this.description = description;
    this.transaction = transaction;
    this.commands = commands;
  }

  /** The name given to {@code -b}. */
  public String scriptName() {
    return name;
  }

  /** What pgbench prints as the transaction type. */
  public String description() {
    return description;
  }

  public TpcbTransaction transaction() {
    return transaction;
  }

  public List<ScriptCommand> commands() {
    return commands;
  }

  /**
   * The script whose name is {@code prefix} or starts with it, as pgbench matches {@code -b}.
   *
   * @throws IllegalArgumentException with pgbench's message when none or several match
   */
  public static BuiltinScript find(String prefix) {
    BuiltinScript found = null;
    int matches = 0;
    for (BuiltinScript script : values()) {
      if (script.name.equals(prefix)) {
        return script;
      }
      if (script.name.startsWith(prefix)) {
        found = script;
        matches++;
      }
    }
    if (matches == 1) {
      return found;
    }
    // pgbench lists the builtins after either error
    if (matches > 1) {
      throw new IllegalArgumentException(
          "ambiguous builtin name: "
              + matches
              + " builtin scripts found for prefix \""
              + prefix
              + "\"\n"
              + listing());
    }
    throw new IllegalArgumentException(
        "no builtin script found for name \"" + prefix + "\"\n" + listing());
  }

  /**
   * What pgbench's {@code -b list} prints (on stderr): a heading, each builtin's name right-aligned
   * to 15 characters with its description, and an empty line.
   */
  public static String listing() {
    StringBuilder listing = new StringBuilder("Available builtin scripts:\n");
    for (BuiltinScript script : values()) {
      listing
          .append(String.format(Locale.ROOT, "  %13s: %s", script.name, script.description))
          .append('\n');
    }
    return listing.append('\n').toString();
  }

  /** What pgbench's {@code --show-script} prints (on stderr): a comment line, then the script. */
  public String listingOfCommands() {
    StringBuilder text = new StringBuilder("-- " + name + ": " + description + "\n");
    commands.forEach(command -> text.append(command.text()).append('\n'));
    return text.append('\n').toString();
  }
}
