package org.tpccpg.core.load;

import static org.tpccpg.core.spec.TpccConstants.ZIP_SUFFIX;

import java.nio.charset.StandardCharsets;
import org.tpccpg.core.random.TpccRandom;

/**
 * Writes random text fields straight from {@link TpccRandom} into a {@link CopyTextBuffer} through
 * one reused scratch array, so that generating a row allocates nothing.
 */
final class RandomFields {
  private static final int MAX_FIELD_LENGTH = 500;
  private static final byte[] ZIP_SUFFIX_BYTES = ZIP_SUFFIX.getBytes(StandardCharsets.US_ASCII);
  private static final int ZIP_DIGITS = 4;

  private final TpccRandom random;
  private final byte[] scratch = new byte[MAX_FIELD_LENGTH];

  RandomFields(TpccRandom random) {
    this.random = random;
  }

  /** An a-string of length in [min .. max] (TPC-C 4.3.2.2). */
  void aString(CopyTextBuffer buf, int min, int max) {
    buf.field(scratch, 0, random.aString(scratch, 0, min, max));
  }

  /** An n-string of length in [min .. max] (TPC-C 4.3.2.2). */
  void nString(CopyTextBuffer buf, int min, int max) {
    buf.field(scratch, 0, random.nString(scratch, 0, min, max));
  }

  /** An a-string that holds "ORIGINAL" in 10% of cases (TPC-C 4.3.3.1). */
  void dataWithOriginal(CopyTextBuffer buf, int min, int max) {
    buf.field(scratch, 0, random.dataWithOriginal(scratch, 0, min, max));
  }

  /** A zip code: 4 random digits and "11111" (TPC-C 4.3.2.7). */
  void zip(CopyTextBuffer buf) {
    random.nString(scratch, 0, ZIP_DIGITS, ZIP_DIGITS);
    System.arraycopy(ZIP_SUFFIX_BYTES, 0, scratch, ZIP_DIGITS, ZIP_SUFFIX_BYTES.length);
    buf.field(scratch, 0, ZIP_DIGITS + ZIP_SUFFIX_BYTES.length);
  }

  /**
   * The five address fields STREET_1, STREET_2, CITY, STATE, ZIP of a warehouse, district or
   * customer (TPC-C 4.3.3.1).
   */
  void address(CopyTextBuffer buf) {
    aString(buf, 10, 20);
    aString(buf, 10, 20);
    aString(buf, 10, 20);
    aString(buf, 2, 2);
    zip(buf);
  }
}
