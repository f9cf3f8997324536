package org.tpccpg.driver.results;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.tpccpg.driver.metrics.IntervalSnapshot;
import org.tpccpg.driver.metrics.RunTotals;
import org.tpccpg.driver.metrics.TxnKind;
import org.tpccpg.driver.report.IntervalListener;

/**
 * The files of one run in its results directory. Each interval appends a line to {@code
 * intervals.jsonl} (written and forced to disk before the report line is printed) and an interval
 * histogram to {@code <type>.hlog}, an HdrHistogram log that {@code HistogramLogProcessor} reads
 * (values in microseconds: pass {@code -outputValueUnitRatio 1000} for milliseconds). At the end
 * {@link #writeSummary} writes {@code summary.json} atomically. A failed write is kept and thrown
 * by {@link #close()}; later writes are skipped, and the run goes on.
 */
public final class RunResults implements IntervalListener, AutoCloseable {
  public static final String INTERVALS = "intervals.jsonl";
  public static final String SUMMARY = "summary.json";

  /** The hlog's max-value column in milliseconds. */
  private static final double MICROS_PER_MILLI = 1_000.0;

  private final RunDescription description;
  private final Clock clock;
  private final Instant started;
  // A stream, not a FileChannel: the reporter thread is interrupted to stop it, and an
  // interrupted FileChannel closes itself (ClosedByInterruptException).
  private final FileOutputStream intervals;
  private final Map<TxnKind, PrintStream> logStreams = new EnumMap<>(TxnKind.class);
  private final Map<TxnKind, HistogramLogWriter> logs = new EnumMap<>(TxnKind.class);
  private IOException failure;

  private RunResults(RunDescription description, Clock clock) throws IOException {
    this.description = description;
    this.clock = clock;
    this.started = clock.instant();
    Path dir = description.directory();
    Path intervalsFile = dir.resolve(INTERVALS);
    Files.createFile(intervalsFile); // never appends to another run's file
    this.intervals = new FileOutputStream(intervalsFile.toFile(), true);
    for (TxnKind kind : kinds(description)) {
      PrintStream stream =
          new PrintStream(
              new FileOutputStream(dir.resolve(kind.label() + ".hlog").toFile()),
              false,
              StandardCharsets.UTF_8);
      logStreams.put(kind, stream);
      logs.put(kind, header(new HistogramLogWriter(stream), kind));
      stream.flush();
    }
  }

  /** Creates the interval files; the directory must exist (see {@link ResultsDirectory}). */
  public static RunResults open(RunDescription description, Clock clock) throws IOException {
    return new RunResults(description, clock);
  }

  private HistogramLogWriter header(HistogramLogWriter log, TxnKind kind) {
    log.outputComment("tpcc run: " + kind.label() + " latencies in microseconds");
    log.outputLogFormatVersion();
    log.outputStartTime(started.toEpochMilli());
    log.setBaseTime(started.toEpochMilli());
    log.outputBaseTime(started.toEpochMilli());
    log.outputLegend();
    return log;
  }

  private static Iterable<TxnKind> kinds(RunDescription d) {
    return d.config().purge()
        ? java.util.EnumSet.allOf(TxnKind.class)
        : java.util.EnumSet.complementOf(java.util.EnumSet.of(TxnKind.PURGE));
  }

  @Override
  public void interval(IntervalSnapshot snapshot, Map<TxnKind, Histogram> perKind) {
    if (failure != null) {
      return;
    }
    Map<TxnKind, Histogram> recorded = new EnumMap<>(TxnKind.class);
    perKind.forEach(
        (kind, h) -> {
          if (logs.containsKey(kind)) {
            recorded.put(kind, h);
          }
        });
    try {
      String line = IntervalJson.line(clock.instant(), snapshot, recorded) + "\n";
      intervals.write(line.getBytes(StandardCharsets.UTF_8));
      intervals.getFD().sync();
      recorded.forEach(this::logInterval);
    } catch (IOException e) {
      failure = e;
    }
  }

  private void logInterval(TxnKind kind, Histogram h) {
    long base = started.toEpochMilli();
    double start = Math.max(0, h.getStartTimeStamp() - base) / 1e3;
    double end = Math.max(0, h.getEndTimeStamp() - base) / 1e3;
    logs.get(kind).outputIntervalHistogram(start, end, h, MICROS_PER_MILLI);
    PrintStream stream = logStreams.get(kind);
    stream.flush();
    if (stream.checkError() && failure == null) {
      failure = new IOException("writing " + kind.label() + ".hlog failed");
    }
  }

  /** Writes {@code summary.json} through a temporary file, so it is whole or absent. */
  public void writeSummary(RunTotals totals, boolean stoppedEarly, Throwable runFailure)
      throws IOException {
    String json =
        SummaryJson.render(description, started, clock.instant(), totals, stoppedEarly, runFailure);
    Path dir = description.directory();
    Path partial = dir.resolve(SUMMARY + ".partial");
    try (FileOutputStream file = new FileOutputStream(partial.toFile())) {
      file.write((json + "\n").getBytes(StandardCharsets.UTF_8));
      file.getFD().sync();
    }
    Files.move(partial, dir.resolve(SUMMARY), StandardCopyOption.ATOMIC_MOVE);
  }

  /** Closes every file; throws the first write failure, if there was one. */
  @Override
  public void close() throws IOException {
    IOException error = failure;
    try {
      intervals.close();
    } catch (IOException e) {
      error = error == null ? e : error;
    }
    for (HistogramLogWriter log : logs.values()) {
      log.close();
    }
    if (error != null) {
      throw error;
    }
  }
}
