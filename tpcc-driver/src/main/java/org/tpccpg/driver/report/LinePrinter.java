package org.tpccpg.driver.report;

import java.io.PrintWriter;
import java.util.Objects;
import java.util.function.Function;
import org.tpccpg.driver.metrics.Interval;

/** Prints one formatted line per interval, ended by {@code \n}, and flushes. */
public final class LinePrinter implements IntervalListener {
  private final Function<Interval, String> format;
  private final PrintWriter out;

  /**
   * @param format the line of an interval, e.g. sysbench's or pgbench's
   * @param out where lines go
   */
  public LinePrinter(Function<Interval, String> format, PrintWriter out) {
    this.format = Objects.requireNonNull(format, "format");
    this.out = Objects.requireNonNull(out, "out");
  }

  @Override
  public void interval(Interval interval) {
    out.print(format.apply(interval));
    out.print('\n');
    out.flush();
  }
}
