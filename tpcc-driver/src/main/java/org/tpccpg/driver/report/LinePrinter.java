package org.tpccpg.driver.report;

import java.io.PrintWriter;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.HdrHistogram.Histogram;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.driver.metrics.IntervalSnapshot;

/** Prints one formatted line per interval, ended by {@code \n}, and flushes. */
public final class LinePrinter implements IntervalListener {
  private final Function<IntervalSnapshot, String> format;
  private final PrintWriter out;

  /**
   * @param format {@link SysbenchReportLine#text} or {@link SysbenchReportLine#csv}
   * @param out where lines go
   */
  public LinePrinter(Function<IntervalSnapshot, String> format, PrintWriter out) {
    this.format = Objects.requireNonNull(format, "format");
    this.out = Objects.requireNonNull(out, "out");
  }

  @Override
  public void interval(IntervalSnapshot snapshot, Map<TransactionType, Histogram> perKind) {
    out.print(format.apply(snapshot));
    out.print('\n');
    out.flush();
  }
}
