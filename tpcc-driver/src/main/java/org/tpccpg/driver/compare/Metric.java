package org.tpccpg.driver.compare;

import java.util.Objects;

/**
 * What {@code compare} compares: throughput, where higher is better, or a latency percentile in
 * milliseconds, where lower is better, of the whole run or of one kind.
 *
 * @param name as shown: {@code tps}, {@code p95_ms}, {@code new_order p95_ms}
 * @param higherIsBetter true for throughput
 */
public record Metric(String name, boolean higherIsBetter) {
  static final Metric TPS = new Metric("tps", true);
  static final Metric P95 = new Metric("p95_ms", false);
  static final Metric P99 = new Metric("p99_ms", false);

  public Metric {
    Objects.requireNonNull(name, "name");
  }

  static Metric kindP95(String kind) {
    return new Metric(kind + " p95_ms", false);
  }

  /** {@code higher} or {@code lower}: which direction is better. */
  public String better() {
    return higherIsBetter ? "higher" : "lower";
  }
}
