package org.tpccpg.core.random;

import static org.tpccpg.core.spec.TpccConstants.MAX_LAST_NAME_NUMBER;
import static org.tpccpg.core.spec.TpccConstants.ORIGINAL;
import static org.tpccpg.core.spec.TpccConstants.ORIGINAL_PERCENT;
import static org.tpccpg.core.spec.TpccConstants.ZIP_SUFFIX;

import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * A seeded source of the random values TPC-C asks for: uniform integers, NURand (TPC-C 2.1.6),
 * a-strings and n-strings (4.3.2.2), last names (4.3.2.3), zip codes (4.3.2.7), data with the
 * "ORIGINAL" marker (4.3.3.1) and permutations. The same seed always gives the same sequence.
 *
 * <p>One instance per thread; it is not thread-safe. Derive independent seeds with {@link #mix}.
 * The byte-array variants write ASCII into a caller's buffer so that a loader allocates nothing per
 * row.
 */
public final class TpccRandom {
  private static final byte[] ALPHANUMERIC =
      "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
          .getBytes(StandardCharsets.US_ASCII);
  private static final byte[] ORIGINAL_BYTES = ORIGINAL.getBytes(StandardCharsets.US_ASCII);
  private static final String[] SYLLABLES = {
    "BAR", "OUGHT", "ABLE", "PRI", "PRES", "ESE", "ANTI", "CALLY", "ATION", "EING"
  };
  private static final String[] LAST_NAMES = buildLastNames();
  private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

  private final SplittableRandom random;
  private final NuRandConstants constants;
  private final boolean constantPerCall;

  /**
   * Creates a generator without NURand constants; {@link #nuRand} then fails. Use it to draw the
   * constants themselves ({@link NuRandConstants#random}) or where NURand is not needed.
   */
  public TpccRandom(long seed) {
    this.random = new SplittableRandom(seed);
    this.constants = null;
    this.constantPerCall = false;
  }

  /** Creates a generator whose {@link #nuRand} uses the given constants (TPC-C 2.1.6). */
  public TpccRandom(long seed, NuRandConstants constants) {
    this.random = new SplittableRandom(seed);
    this.constants = Objects.requireNonNull(constants, "constants");
    this.constantPerCall = false;
  }

  private TpccRandom(long seed, boolean constantPerCall) {
    this.random = new SplittableRandom(seed);
    this.constants = null;
    this.constantPerCall = constantPerCall;
  }

  /**
   * A generator whose {@link #nuRand} draws a new C on every call, as sysbench-tpcc does (its
   * {@code init_rand} guard is set to 0, which Lua treats as true, so the C values are drawn again
   * on each call). That makes NURand almost uniform: it deviates from TPC-C 2.1.6, where C is a
   * constant per run, and is used only to reproduce sysbench-tpcc ({@code --sysbench-compat}).
   */
  public static TpccRandom withConstantPerCall(long seed) {
    return new TpccRandom(seed, true);
  }

  /**
   * Derives a seed from a run seed and any number of parts (for example table set, warehouse,
   * table), so that each unit of work has its own reproducible stream whatever thread runs it.
   * Different parts, or the same parts in a different order, give unrelated seeds.
   */
  public static long mix(long runSeed, long... parts) {
    long h = finalizer(runSeed + GOLDEN_GAMMA);
    for (long part : parts) {
      h = finalizer(h ^ finalizer(part + GOLDEN_GAMMA));
    }
    return h;
  }

  /** Returns a uniform random integer within [lo .. hi], both inclusive (TPC-C 2.1.4). */
  public int uniform(int lo, int hi) {
    if (lo > hi) {
      throw new IllegalArgumentException("lo must be <= hi but was " + lo + " > " + hi);
    }
    if (hi == Integer.MAX_VALUE) {
      return (int) random.nextLong(lo, (long) hi + 1);
    }
    return random.nextInt(lo, hi + 1);
  }

  /** Returns a uniform random double in [0, 1). */
  public double uniformDouble() {
    return random.nextDouble();
  }

  /**
   * NURand(A, x, y) = (((random(0, A) | random(x, y)) + C) % (y - x + 1)) + x (TPC-C 2.1.6), with C
   * taken from this generator's {@link NuRandConstants} for A = 255, 1023 or 8191 (or, for {@link
   * #withConstantPerCall}, drawn anew in 0..A).
   *
   * @throws IllegalStateException if this generator was created without constants
   */
  public int nuRand(int a, int x, int y) {
    int c;
    if (constantPerCall) {
      c = uniform(0, a);
    } else if (constants == null) {
      throw new IllegalStateException("nuRand needs a TpccRandom created with NuRandConstants");
    } else {
      c = constants.forA(a);
    }
    return (((uniform(0, a) | uniform(x, y)) + c) % (y - x + 1)) + x;
  }

  /** Returns a random alphanumeric string of random length in [min .. max] (TPC-C 4.3.2.2). */
  public String aString(int min, int max) {
    byte[] bytes = new byte[checkLengths(min, max)];
    return ascii(bytes, aString(bytes, 0, min, max));
  }

  /**
   * Writes a random alphanumeric string of random length in [min .. max] (TPC-C 4.3.2.2) into
   * {@code dst} at {@code offset} and returns its length.
   */
  public int aString(byte[] dst, int offset, int min, int max) {
    int length = uniform(min, checkRoom(dst, offset, min, max));
    fill(dst, offset, length, ALPHANUMERIC);
    return length;
  }

  /** Returns a random string of digits of random length in [min .. max] (TPC-C 4.3.2.2). */
  public String nString(int min, int max) {
    byte[] bytes = new byte[checkLengths(min, max)];
    return ascii(bytes, nString(bytes, 0, min, max));
  }

  /**
   * Writes a random string of digits of random length in [min .. max] (TPC-C 4.3.2.2) into {@code
   * dst} at {@code offset} and returns its length.
   */
  public int nString(byte[] dst, int offset, int min, int max) {
    int length = uniform(min, checkRoom(dst, offset, min, max));
    for (int i = 0; i < length; i++) {
      dst[offset + i] = (byte) ('0' + random.nextInt(10));
    }
    return length;
  }

  /** Returns a zip code: 4 random digits followed by "11111" (TPC-C 4.3.2.7). */
  public String zip() {
    return nString(4, 4) + ZIP_SUFFIX;
  }

  /**
   * Returns the customer last name for {@code n} in 0..999: the syllables for its hundreds, tens
   * and units digits (TPC-C 4.3.2.3), for example 371 gives "PRICALLYOUGHT".
   */
  public static String lastName(int n) {
    if (n < 0 || n > MAX_LAST_NAME_NUMBER) {
      throw new IllegalArgumentException("n must be in 0..999 but was " + n);
    }
    return LAST_NAMES[n];
  }

  /**
   * Returns a random alphanumeric string of length in [min .. max] that in 10% of cases holds
   * "ORIGINAL" at a random position, as I_DATA and S_DATA need (TPC-C 4.3.3.1).
   */
  public String dataWithOriginal(int min, int max) {
    byte[] bytes = new byte[checkLengths(min, max)];
    return ascii(bytes, dataWithOriginal(bytes, 0, min, max));
  }

  /**
   * Writes what {@link #dataWithOriginal(int, int)} returns into {@code dst} at {@code offset} and
   * returns its length. {@code min} must be at least 8, the length of "ORIGINAL".
   */
  public int dataWithOriginal(byte[] dst, int offset, int min, int max) {
    if (min < ORIGINAL_BYTES.length) {
      throw new IllegalArgumentException("min must be >= 8 but was " + min);
    }
    int length = aString(dst, offset, min, max);
    if (uniform(1, 100) <= ORIGINAL_PERCENT) {
      int at = uniform(0, length - ORIGINAL_BYTES.length);
      System.arraycopy(ORIGINAL_BYTES, 0, dst, offset + at, ORIGINAL_BYTES.length);
    }
    return length;
  }

  /** Returns the numbers 1..n in random order (Fisher-Yates), as O_C_ID needs (TPC-C 4.3.3.1). */
  public int[] permutation(int n) {
    if (n < 0) {
      throw new IllegalArgumentException("n must be >= 0 but was " + n);
    }
    int[] values = new int[n];
    for (int i = 0; i < n; i++) {
      values[i] = i + 1;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int swap = values[i];
      values[i] = values[j];
      values[j] = swap;
    }
    return values;
  }

  private void fill(byte[] dst, int offset, int length, byte[] alphabet) {
    for (int i = 0; i < length; i++) {
      dst[offset + i] = alphabet[random.nextInt(alphabet.length)];
    }
  }

  private static int checkLengths(int min, int max) {
    if (min < 0 || min > max) {
      throw new IllegalArgumentException(
          "lengths must satisfy 0 <= min <= max but were min " + min + ", max " + max);
    }
    return max;
  }

  private static int checkRoom(byte[] dst, int offset, int min, int max) {
    checkLengths(min, max);
    if (offset < 0 || max > dst.length - offset) {
      throw new IndexOutOfBoundsException(
          "no room for " + max + " bytes at offset " + offset + " in " + dst.length);
    }
    return max;
  }

  private static String ascii(byte[] bytes, int length) {
    return new String(bytes, 0, length, StandardCharsets.ISO_8859_1);
  }

  private static String[] buildLastNames() {
    String[] names = new String[MAX_LAST_NAME_NUMBER + 1];
    for (int n = 0; n < names.length; n++) {
      names[n] = SYLLABLES[n / 100] + SYLLABLES[n / 10 % 10] + SYLLABLES[n % 10];
    }
    return names;
  }

  /** The 64-bit finalizer of MurmurHash3: a bijection that spreads every input bit. */
  private static long finalizer(long z) {
    z = (z ^ (z >>> 33)) * 0xFF51AFD7ED558CCDL;
    z = (z ^ (z >>> 33)) * 0xC4CEB53A309E4E1BL;
    return z ^ (z >>> 33);
  }
}
