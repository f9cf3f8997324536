package org.tpccpg.driver.load;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.StringJoiner;
import java.util.concurrent.TimeUnit;
import org.tpccpg.core.schema.TpccTable;
import org.tpccpg.loader.LoadListener;
import org.tpccpg.loader.LoadPhase;
import org.tpccpg.loader.LoadProgress;
import org.tpccpg.loader.LoadReport;

/**
 * What {@code prepare} prints: a progress line while rows load (rewritten in place on a terminal, a
 * plain line every ten seconds otherwise), a line per finished phase, and at the end rows, MB,
 * rows/s and MB/s per table and the time of each phase.
 */
public final class LoadOutput implements LoadListener, AutoCloseable {
  private static final long TERMINAL_PERIOD_MS = 500;
  private static final long PLAIN_PERIOD_MS = 10_000;
  private static final double MB = 1024.0 * 1024.0;

  private final PrintWriter out;
  private final LoadProgress progress;
  private final boolean terminal;
  private final long started = System.nanoTime();
  private volatile long loadStarted;
  private volatile boolean loading;
  private Thread printer;
  private Duration loadTime = Duration.ZERO;
  private long lastWorkLine = started;

  private LoadOutput(PrintWriter out, LoadProgress progress, boolean terminal) {
    this.out = out;
    this.progress = progress;
    this.terminal = terminal;
  }

  /** Starts printing progress; {@code terminal} selects in-place updates. */
  public static LoadOutput start(PrintWriter out, LoadProgress progress, boolean terminal) {
    LoadOutput output = new LoadOutput(out, progress, terminal);
    output.printer = new Thread(output::printPeriodically, "tpcc-load-progress");
    output.printer.setDaemon(true);
    output.printer.start();
    return output;
  }

  @Override
  public void phaseStarted(LoadPhase phase) {
    if (phase == LoadPhase.LOAD) {
      loadStarted = System.nanoTime();
      loading = true;
    }
  }

  /** Phases other than the row load get a plain line at most every ten seconds. */
  @Override
  public synchronized void workDone(LoadPhase phase, int done, int total) {
    String line =
        String.format(
            Locale.ROOT,
            "[%4.0fs] %s %d of %d done",
            (System.nanoTime() - started) / 1e9,
            phase.label(),
            done,
            total);
    long now = System.nanoTime();
    if (now - lastWorkLine >= TimeUnit.MILLISECONDS.toNanos(PLAIN_PERIOD_MS) && done < total) {
      lastWorkLine = now;
      out.println(line);
      out.flush();
    }
  }

  @Override
  public synchronized void phaseFinished(LoadPhase phase, Duration elapsed) {
    lastWorkLine = System.nanoTime();
    if (phase == LoadPhase.LOAD) {
      loading = false;
      loadTime = elapsed;
      if (terminal) {
        out.print("\r" + progressLine() + "\n");
      }
    }
    out.println("prepare: " + phase.label() + " done in " + seconds(elapsed));
    out.flush();
  }

  /** Prints the per-table figures and the phase times. */
  public synchronized void finished(LoadReport report) {
    double loadSeconds = Math.max(loadTime.toNanos() / 1e9, 1e-9);
    out.println(
        String.format(
            Locale.ROOT, "%-11s %12s %10s %12s %9s", "table", "rows", "MB", "rows/s", "MB/s"));
    for (TpccTable table : TpccTable.values()) {
      long rows = progress.rows(table);
      double megabytes = progress.bytes(table) / MB;
      out.println(
          String.format(
              Locale.ROOT,
              "%-11s %12d %10.1f %12.0f %9.1f",
              table.baseName(),
              rows,
              megabytes,
              rows / loadSeconds,
              megabytes / loadSeconds));
    }
    StringJoiner phases = new StringJoiner(", ", " (", ")");
    report.phaseTimes().entrySet().stream()
        .sorted(java.util.Map.Entry.comparingByKey())
        .forEach(entry -> phases.add(entry.getKey().label() + " " + seconds(entry.getValue())));
    out.println("prepare: done in " + seconds(report.total()) + phases);
    out.flush();
  }

  @Override
  public void close() {
    printer.interrupt();
  }

  private void printPeriodically() {
    long period = terminal ? TERMINAL_PERIOD_MS : PLAIN_PERIOD_MS;
    try {
      while (!Thread.currentThread().isInterrupted()) {
        TimeUnit.MILLISECONDS.sleep(period);
        printProgress();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // closed: stop printing
    }
  }

  private synchronized void printProgress() {
    if (!loading) {
      return;
    }
    if (terminal) {
      out.print("\r" + progressLine());
    } else {
      out.println(progressLine());
    }
    out.flush();
  }

  /** E.g. {@code [ 12s] load 42.3% ETA 17s | item 100% warehouse 100% ... stock 45%}. */
  String progressLine() {
    double fraction = progress.fractionDone();
    double elapsed = (System.nanoTime() - loadStarted) / 1e9;
    String eta =
        fraction <= 0 || fraction >= 1
            ? "-"
            : String.format(Locale.ROOT, "%.0fs", elapsed * (1 - fraction) / fraction);
    StringBuilder line =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "[%4.0fs] load %5.1f%% ETA %s |",
                (System.nanoTime() - started) / 1e9,
                fraction * 100,
                eta));
    for (TpccTable table : TpccTable.values()) {
      double percent = 100.0 * progress.rows(table) / Math.max(1, progress.expectedRows(table));
      line.append(' ')
          .append(table.baseName())
          .append(' ')
          .append(String.format(Locale.ROOT, "%.0f%%", Math.min(percent, 100.0)));
    }
    return line.toString();
  }

  static String seconds(Duration duration) {
    return String.format(Locale.ROOT, "%.1fs", duration.toNanos() / 1e9);
  }
}
