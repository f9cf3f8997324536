package org.tpccpg.core.load;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * Rows in PostgreSQL's COPY text format (tab-separated fields, one row per line, {@code \N} for
 * NULL, backslash escapes), collected as UTF-8 in a growable byte array that a loader streams to
 * {@code COPY ... FROM STDIN}. It holds the rows of the initial population (TPC-C 4.3.3.1).
 *
 * <p>Numbers and ASCII text are written without boxing, formatting or temporary strings. Not
 * thread-safe; a loading thread reuses one buffer per table and calls {@link #clear} after each
 * send.
 */
public final class CopyTextBuffer {
  private static final int DEFAULT_CAPACITY = 1 << 16;
  private static final int MAX_CAPACITY = Integer.MAX_VALUE - 8;
  private static final long[] POWERS_OF_TEN = powersOfTen();
  private static final byte[] NULL_FIELD = {'\\', 'N'};

  private byte[] bytes;
  private int length;
  private int rows;
  private boolean rowStarted;

  /** Creates an empty buffer with a capacity of 64 KiB. */
  public CopyTextBuffer() {
    this(DEFAULT_CAPACITY);
  }

  /** Creates an empty buffer with the given initial capacity in bytes (at least 1). */
  public CopyTextBuffer(int initialCapacity) {
    if (initialCapacity < 1) {
      throw new IllegalArgumentException("initialCapacity must be >= 1 but was " + initialCapacity);
    }
    this.bytes = new byte[initialCapacity];
  }

  /** Appends an integer field, for example {@code -42}. */
  public CopyTextBuffer field(int value) {
    return field((long) value);
  }

  /** Appends an integer field, for example {@code 9223372036854775807}. */
  public CopyTextBuffer field(long value) {
    separate();
    putLong(value);
    return this;
  }

  /**
   * Appends a text field, escaping backslash, tab, newline and carriage return.
   *
   * @throws NullPointerException if {@code value} is null; use {@link #nullField} for NULL
   */
  public CopyTextBuffer field(String value) {
    Objects.requireNonNull(value, "value");
    separate();
    int n = value.length();
    ensure(n);
    for (int i = 0; i < n; i++) {
      char c = value.charAt(i);
      if (c >= 0x80) {
        // Rare: re-encode the rest as UTF-8; its multi-byte sequences contain no ASCII bytes.
        byte[] utf8 = value.substring(i).getBytes(StandardCharsets.UTF_8);
        putEscaped(utf8, 0, utf8.length);
        return this;
      }
      putEscaped((byte) c);
    }
    return this;
  }

  /**
   * Appends a text field from UTF-8 (or ASCII) bytes, escaping backslash, tab, newline and carriage
   * return. This is the allocation-free path for generated strings.
   */
  public CopyTextBuffer field(byte[] utf8, int offset, int count) {
    Objects.checkFromIndexSize(offset, count, utf8.length);
    separate();
    putEscaped(utf8, offset, count);
    return this;
  }

  /** Appends an amount in cents with two decimals, for example {@code -10.00} or {@code 0.05}. */
  public CopyTextBuffer cents(long cents) {
    return decimal(cents, 2);
  }

  /**
   * Appends {@code unscaled / 10^scale} with exactly {@code scale} decimals, for example {@code
   * decimal(12345, 3)} writes {@code 12.345}.
   *
   * @throws IllegalArgumentException if {@code scale} is not in 0..18
   */
  public CopyTextBuffer decimal(long unscaled, int scale) {
    if (scale < 0 || scale > 18) {
      throw new IllegalArgumentException("scale must be in 0..18 but was " + scale);
    }
    separate();
    long power = POWERS_OF_TEN[scale];
    long whole = unscaled / power;
    long fraction = Math.abs(unscaled % power);
    if (unscaled < 0 && whole == 0) {
      put((byte) '-');
    }
    putLong(whole);
    if (scale > 0) {
      put((byte) '.');
      putPadded(fraction, scale);
    }
    return this;
  }

  /** Appends a NULL field ({@code \N}). */
  public CopyTextBuffer nullField() {
    separate();
    ensure(NULL_FIELD.length);
    System.arraycopy(NULL_FIELD, 0, bytes, length, NULL_FIELD.length);
    length += NULL_FIELD.length;
    return this;
  }

  /**
   * Ends the current row.
   *
   * @throws IllegalStateException if the row has no field
   */
  public CopyTextBuffer endRow() {
    if (!rowStarted) {
      throw new IllegalStateException("endRow() called on a row without fields");
    }
    put((byte) '\n');
    rows++;
    rowStarted = false;
    return this;
  }

  /** Returns the backing array; only its first {@link #length()} bytes are data. Not a copy. */
  public byte[] array() {
    return bytes;
  }

  /** Returns the number of bytes written. */
  public int length() {
    return length;
  }

  /** Returns the number of rows ended with {@link #endRow}. */
  public int rows() {
    return rows;
  }

  /** Forgets all rows, keeping the capacity. */
  public void clear() {
    length = 0;
    rows = 0;
    rowStarted = false;
  }

  private void separate() {
    if (rowStarted) {
      put((byte) '\t');
    } else {
      rowStarted = true;
    }
  }

  private void putLong(long value) {
    // Work on the negative value so that Long.MIN_VALUE needs no special case.
    long negative = value;
    if (value < 0) {
      put((byte) '-');
    } else {
      negative = -value;
    }
    int digits = 1;
    for (long t = negative / 10; t != 0; t /= 10) {
      digits++;
    }
    ensure(digits);
    for (int i = length + digits - 1; i >= length; i--) {
      bytes[i] = (byte) ('0' - (negative % 10));
      negative /= 10;
    }
    length += digits;
  }

  private void putPadded(long nonNegative, int digits) {
    ensure(digits);
    long rest = nonNegative;
    for (int i = length + digits - 1; i >= length; i--) {
      bytes[i] = (byte) ('0' + (rest % 10));
      rest /= 10;
    }
    length += digits;
  }

  private void putEscaped(byte[] src, int offset, int count) {
    ensure(count);
    for (int i = offset; i < offset + count; i++) {
      putEscaped(src[i]);
    }
  }

  private void putEscaped(byte b) {
    switch (b) {
      case '\\' -> putPair('\\');
      case '\t' -> putPair('t');
      case '\n' -> putPair('n');
      case '\r' -> putPair('r');
      default -> put(b);
    }
  }

  private void putPair(char escaped) {
    put((byte) '\\');
    put((byte) escaped);
  }

  private void put(byte b) {
    if (length == bytes.length) {
      ensure(1);
    }
    bytes[length++] = b;
  }

  private void ensure(int extra) {
    if (extra > MAX_CAPACITY - length) {
      throw new IllegalStateException("CopyTextBuffer cannot grow beyond " + MAX_CAPACITY);
    }
    int needed = length + extra;
    if (needed > bytes.length) {
      int grown = (int) Math.min(MAX_CAPACITY, Math.max(needed, 2L * bytes.length));
      bytes = Arrays.copyOf(bytes, grown);
    }
  }

  private static long[] powersOfTen() {
    long[] powers = new long[19];
    powers[0] = 1;
    for (int i = 1; i < powers.length; i++) {
      powers[i] = powers[i - 1] * 10;
    }
    return powers;
  }
}
