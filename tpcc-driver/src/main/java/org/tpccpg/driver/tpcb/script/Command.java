package org.tpccpg.driver.tpcb.script;

/** One command of a script: an SQL command or a meta-command. */
public sealed interface Command permits SqlCommand, MetaCommand {
  /** The command's first line, as pgbench shows it in reports and errors. */
  String firstLine();
}
