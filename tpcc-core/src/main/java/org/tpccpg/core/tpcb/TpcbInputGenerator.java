package org.tpccpg.core.tpcb;

import java.util.Objects;
import java.util.SplittableRandom;

/**
 * Draws the input of pgbench's builtin scripts: each variable uniformly over its range, like
 * pgbench's {@code random(lb, ub)}. One generator per client; not thread-safe. The variables can be
 * drawn one at a time (a caller that times each {@code \set}) or together with {@link #next()}.
 */
public final class TpcbInputGenerator {
  /** The smallest {@code delta}. */
  public static final int MIN_DELTA = -5000;

  /** The largest {@code delta}. */
  public static final int MAX_DELTA = 5000;

  private final SplittableRandom random;
  private final TpcbScale scale;

  public TpcbInputGenerator(SplittableRandom random, TpcbScale scale) {
    this.random = Objects.requireNonNull(random, "random");
    this.scale = Objects.requireNonNull(scale, "scale");
  }

  /** {@code \set aid random(1, 100000 * :scale)}. */
  public long aid() {
    return random.nextLong(scale.accounts()) + 1;
  }

  /** {@code \set bid random(1, 1 * :scale)}. */
  public int bid() {
    return random.nextInt(scale.branches()) + 1;
  }

  /** {@code \set tid random(1, 10 * :scale)}. */
  public int tid() {
    return random.nextInt(scale.tellers()) + 1;
  }

  /** {@code \set delta random(-5000, 5000)}. */
  public int delta() {
    return random.nextInt(MAX_DELTA - MIN_DELTA + 1) + MIN_DELTA;
  }

  /** All four variables, drawn in pgbench's order. */
  public TpcbInput next() {
    long aid = aid();
    int bid = bid();
    int tid = tid();
    return new TpcbInput(aid, bid, tid, delta());
  }
}
