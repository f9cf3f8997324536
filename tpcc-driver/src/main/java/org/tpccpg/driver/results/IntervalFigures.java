package org.tpccpg.driver.results;

import java.time.Instant;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The clients' figures on one line of {@code intervals.jsonl}, whoever worked them out: a run from
 * its interval's counters, {@code merge} from its drivers' lines. {@link IntervalJson} writes them
 * for both. Does not compute anything.
 *
 * @param end the wall-clock time at the end of the interval
 * @param seconds since measuring began
 * @param intervalSeconds the interval's length
 * @param threads sysbench's {@code thds:}
 * @param rollbacks of the errors, the New-Orders rolled back on purpose (TPC-C 2.4.2.3), which
 *     sysbench counts
 * @param percentile sysbench's report percentile, 0 to 100; 0 leaves it and {@code latencyMillis}
 *     out
 * @param latencyMillis the latency at that percentile, sysbench's way
 * @param kinds per kind label, in kind order, its latencies in whole microseconds
 */
public record IntervalFigures(
    Instant end,
    double seconds,
    double intervalSeconds,
    long threads,
    long transactions,
    double tps,
    double qps,
    double readsPerSecond,
    double writesPerSecond,
    double othersPerSecond,
    long errors,
    double errorsPerSecond,
    long rollbacks,
    double rollbacksPerSecond,
    long reconnects,
    double reconnectsPerSecond,
    SummaryFigures.Failures failures,
    double latencyAvgMillis,
    double latencyStddevMillis,
    double lagAvgMillis,
    double percentile,
    double latencyMillis,
    Map<String, Histogram> kinds) {}
