package org.tpccpg.driver.tpcb;

import java.io.IOException;
import java.io.Writer;
import java.util.TreeMap;
import org.tpccpg.driver.report.CFormat;

/**
 * {@code --aggregate-interval} for one log file: sums the transactions of each interval and writes
 * pgbench 15's 15 columns once the interval is complete: {@code interval_start num_transactions
 * sum_latency sum_latency_2 min_latency max_latency sum_lag sum_lag_2 min_lag max_lag skipped
 * retried retries serialization_failures deadlock_failures}, and pgbench 19's 16th, {@code
 * other_sql_failures}: the failures neither serialization nor deadlock, the lost connections
 * included (pgbench aborts those clients). Intervals without transactions are written with zeros,
 * as pgbench does. Used only by the writer thread.
 */
final class IntervalLog {
  private final int seconds;
  private final boolean otherColumn;
  private long firstStart = -1;
  private final TreeMap<Long, Interval> open = new TreeMap<>();
  private long nextToWrite;

  /**
   * @param seconds the interval length; the first interval starts at the first transaction
   * @param otherColumn whether lines end with pgbench 19's other_sql_failures
   */
  IntervalLog(int seconds, boolean otherColumn) {
    this.seconds = seconds;
    this.otherColumn = otherColumn;
  }

  void add(long endMicros, long latency, long lag, long packed) {
    if (firstStart < 0) {
      firstStart = endMicros / 1_000_000;
      nextToWrite = firstStart;
    }
    long index = Math.max(0, (endMicros / 1_000_000 - firstStart) / seconds);
    long start = Math.max(firstStart + index * seconds, nextToWrite);
    open.computeIfAbsent(start, s -> new Interval()).add(latency, lag, packed);
  }

  /** Writes every interval that ended before {@code beforeEpochSeconds}. */
  void writeUntil(long beforeEpochSeconds, Writer out) throws IOException {
    while (firstStart >= 0 && nextToWrite + seconds <= beforeEpochSeconds) {
      Interval interval = open.remove(nextToWrite);
      Interval written = interval == null ? new Interval() : interval;
      out.write(line(nextToWrite, written, otherColumn));
      nextToWrite += seconds;
    }
  }

  /** At the end of the run: writes everything up to the last interval with transactions. */
  void writeAll(Writer out) throws IOException {
    if (!open.isEmpty()) {
      writeUntil(open.lastKey() + seconds, out);
    }
  }

  static String line(long start, Interval i, boolean otherColumn) {
    return start
        + " "
        + i.count
        + " "
        + i.sum
        + " "
        + CFormat.fixed(i.sum2, 0)
        + " "
        + (i.count == 0 ? 0 : i.min)
        + " "
        + i.max
        + " "
        + i.lagSum
        + " "
        + CFormat.fixed(i.lagSum2, 0)
        + " "
        + (i.count == 0 ? 0 : i.lagMin)
        + " "
        + i.lagMax
        + " "
        + i.skipped
        + " "
        + i.retried
        + " "
        + i.retries
        + " "
        + i.serialization
        + " "
        + i.deadlock
        + (otherColumn ? " " + i.other : "")
        + "\n";
  }

  /** The sums of one interval. */
  static final class Interval {
    long count;
    long sum;
    double sum2;
    long min = Long.MAX_VALUE;
    long max;
    long lagSum;
    double lagSum2;
    long lagMin = Long.MAX_VALUE;
    long lagMax;
    long skipped;
    long retried;
    long retries;
    long serialization;
    long deadlock;
    long other;

    void add(long latency, long lag, long packed) {
      TxnOutcome outcome = TxnOutcome.outcome(packed);
      if (outcome == TxnOutcome.SKIPPED) {
        skipped++;
        return;
      }
      int tries = TxnOutcome.tries(packed);
      if (tries > 1) {
        retried++;
        retries += tries - 1;
      }
      switch (outcome) {
        case SERIALIZATION -> serialization++;
        case DEADLOCK -> deadlock++;
        case OK -> succeeded(latency, lag);
        case OTHER_FAILURE -> other++; // only pgbench 19 writes it
        default -> {
          // skipped: counted above
        }
      }
    }

    private void succeeded(long latency, long lag) {
      count++;
      sum += latency;
      sum2 += (double) latency * latency;
      min = Math.min(min, latency);
      max = Math.max(max, latency);
      lagSum += lag;
      lagSum2 += (double) lag * lag;
      lagMin = Math.min(lagMin, lag);
      lagMax = Math.max(lagMax, lag);
    }
  }
}
