package org.tpccpg.driver.tpcb;

/**
 * A {@code -b} or {@code -f} value split as pgbench's parseScriptWeight() splits it: the name
 * before the last {@code @}, and the weight after it (1 without {@code @}).
 *
 * @param name the builtin's name or the file name
 * @param weight 0 to {@link Integer#MAX_VALUE}
 */
public record ScriptWeight(String name, int weight) {
  /**
   * Splits {@code text}.
   *
   * @throws IllegalArgumentException with pgbench's message for a weight that is not an integer or
   *     out of range
   */
  public static ScriptWeight split(String text) {
    int at = text.lastIndexOf('@');
    if (at < 0) {
      return new ScriptWeight(text, 1);
    }
    String weightText = text.substring(at + 1);
    long weight;
    try {
      // strtol's number: blanks, an optional sign and decimal digits, nothing after them
      String number = weightText.replaceFirst("^[ \t\n\u000b\f\r]+", "");
      if (!number.matches("[+-]?[0-9]+")) {
        throw new NumberFormatException(weightText);
      }
      weight = Long.parseLong(number.startsWith("+") ? number.substring(1) : number);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("invalid weight specification: " + text.substring(at));
    }
    if (weight < 0 || weight > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          "weight specification out of range (0 .. 2147483647): " + weight);
    }
    return new ScriptWeight(text.substring(0, at), (int) weight);
  }
}
