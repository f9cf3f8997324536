package org.tpccpg.driver.results;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * The files of one run in its results directory, whatever the workload: {@code intervals.jsonl},
 * one line per interval, written and forced to disk before the caller prints that interval; one
 * HdrHistogram log {@code <label>.hlog} per transaction type or script, which {@code
 * HistogramLogProcessor} reads (values in microseconds: pass {@code -outputValueUnitRatio 1000} for
 * milliseconds); and at the end {@code summary.json}, written whole or not at all. The first failed
 * write (a full disk) is told at once, naming the file and the reason, to the listener given at
 * {@link #open}; it is kept and thrown by {@link #close()}, later intervals are not recorded, and
 * the run goes on. A failed interval line is cut off again, so the file stays valid JSON lines.
 */
public final class ResultsFiles implements AutoCloseable {
  public static final String INTERVALS = "intervals.jsonl";
  public static final String SUMMARY = "summary.json";

  /**
   * The version of the shape of {@code summary.json} and of {@code intervals.jsonl}'s lines
   * (docs/schema/), a single run's and a merged one's: raised when a member is removed or changes
   * its meaning, not when one is added.
   */
  public static final int SCHEMA_VERSION = 1;

  /** The hlog's max-value column in milliseconds. */
  private static final double MICROS_PER_MILLI = 1_000.0;

  private final Path directory;
  private final List<String> labels;
  private final Instant started;
  // A stream, not a FileChannel: the reporting thread may be interrupted to stop it, and an
  // interrupted FileChannel closes itself (ClosedByInterruptException).
  private final FileOutputStream intervals;
  private final Map<String, PrintStream> logStreams = new LinkedHashMap<>();
  private final Map<String, WatchedStream> watched = new LinkedHashMap<>();
  private final Map<String, HistogramLogWriter> logs = new LinkedHashMap<>();
  private final Consumer<String> firstFailure;
  private final boolean syncEachInterval;
  private IOException failure;
  private long intervalBytes; // the whole lines in intervals.jsonl

  private ResultsFiles(
      Path directory,
      String source,
      List<String> labels,
      Instant started,
      Consumer<String> firstFailure,
      boolean syncEachInterval)
      throws IOException {
    this.directory = directory;
    this.syncEachInterval = syncEachInterval;
    this.labels = List.copyOf(labels);
    this.started = started;
    this.firstFailure = firstFailure;
    Path intervalsFile = directory.resolve(INTERVALS);
    Files.createFile(intervalsFile); // never appends to another run's file
    this.intervals = new FileOutputStream(intervalsFile.toFile(), true);
    for (String label : labels) {
      WatchedStream file =
          new WatchedStream(new FileOutputStream(directory.resolve(hlogName(label)).toFile()));
      watched.put(label, file);
      PrintStream stream = new PrintStream(file, false, StandardCharsets.UTF_8);
      logStreams.put(label, stream);
      HistogramLogWriter log = new HistogramLogWriter(stream);
      log.outputComment(source + ": " + label + " latencies in microseconds");
      log.outputLogFormatVersion();
      log.outputStartTime(started.toEpochMilli());
      log.setBaseTime(started.toEpochMilli());
      log.outputBaseTime(started.toEpochMilli());
      log.outputLegend();
      logs.put(label, log);
      stream.flush();
      checkLog(label);
    }
  }

  /**
   * Creates {@code intervals.jsonl} and the hlogs; the directory must exist (see {@link
   * ResultsDirectory}) and must not hold another run's {@code intervals.jsonl}.
   *
   * @param workload named in the hlogs' comment line
   * @param labels the transaction types or scripts, one hlog each
   * @param started the start of the run, the hlogs' base time
   * @param firstFailure told once, on the thread that wrote, {@code cannot write <file>: <reason>}
   *     when a write fails while the run goes on
   */
  public static ResultsFiles open(
      Path directory,
      String workload,
      List<String> labels,
      Instant started,
      Consumer<String> firstFailure)
      throws IOException {
    return new ResultsFiles(directory, workload + " run", labels, started, firstFailure, true);
  }

  /**
   * Creates the files of a merged result ({@code tpcc merge --results}): the same files, but the
   * intervals are forced to disk once, at {@link #close()}, not line by line (a week's merge writes
   * 604,800 lines at once), and the first failed write is thrown by {@link #close()} alone.
   *
   * @param source named in the hlogs' comment line ({@code tpcc merge of 2 drivers})
   */
  public static ResultsFiles forMerge(
      Path directory, String source, List<String> labels, Instant started) throws IOException {
    return new ResultsFiles(directory, source, labels, started, failure -> {}, false);
  }

  public Path directory() {
    return directory;
  }

  public Instant started() {
    return started;
  }

  /**
   * Appends one interval: its JSON line (forced to disk), then each label's interval histogram.
   * Labels not opened are ignored. Does nothing after a failed write.
   */
  public void appendInterval(String jsonLine, Map<String, Histogram> perLabel) {
    if (failure != null) {
      return;
    }
    byte[] line = (jsonLine + "\n").getBytes(StandardCharsets.UTF_8);
    try {
      intervals.write(line);
      if (syncEachInterval) {
        intervals.getFD().sync();
      }
      intervalBytes += line.length;
    } catch (IOException e) {
      cutBack(e);
      failed(directory.resolve(INTERVALS), e);
      return;
    }
    perLabel.forEach(
        (label, histogram) -> {
          if (logs.containsKey(label)) {
            logInterval(label, histogram);
          }
        });
  }

  private void logInterval(String label, Histogram h) {
    long base = started.toEpochMilli();
    double start = Math.max(0, h.getStartTimeStamp() - base) / 1e3;
    double end = Math.max(0, h.getEndTimeStamp() - base) / 1e3;
    logs.get(label).outputIntervalHistogram(start, end, h, MICROS_PER_MILLI);
    logStreams.get(label).flush();
    checkLog(label);
  }

  private void checkLog(String label) {
    if (logStreams.get(label).checkError()) {
      IOException e = watched.get(label).failure();
      failed(
          directory.resolve(hlogName(label)), e != null ? e : new IOException("the write failed"));
    }
  }

  /**
   * Removes what a failed write left of its line; a failure to do so joins {@code failure}. Not
   * through a FileChannel, which an interrupted thread would close.
   */
  private void cutBack(IOException failure) {
    try (RandomAccessFile file =
        new RandomAccessFile(directory.resolve(INTERVALS).toFile(), "rw")) {
      file.setLength(intervalBytes);
    } catch (IOException e) {
      failure.addSuppressed(e);
    }
  }

  /** The first failure: kept for {@link #close()} and told at once. */
  private void failed(Path file, IOException e) {
    if (failure != null) {
      return;
    }
    failure = new IOException(FileFailure.cannotWrite(file, e), e);
    firstFailure.accept(failure.getMessage());
  }

  /**
   * Writes {@code summary.json} through a temporary file, so it is whole or absent.
   *
   * @throws IOException {@code cannot write <file>: <reason>}
   */
  public void writeSummary(String json) throws IOException {
    Path partial = directory.resolve(SUMMARY + ".partial");
    try {
      try (FileOutputStream file = new FileOutputStream(partial.toFile())) {
        file.write((json + "\n").getBytes(StandardCharsets.UTF_8));
        file.getFD().sync();
      }
      Files.move(partial, directory.resolve(SUMMARY), StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      IOException failure =
          new IOException(FileFailure.cannotWrite(directory.resolve(SUMMARY), e), e);
      try {
        Files.deleteIfExists(partial);
      } catch (IOException cleanup) {
        failure.addSuppressed(cleanup);
      }
      throw failure;
    }
  }

  private static String hlogName(String label) {
    return label + ".hlog";
  }

  /**
   * Closes every file and, when no interval was recorded, deletes them (the run failed before it
   * began, and the directory may be used again).
   */
  public void closeAndDeleteIfEmpty() throws IOException {
    close();
    Path intervalsFile = directory.resolve(INTERVALS);
    if (Files.size(intervalsFile) == 0) {
      Files.delete(intervalsFile);
      for (String label : labels) {
        Files.deleteIfExists(directory.resolve(hlogName(label)));
      }
    }
  }

  /** Closes every file; throws the first write failure, if there was one. */
  @Override
  public void close() throws IOException {
    IOException error = failure;
    try {
      if (!syncEachInterval && failure == null) {
        intervals.getFD().sync();
      }
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
