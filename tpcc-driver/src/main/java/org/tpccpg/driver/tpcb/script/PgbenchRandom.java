package org.tpccpg.driver.tpcb.script;

/**
 * pgbench's random distributions and permute(), computed as pgbench computes them, so that a seeded
 * client draws pgbench's numbers. The transcendental functions come from StrictMath (fdlibm); glibc
 * may differ from it in the last bit of a double, which could move a drawn integer by one in rare
 * cases (the IT compares against the real pgbench).
 */
public final class PgbenchRandom {
  /** The smallest parameter of random_gaussian. */
  public static final double MIN_GAUSSIAN_PARAM = 2.0;

  /** The bounds of random_zipfian's parameter. */
  public static final double MIN_ZIPFIAN_PARAM = 1.001;

  public static final double MAX_ZIPFIAN_PARAM = 1000.0;

  private PgbenchRandom() {}

  /** getrand(): uniform in [min, max]; max - min must not overflow. */
  public static long uniform(PgPrng state, long min, long max) {
    return min + state.uint64Range(0, max - min);
  }

  /** getExponentialRand(): the density at max is exp(-parameter) of the one at min. */
  public static long exponential(PgPrng state, long min, long max, double parameter) {
    double cut = StrictMath.exp(-parameter);
    double uniform = 1.0 - state.nextDouble();
    double rand = -StrictMath.log(cut + (1.0 - cut) * uniform) / parameter;
    return min + (long) ((max - min + 1) * rand);
  }

  /** getGaussianRand(): a normal draw within [-parameter, parameter) mapped onto [min, max]. */
  public static long gaussian(PgPrng state, long min, long max, double parameter) {
    double stdev;
    do {
      stdev = state.nextNormal();
    } while (stdev < -parameter || stdev >= parameter);
    double rand = (stdev + parameter) / (parameter * 2.0);
    return min + (long) ((max - min + 1) * rand);
  }

  /** getZipfianRand(): Devroye's rejection method (Non-Uniform Random Variate Generation, 550). */
  public static long zipfian(PgPrng state, long min, long max, double s) {
    long n = max - min + 1;
    return min - 1 + iterativeZipfian(state, n, s);
  }

  private static long iterativeZipfian(PgPrng state, long n, double s) {
    if (n <= 1) {
      return 1;
    }
    double b = StrictMath.pow(2.0, s - 1.0);
    double x;
    while (true) {
      double u = state.nextDouble();
      double v = state.nextDouble();
      x = Math.floor(StrictMath.pow(u, -1.0 / (s - 1.0)));
      double t = StrictMath.pow(1.0 + 1.0 / x, s - 1.0);
      if (v * x * (t - 1.0) / (b - 1.0) <= t / b && x <= n) {
        break;
      }
    }
    return (long) x;
  }

  /**
   * permute(): a pseudorandom permutation of [0, size) chosen by {@code seed}, applied to {@code
   * value mod size}; 0 when size is below 2.
   */
  public static long permute(long value, long size, long seed) {
    if (size < 2) {
      return 0;
    }
    PgPrng state = PgPrng.seeded(seed);
    long v = Long.remainderUnsigned(value, size);
    int maskLength = 63 - Long.numberOfLeadingZeros(size);
    long mask = (1L << maskLength) - 1;
    for (int round = 0; round < 6; round++) {
      long m = (state.nextUint64() & mask) | 1;
      long r = state.nextUint64() & mask;
      if (Long.compareUnsigned(v, mask) <= 0) {
        v = ((v * m) ^ r) & mask;
        v = ((v << 1) & mask) | (v >>> (maskLength - 1));
      }
      m = (state.nextUint64() & mask) | 1;
      r = state.nextUint64() & mask;
      long t = size - 1 - v;
      if (Long.compareUnsigned(t, mask) <= 0) {
        t = ((t * m) ^ r) & mask;
        t = ((t << 1) & mask) | (t >>> (maskLength - 1));
        v = size - 1 - t;
      }
      r = state.uint64Range(0, size - 1);
      v = Long.remainderUnsigned(v + r, size);
    }
    return v;
  }

  /** hash_fnv1a(): FNV-1a over the value's eight bytes, low byte first. */
  public static long fnv1a(long value, long seed) {
    long result = 0xcbf29ce484222325L ^ seed;
    long rest = value;
    for (int i = 0; i < 8; i++) {
      long octet = rest & 0xff;
      rest = rest >> 8;
      result = (result ^ octet) * 0x100000001b3L;
    }
    return result;
  }

  /** hash() and hash_murmur2(): MurmurHash64A of the 8-byte value. */
  public static long murmur2(long value, long seed) {
    final long mul = 0xc6a4a7935bd1e995L;
    final int rot = 47;
    long result = seed ^ 0x35253c9ade8f4ca8L; // seed ^ (8 * mul)
    long k = value * mul;
    k ^= k >>> rot;
    k *= mul;
    result ^= k;
    result *= mul;
    result ^= result >>> rot;
    result *= mul;
    result ^= result >>> rot;
    return result;
  }
}
