package org.tpccpg.core.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class CopyTextBufferTest {
  private static String text(CopyTextBuffer buf) {
    return new String(buf.array(), 0, buf.length(), StandardCharsets.UTF_8);
  }

  @Test
  void fieldsAreTabSeparatedAndRowsEndWithNewline() {
    CopyTextBuffer buf = new CopyTextBuffer();
    buf.field(1).field("a").endRow().field(2L).nullField().endRow();
    assertEquals("1\ta\n2\t\\N\n", text(buf));
    assertEquals(2, buf.rows());
  }

  @Test
  void textEscapesBackslashTabNewlineAndCarriageReturn() {
    CopyTextBuffer buf = new CopyTextBuffer();
    buf.field("a\\b\tc\nd\re").endRow();
    assertEquals("a\\\\b\\tc\\nd\\re\n", text(buf));
  }

  @Test
  void nonAsciiTextIsWrittenAsUtf8() {
    CopyTextBuffer buf = new CopyTextBuffer();
    buf.field("x\tK\u00f6ln \u20ac\n").endRow();
    assertEquals("x\\tK\u00f6ln \u20ac\\n\n", text(buf));
  }

  @Test
  void byteFieldsAreEscapedToo() {
    byte[] bytes = "--ab\\c\t--".getBytes(StandardCharsets.US_ASCII);
    CopyTextBuffer buf = new CopyTextBuffer();
    buf.field(bytes, 2, 5).endRow();
    assertEquals("ab\\\\c\\t\n", text(buf));
    assertThrows(IndexOutOfBoundsException.class, () -> buf.field(bytes, 8, 5));
  }

  @Test
  void integersIncludeTheExtremes() {
    CopyTextBuffer buf = new CopyTextBuffer();
    buf.field(0).field(-7).field(Integer.MIN_VALUE).field(Long.MAX_VALUE).field(Long.MIN_VALUE);
    buf.endRow();
    assertEquals("0\t-7\t-2147483648\t9223372036854775807\t-9223372036854775808\n", text(buf));
  }

  @Test
  void centsAlwaysHaveTwoDecimals() {
    CopyTextBuffer buf = new CopyTextBuffer();
    buf.cents(-1000).cents(12345).cents(5).cents(0).cents(-5).cents(30_000_000).endRow();
    assertEquals("-10.00\t123.45\t0.05\t0.00\t-0.05\t300000.00\n", text(buf));
  }

  @Test
  void decimalHonoursItsScale() {
    CopyTextBuffer buf = new CopyTextBuffer();
    buf.decimal(12345, 3).decimal(7, 0).decimal(-1, 4).decimal(Long.MIN_VALUE, 2).endRow();
    assertEquals("12.345\t7\t-0.0001\t-92233720368547758.08\n", text(buf));
    assertThrows(IllegalArgumentException.class, () -> buf.decimal(1, 19));
  }

  @Test
  void growsFromATinyCapacity() {
    CopyTextBuffer buf = new CopyTextBuffer(1);
    StringBuilder expected = new StringBuilder();
    for (int i = 0; i < 1000; i++) {
      buf.field(i).field("row").cents(i).endRow();
      expected.append(i).append("\trow\t").append(i / 100).append('.');
      expected.append(String.format("%02d", i % 100)).append('\n');
    }
    assertEquals(expected.toString(), text(buf));
    assertEquals(1000, buf.rows());
  }

  @Test
  void clearForgetsRowsButKeepsWorking() {
    CopyTextBuffer buf = new CopyTextBuffer();
    buf.field(1).endRow();
    buf.clear();
    assertEquals(0, buf.length());
    assertEquals(0, buf.rows());
    buf.field(2).endRow();
    assertEquals("2\n", text(buf));
  }

  @Test
  void rejectsEmptyRowsNullTextAndBadCapacity() {
    CopyTextBuffer buf = new CopyTextBuffer();
    assertThrows(IllegalStateException.class, buf::endRow);
    assertThrows(NullPointerException.class, () -> buf.field((String) null));
    assertThrows(IllegalArgumentException.class, () -> new CopyTextBuffer(0));
  }
}
