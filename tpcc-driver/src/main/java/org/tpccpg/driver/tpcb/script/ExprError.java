package org.tpccpg.driver.tpcb.script;

/**
 * An error found while lexing or parsing an expression: pgbench's message, its optional detail in
 * parentheses, and the offset in the script text under which pgbench puts its caret.
 */
final class ExprError extends Exception {
  private static final long serialVersionUID = 1L;

  private final String more;
  private final int offset;

  ExprError(String message, String more, int offset) {
    super(message);
    this.more = more;
    this.offset = offset;
  }

  /** The detail pgbench prints in parentheses, or null. */
  String more() {
    return more;
  }

  /** Offset in the script text of the character under the caret. */
  int offset() {
    return offset;
  }
}
