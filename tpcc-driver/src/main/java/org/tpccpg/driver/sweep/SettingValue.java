package org.tpccpg.driver.sweep;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A dry parse of a setting's value as the server parses it, from what {@code pg_settings} says the
 * setting takes ({@link SettingSpec}): a boolean's spellings, a number with an optional memory or
 * time unit converted to the setting's base unit and checked against its minimum and maximum, an
 * enum's documented values. It changes nothing on the server: the sweep checks every combination
 * before the first cell with it, and compares the value in force ({@code pg_settings.setting}) with
 * it after applying. Stricter than the server in two places, which the refusal says: an integer in
 * hexadecimal or octal, and an enum's hidden spellings (e.g. {@code synchronous_commit = true}). A
 * string setting takes any value.
 */
final class SettingValue {
  private static final Pattern NUMBER =
      Pattern.compile("([-+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?)\\s*([a-zA-Z]*)");
  private static final Pattern BASE_UNIT = Pattern.compile("(\\d*)\\s*([a-zA-Z]+)");
  private static final Map<String, Double> MEMORY =
      Map.of(
          "B",
          1.0,
          "kB",
          1024.0,
          "MB",
          1024.0 * 1024,
          "GB",
          Math.pow(1024, 3),
          "TB",
          Math.pow(1024, 4));
  private static final Map<String, Double> TIME =
      Map.of(
          "us",
          0.001,
          "ms",
          1.0,
          "s",
          1000.0,
          "min",
          60_000.0,
          "h",
          3_600_000.0,
          "d",
          86_400_000.0);

  private SettingValue() {}

  /**
   * Why the server would refuse {@code value}, or null when it takes it.
   *
   * @return a phrase to follow "{@code name = value}: ", naming what is expected
   */
  static String problem(SettingSpec spec, String value) {
    try {
      normalised(spec, value);
      return null;
    } catch (IllegalArgumentException e) {
      return e.getMessage();
    }
  }

  /**
   * Whether the value in force ({@code pg_settings.setting}, in the base unit) is {@code value}.
   * Integers compare within one base unit, as servers before 12 truncated where later ones round.
   */
  static boolean inForce(SettingSpec spec, String value, String setting) {
    if (setting == null) {
      return false;
    }
    String wanted = normalised(spec, value);
    return switch (spec.vartype()) {
      case "integer", "real" -> {
        double a = Double.parseDouble(wanted);
        double b = Double.parseDouble(setting);
        double slack = spec.vartype().equals("integer") ? 1.0 : Math.abs(a) * 1e-6;
        yield Math.abs(a - b) <= slack;
      }
      case "bool", "enum" -> wanted.equalsIgnoreCase(setting);
      default -> wanted.equals(setting);
    };
  }

  /**
   * The value as {@code pg_settings.setting} shows it: a number in the base unit, {@code on} or
   * {@code off}, an enum's value in lower case, a string as given.
   *
   * @throws IllegalArgumentException with what is expected
   */
  static String normalised(SettingSpec spec, String value) {
    return switch (spec.vartype()) {
      case "bool" -> bool(value);
      case "integer", "real" -> number(spec, value);
      case "enum" -> enumValue(spec, value);
      default -> value;
    };
  }

  private static String bool(String value) {
    String v = value.strip().toLowerCase(Locale.ROOT);
    if (v.equals("1") || v.equals("on") || prefix(v, "true") || prefix(v, "yes")) {
      return "on";
    }
    if (v.equals("0")
        || v.equals("of")
        || v.equals("off")
        || prefix(v, "false")
        || prefix(v, "no")) {
      return "off";
    }
    throw new IllegalArgumentException(
        "not a boolean; expected on, off, true, false, yes, no, 1, 0");
  }

  private static boolean prefix(String v, String word) {
    return !v.isEmpty() && word.startsWith(v);
  }

  private static String enumValue(SettingSpec spec, String value) {
    for (String option : spec.enumvals()) {
      if (option.equalsIgnoreCase(value.strip())) {
        return option;
      }
    }
    throw new IllegalArgumentException("not one of " + spec.enumvals());
  }

  private static String number(SettingSpec spec, String value) {
    Matcher m = NUMBER.matcher(value.strip());
    if (!m.matches()) {
      throw new IllegalArgumentException(expected(spec));
    }
    double number = Double.parseDouble(m.group(1));
    String unit = m.group(2);
    if (!unit.isEmpty()) {
      number = convert(spec, number, unit);
    }
    if (spec.vartype().equals("integer")) {
      if (unit.isEmpty() && number != Math.rint(number)) {
        throw new IllegalArgumentException(expected(spec));
      }
      number = Math.rint(number);
    }
    if ((spec.min() != null && number < spec.min())
        || (spec.max() != null && number > spec.max())) {
      throw new IllegalArgumentException(
          "out of range: from "
              + plain(spec.min())
              + " to "
              + plain(spec.max())
              + (spec.unit() == null ? "" : " (unit " + spec.unit() + ")"));
    }
    return plain(number);
  }

  /** {@code number} of {@code unit} in the setting's base unit. */
  private static double convert(SettingSpec spec, double number, String unit) {
    Matcher base = spec.unit() == null ? null : BASE_UNIT.matcher(spec.unit());
    if (base == null || !base.matches()) {
      throw new IllegalArgumentException(expected(spec));
    }
    double count = base.group(1).isEmpty() ? 1 : Double.parseDouble(base.group(1));
    Map<String, Double> units = MEMORY.containsKey(base.group(2)) ? MEMORY : TIME;
    Double from = units.get(unit);
    Double to = units.get(base.group(2));
    if (from == null || to == null) {
      throw new IllegalArgumentException(expected(spec));
    }
    return number * from / (to * count);
  }

  private static String expected(SettingSpec spec) {
    String kind = spec.vartype().equals("integer") ? "a whole number" : "a number";
    if (spec.unit() == null) {
      return "not " + kind + " (this setting takes no unit)";
    }
    boolean memory = MEMORY.keySet().stream().anyMatch(spec.unit()::endsWith);
    return "not "
        + kind
        + (memory
            ? " with a memory unit (B, kB, MB, GB, TB)"
            : " with a time unit (us, ms, s, min, h, d)")
        + "; without one it is in "
        + spec.unit()
        + " (hexadecimal and octal are not checked here: give it in decimal)";
  }

  private static String plain(Double number) {
    if (number == null) {
      return "-";
    }
    return number == Math.rint(number) && Math.abs(number) < 1e15
        ? Long.toString(number.longValue())
        : Double.toString(number);
  }
}
