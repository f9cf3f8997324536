package org.tpccpg.driver.tpcb.script;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A client's script variables, as pgbench keeps them: each holds a text (from -D, {@code \gset},
 * {@code \setshell}) or a value (from {@code \set}), and each form is derived from the other when
 * first needed. Not thread-safe: each client owns its variables.
 */
public final class Variables {
  private final Map<String, Entry> entries = new HashMap<>();

  /** A variable: its text, its value, or both once derived; null marks "not known yet". */
  private static final class Entry {
    private String text;
    private Value value;
  }

  /** An independent copy, as pgbench copies -D values to each client. */
  public Variables copy() {
    Variables copy = new Variables();
    entries.forEach(
        (name, entry) -> {
          Entry e = new Entry();
          e.text = entry.text;
          e.value = entry.value;
          copy.entries.put(name, e);
        });
    return copy;
  }

  /**
   * pgbench's {@code -D name=value}: sets {@code name} to the text after the first {@code =}.
   *
   * @throws IllegalArgumentException with pgbench's message when there is no name or no value, or
   *     the name is not valid
   */
  public void define(String definition) {
    int equals = definition.indexOf('=');
    if (equals <= 0 || equals == definition.length() - 1) {
      throw new IllegalArgumentException("invalid variable definition: \"" + definition + "\"");
    }
    try {
      put("option", definition.substring(0, equals), definition.substring(equals + 1));
    } catch (EvaluationException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  public boolean contains(String name) {
    return entries.containsKey(name);
  }

  /**
   * pgbench's putVariable(): sets a variable to a text.
   *
   * @param context who sets it, the prefix of pgbench's error (for example {@code "gset"})
   * @throws EvaluationException if a new variable's name is not a valid name
   */
  public void put(String context, String name, String text) throws EvaluationException {
    Entry entry = entry(context, name);
    entry.text = text;
    entry.value = null;
  }

  /** pgbench's putVariableValue(): sets a variable to a value. */
  public void put(String context, String name, Value value) throws EvaluationException {
    Entry entry = entry(context, name);
    entry.text = null;
    entry.value = value;
  }

  private Entry entry(String context, String name) throws EvaluationException {
    Entry entry = entries.get(name);
    if (entry == null) {
      if (!VariableReference.isValidName(name)) {
        throw new EvaluationException(context + ": invalid variable name: \"" + name + "\"");
      }
      entry = new Entry();
      entries.put(name, entry);
    }
    return entry;
  }

  /** pgbench's getVariable(): the text substituted for {@code :name}, if the variable exists. */
  public Optional<String> text(String name) {
    Entry entry = entries.get(name);
    if (entry == null) {
      return Optional.empty();
    }
    if (entry.text == null) {
      entry.text = entry.value.text();
    }
    return Optional.of(entry.text);
  }

  /**
   * The value of {@code :name} in an expression; a text is read as pgbench's makeVariableValue()
   * reads it: NULL, a boolean (true/yes/on and false/no/off, prefixes of them too), a bigint, or a
   * double.
   *
   * @throws EvaluationException with pgbench's message (an empty one where pgbench prints none)
   */
  public Value value(String name) throws EvaluationException {
    Entry entry = entries.get(name);
    if (entry == null) {
      throw new EvaluationException("undefined variable \"" + name + "\"");
    }
    if (entry.value == null) {
      entry.value = parse(name, entry.text);
    }
    return entry.value;
  }

  private static Value parse(String name, String text) throws EvaluationException {
    if (text.isEmpty()) {
      throw new EvaluationException("");
    }
    if (text.equalsIgnoreCase("null")) {
      return Value.NULL;
    }
    if (isPrefixOf(text, "true") || isPrefixOf(text, "yes") || text.equalsIgnoreCase("on")) {
      return Value.of(true);
    }
    if (isPrefixOf(text, "false")
        || isPrefixOf(text, "no")
        || text.equalsIgnoreCase("off")
        || text.equalsIgnoreCase("of")) {
      return Value.of(false);
    }
    if (CNumbers.isAnInt(text)) {
      CNumbers.ParsedInt parsed = CNumbers.parseInt64(text);
      if (parsed.value() != null) {
        return Value.of(parsed.value());
      }
      throw new EvaluationException(
          parsed.outOfRange()
              ? "value \"" + text + "\" is out of range for type bigint"
              : "invalid input syntax for type bigint: \"" + text + "\"");
    }
    Double parsed = CNumbers.strtod(text);
    if (parsed == null) {
      throw new EvaluationException("malformed variable \"" + name + "\" value: \"" + text + "\"");
    }
    return Value.of(parsed);
  }

  /** pg_strncasecmp(text, word, strlen(text)) == 0 */
  private static boolean isPrefixOf(String text, String word) {
    return text.length() <= word.length() && word.regionMatches(true, 0, text, 0, text.length());
  }
}
