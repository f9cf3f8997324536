package org.tpccpg.driver.tpcb.script;

/**
 * pgbench's parseVariable(): where a {@code :name} reference in SQL text ends. A name starts with a
 * letter, {@code _} or a non-ASCII character and goes on with those and digits.
 */
final class VariableReference {
  private VariableReference() {}

  /** The offset just past the name after the colon at {@code colon}, or -1 if no name follows. */
  static int end(String text, int colon) {
    int i = colon + 1;
    if (i >= text.length() || !ScriptChars.isAlpha(text.charAt(i))) {
      return -1;
    }
    while (i < text.length() && ScriptChars.isAlnum(text.charAt(i))) {
      i++;
    }
    return i;
  }

  /** pgbench's valid_variable_name(): a name as {@code :name} can refer to it. */
  static boolean isValidName(String name) {
    return !name.isEmpty() && end(":" + name, 0) == name.length() + 1;
  }
}
