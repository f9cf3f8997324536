package org.tpccpg.driver.tpcb;

import java.io.PrintWriter;
import org.tpccpg.driver.report.CFormat;

/**
 * pgbench's progress lines while client-side generation copies {@code pgbench_accounts}: {@code
 * 100000 of 200000 tuples (50%) done (elapsed 0.03 s, remaining 0.03 s)}, every 100,000 rows, or
 * with {@code -q} at most every 5 seconds plus once at the end.
 */
final class InitProgress {
  static final long ROWS_PER_LINE = 100_000;
  private static final long QUIET_PERIOD_NANOS = 5_000_000_000L;

  private final PrintWriter err;
  private final long total;
  private final boolean quiet;
  private final long startNanos;
  private long lastPrintedNanos;
  private long lastPrintedRows;

  InitProgress(PrintWriter err, long total, boolean quiet, long startNanos) {
    this.err = err;
    this.total = total;
    this.quiet = quiet;
    this.startNanos = startNanos;
    this.lastPrintedNanos = startNanos;
  }

  /** Called after every batch of rows (a multiple of 100,000, or the last rows). */
  void rowsDone(long rows, long nowNanos) {
    boolean last = rows == total;
    boolean due =
        quiet
            ? nowNanos - lastPrintedNanos >= QUIET_PERIOD_NANOS
            : rows / ROWS_PER_LINE > lastPrintedRows / ROWS_PER_LINE;
    if (due || (last && rows != lastPrintedRows)) {
      err.println(line(rows, total, (nowNanos - startNanos) / 1e9));
      err.flush();
      lastPrintedNanos = nowNanos;
      lastPrintedRows = rows;
    }
  }

  /** One progress line; {@code elapsedSeconds} since generation started. */
  static String line(long rows, long total, double elapsedSeconds) {
    double remaining = rows == 0 ? 0 : elapsedSeconds * (total - rows) / rows;
    return rows
        + " of "
        + total
        + " tuples ("
        + (int) (rows * 100 / total)
        + "%) done (elapsed "
        + CFormat.fixed(elapsedSeconds, 2)
        + " s, remaining "
        + CFormat.fixed(remaining, 2)
        + " s)";
  }
}
