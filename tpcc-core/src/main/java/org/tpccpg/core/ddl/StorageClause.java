package org.tpccpg.core.ddl;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A storage clause read from user text: {@code WITH (parameter = value, ...)} and {@code TABLESPACE
 * name}, each at most once, in any order and case. It is re-rendered from the parsed parts, in the
 * order CREATE TABLE and CREATE INDEX require, so nothing of the user's text reaches SQL unread.
 */
record StorageClause(List<String> parameters, String tablespace) {
  static final StorageClause EMPTY = new StorageClause(List.of(), "");

  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,62}");
  private static final Pattern PARAMETER_NAME =
      Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)?");
  private static final Pattern NUMBER = Pattern.compile("-?[0-9]+(\\.[0-9]+)?");

  StorageClause {
    parameters = List.copyOf(parameters);
  }

  /**
   * Parses {@code text}; {@code option} names the setting in error messages.
   *
   * @throws IllegalArgumentException naming the option and the value when the text is not a storage
   *     clause
   */
  static StorageClause parse(String option, String text) {
    List<StorageToken> tokens = StorageToken.split(option, text);
    return new Parser(option, text, tokens).clause();
  }

  /** The clause as SQL, {@code WITH (...)} first; empty when there is nothing to say. */
  String render() {
    StringBuilder sql = new StringBuilder();
    if (!parameters.isEmpty()) {
      sql.append("WITH (").append(String.join(", ", parameters)).append(')');
    }
    if (!tablespace.isEmpty()) {
      sql.append(sql.length() == 0 ? "" : " ").append("TABLESPACE ").append(tablespace);
    }
    return sql.toString();
  }

  static IllegalArgumentException invalid(String option, String text, String reason) {
    return new IllegalArgumentException(
        option
            + "=\""
            + text
            + "\" is not a storage clause: "
            + reason
            + "; expected TABLESPACE name and/or WITH (parameter = value, ...)");
  }

  /** Recursive descent over the tokens of one clause. */
  private static final class Parser {
    private final String option;
    private final String text;
    private final List<StorageToken> tokens;
    private int next;

    Parser(String option, String text, List<StorageToken> tokens) {
      this.option = option;
      this.text = text;
      this.tokens = tokens;
    }

    StorageClause clause() {
      List<String> parameters = null;
      String tablespace = null;
      while (next < tokens.size()) {
        StorageToken keyword = tokens.get(next++);
        String word = keyword.text().toLowerCase(Locale.ROOT);
        if (keyword.isWord() && word.equals("with")) {
          if (parameters != null) {
            throw fail("WITH given twice (position " + keyword.position() + ")");
          }
          parameters = parameterList();
        } else if (keyword.isWord() && word.equals("tablespace")) {
          if (tablespace != null) {
            throw fail("TABLESPACE given twice (position " + keyword.position() + ")");
          }
          tablespace = expectIdentifier("a tablespace name");
        } else if (keyword.text().equals(")")) {
          throw fail("unbalanced parentheses: ')' at position " + keyword.position());
        } else {
          throw unexpected(keyword, "TABLESPACE or WITH");
        }
      }
      return new StorageClause(
          parameters == null ? List.of() : parameters, tablespace == null ? "" : tablespace);
    }

    private List<String> parameterList() {
      StorageToken open = expect("(", "'(' after WITH");
      List<String> parameters = new ArrayList<>();
      while (true) {
        requireMore(open);
        parameters.add(parameter());
        requireMore(open);
        StorageToken separator = take("',' or ')'");
        if (separator.text().equals(")")) {
          return parameters;
        }
        if (!separator.text().equals(",")) {
          throw unexpected(separator, "',' or ')'");
        }
      }
    }

    private void requireMore(StorageToken open) {
      if (next >= tokens.size()) {
        throw fail("unbalanced parentheses: '(' at position " + open.position() + " is not closed");
      }
    }

    private String parameter() {
      StorageToken name = take("a storage parameter name");
      if (name.text().equals(")") && !name.isString()) {
        throw fail("WITH () needs at least one parameter (position " + name.position() + ")");
      }
      if (!name.isWord() || !PARAMETER_NAME.matcher(name.text()).matches()) {
        throw unexpected(name, "a storage parameter name");
      }
      expect("=", "'=' after " + name.text());
      StorageToken value = take("a value for " + name.text());
      if (value.isString()) {
        return name.text() + "='" + value.text() + "'";
      }
      boolean simple =
          IDENTIFIER.matcher(value.text()).matches() || NUMBER.matcher(value.text()).matches();
      if (!value.isWord() || !simple) {
        throw unexpected(value, "a number, a word or a 'quoted' value for " + name.text());
      }
      return name.text() + "=" + value.text();
    }

    private String expectIdentifier(String what) {
      StorageToken name = take(what);
      if (!name.isWord() || !IDENTIFIER.matcher(name.text()).matches()) {
        throw unexpected(name, what);
      }
      return name.text();
    }

    private StorageToken expect(String punctuation, String what) {
      StorageToken token = take(what);
      if (token.isWord() || token.isString() || !token.text().equals(punctuation)) {
        throw unexpected(token, what);
      }
      return token;
    }

    private StorageToken take(String what) {
      if (next >= tokens.size()) {
        throw fail("expected " + what + " but the text ends");
      }
      return tokens.get(next++);
    }

    private IllegalArgumentException unexpected(StorageToken token, String what) {
      return fail(
          "expected " + what + " at position " + token.position() + ", found " + token.quoted());
    }

    private IllegalArgumentException fail(String reason) {
      return invalid(option, text, reason);
    }
  }
}
