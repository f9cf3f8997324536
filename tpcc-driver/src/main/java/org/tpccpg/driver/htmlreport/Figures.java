package org.tpccpg.driver.htmlreport;

import java.util.Locale;

/** How the report writes a figure: about three significant digits, a dot as decimal mark. */
final class Figures {
  private Figures() {}

  static String format(double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return "n/a";
    }
    if (value == Math.rint(value) && Math.abs(value) < 1e15) {
      return Long.toString((long) value); // counts, and figures that happen to be whole
    }
    double magnitude = Math.abs(value);
    String pattern = magnitude >= 100 ? "%.0f" : magnitude >= 10 ? "%.1f" : "%.2f";
    return String.format(Locale.ROOT, pattern, value);
  }

  /**
   * A sweep cell as text: {@code median (min–max)}, the median alone for one repeat, {@code [n of
   * m]} appended when repeats are missing, and {@code missing} without any.
   */
  static String cell(Spread spread) {
    if (spread.missing()) {
      return "missing";
    }
    StringBuilder text = new StringBuilder(format(spread.median()));
    if (spread.count() > 1) {
      text.append(" (").append(format(spread.min())).append('–').append(format(spread.max()));
      text.append(')');
    }
    if (spread.partial()) {
      text.append(" [").append(spread.count()).append(" of ").append(spread.planned());
      text.append(']');
    }
    return text.toString();
  }
}
