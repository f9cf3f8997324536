package org.tpccpg.driver.tpcb.script;

/**
 * PostgreSQL's pg_prng (src/common/pg_prng.c, since PostgreSQL 15): xoroshiro128** 1.0, seeded
 * through splitmix64, giving the same numbers as pgbench for the same seed. Not thread-safe: each
 * client owns its state, as in pgbench.
 */
public final class PgPrng {
  private long s0;
  private long s1;

  private PgPrng(long s0, long s1) {
    this.s0 = s0;
    this.s1 = s1;
  }

  /** pg_prng_seed(): a state from a 64-bit seed. */
  public static PgPrng seeded(long seed) {
    long[] state = {seed};
    long s0 = splitmix64(state);
    long s1 = splitmix64(state);
    if (s0 == 0 && s1 == 0) {
      // all zeroes is a fixed point; pg_prng_seed_check() puts Knuth's LCG constants instead
      s0 = 0x5851F42D4C957F2DL;
      s1 = 0x14057B7EF767814FL;
    }
    return new PgPrng(s0, s1);
  }

  /** An independent copy of this state (pgbench copies it to replay a retried transaction). */
  public PgPrng copy() {
    return new PgPrng(s0, s1);
  }

  private static long splitmix64(long[] state) {
    long value = (state[0] += 0x9E3779B97F4A7C15L);
    value = (value ^ (value >>> 30)) * 0xBF58476D1CE4E5B9L;
    value = (value ^ (value >>> 27)) * 0x94D049BB133111EBL;
    return value ^ (value >>> 31);
  }

  /** pg_prng_uint64(): 64 random bits (read as unsigned). */
  public long nextUint64() {
    long first = s0;
    long mixed = s1 ^ first;
    long value = Long.rotateLeft(first * 5, 7) * 9;
    s0 = Long.rotateLeft(first, 24) ^ mixed ^ (mixed << 16);
    s1 = Long.rotateLeft(mixed, 37);
    return value;
  }

  /**
   * pg_prng_uint64_range(): uniform in [min, max] read as unsigned, by bitmask rejection; {@code
   * min} if the range is empty.
   */
  public long uint64Range(long min, long max) {
    if (Long.compareUnsigned(max, min) <= 0) {
      return min;
    }
    long range = max - min;
    int shift = Long.numberOfLeadingZeros(range);
    long value;
    do {
      value = nextUint64() >>> shift;
    } while (Long.compareUnsigned(value, range) > 0);
    return min + value;
  }

  /** pg_prng_double(): uniform in [0, 1), from the top 52 bits. */
  public double nextDouble() {
    return (nextUint64() >>> 12) * 0x1.0p-52;
  }

  /** pg_prng_double_normal(): standard normal by the basic Box-Muller transform. */
  public double nextNormal() {
    double u1 = 1.0 - nextDouble();
    double u2 = 1.0 - nextDouble();
    return StrictMath.sqrt(-2.0 * StrictMath.log(u1)) * StrictMath.sin(2.0 * Math.PI * u2);
  }
}
