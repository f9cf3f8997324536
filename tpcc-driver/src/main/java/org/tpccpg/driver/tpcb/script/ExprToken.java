package org.tpccpg.driver.tpcb.script;

/**
 * One token of an expression, with its place in the script text.
 *
 * @param kind what it is
 * @param text its text (a variable's name without the colon)
 * @param value the constant's value for INTEGER, DOUBLE and BOOLEAN
 * @param end offset in the script just past the token, which places pgbench's caret
 */
record ExprToken(Kind kind, String text, Value value, int end) {
  /** Token kinds of pgbench's exprscan.l. */
  enum Kind {
    PLUS,
    MINUS,
    STAR,
    SLASH,
    PERCENT,
    EQ,
    NE,
    LE,
    GE,
    LSHIFT,
    RSHIFT,
    LT,
    GT,
    BITOR,
    BITAND,
    HASH,
    TILDE,
    LPAREN,
    RPAREN,
    COMMA,
    AND,
    OR,
    NOT,
    IS,
    ISNULL,
    NOTNULL,
    CASE,
    WHEN,
    THEN,
    ELSE,
    END,
    NULL,
    BOOLEAN,
    INTEGER,
    MAXINT_PLUS_ONE,
    DOUBLE,
    VARIABLE,
    FUNCTION,
    /** The end of the command: a newline or the end of the script. */
    EOL
  }
}
