package org.tpccpg.core.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Test helper: splits a {@link CopyTextBuffer} back into rows and fields. */
final class CopyRows {
  private CopyRows() {}

  /** Returns the buffer's rows, checking that each has {@code columns} fields. */
  static List<String[]> of(CopyTextBuffer buf, int columns) {
    String text = new String(buf.array(), 0, buf.length(), StandardCharsets.UTF_8);
    List<String[]> rows = new ArrayList<>();
    if (text.isEmpty()) {
      return rows;
    }
    for (String line : text.split("\n", -1)) {
      if (!line.isEmpty()) {
        String[] fields = line.split("\t", -1);
        assertEquals(columns, fields.length, () -> "fields in row: " + line);
        rows.add(fields);
      }
    }
    assertEquals(buf.rows(), rows.size(), "rows() must match the newline count");
    return rows;
  }

  /** Parses a two-decimal amount into cents, failing on any other format. */
  static long cents(String amount) {
    if (!amount.matches("-?\\d+\\.\\d\\d")) {
      throw new AssertionError("not a two-decimal amount: " + amount);
    }
    return Math.round(Double.parseDouble(amount) * 100);
  }

  /** Asserts that {@code value} is an integer within [lo .. hi] and returns it. */
  static int intIn(String value, int lo, int hi) {
    int v = Integer.parseInt(value);
    if (v < lo || v > hi) {
      throw new AssertionError(value + " is not within " + lo + ".." + hi);
    }
    return v;
  }

  /** Asserts that {@code value} is an alphanumeric string with length in [min .. max]. */
  static void aString(String value, int min, int max) {
    if (!value.matches("[0-9A-Za-z]{" + min + "," + max + "}")) {
      throw new AssertionError("not an a-string of " + min + ".." + max + ": " + value);
    }
  }
}
