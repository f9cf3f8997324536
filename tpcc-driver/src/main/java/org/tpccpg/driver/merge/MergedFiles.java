package org.tpccpg.driver.merge;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.tpccpg.driver.results.FileFailure;

/**
 * Writes a merged result as a results directory of its own, the files a single run writes: {@code
 * summary.json}, {@code intervals.jsonl} (the common window) and one {@code <kind>.hlog} (the
 * drivers' interval histograms added, in microseconds), so that {@code compare} and HdrHistogram's
 * tools read it as they read a run's.
 */
public final class MergedFiles {
  private MergedFiles() {}

  /**
   * Writes into {@code directory}, which is created; one that holds a run's or a merge's files is
   * refused.
   *
   * @throws IOException naming the file that could not be written
   */
  public static void write(ResultsMerge m, Path directory, String summaryJson) throws IOException {
    try {
      Files.createDirectories(directory);
    } catch (FileAlreadyExistsException e) {
      // The JDK's message is the bare path (#32).
      throw new IOException("cannot create the directory " + directory + ": a file is there", e);
    } catch (IOException e) {
      throw new IOException(
          "cannot create the directory " + directory + ": " + FileFailure.reason(e), e);
    }
    for (String name : List.of("summary.json", "intervals.jsonl")) {
      if (Files.exists(directory.resolve(name))) {
        throw new IOException(
            directory + " holds a " + name + " already: merge into a new directory");
      }
    }
    Path intervals = directory.resolve("intervals.jsonl");
    try {
      Files.write(intervals, m.intervalLines(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IOException(FileFailure.cannotWrite(intervals, e), e);
    }
    long base = m.started().toEpochMilli();
    for (String kind : m.kinds()) {
      try (PrintStream stream =
          new PrintStream(
              Files.newOutputStream(directory.resolve(kind + ".hlog")),
              false,
              StandardCharsets.UTF_8)) {
        HistogramLogWriter log = new HistogramLogWriter(stream);
        log.outputComment(
            "tpcc merge of "
                + m.drivers().size()
                + " drivers: "
                + kind
                + " latencies in microseconds");
        log.outputLogFormatVersion();
        log.outputStartTime(base);
        log.setBaseTime(base);
        log.outputBaseTime(base);
        log.outputLegend();
        for (int k = 0; k < m.alignment().count(); k++) {
          Histogram h = m.intervals().get(k).get(kind);
          double start = Math.max(0, h.getStartTimeStamp() - base) / 1e3;
          double end = Math.max(0, h.getEndTimeStamp() - base) / 1e3;
          log.outputIntervalHistogram(start, end, h, 1_000.0);
        }
        stream.flush();
        if (stream.checkError()) {
          throw new IOException("cannot write " + directory.resolve(kind + ".hlog"));
        }
      }
    }
    Path summary = directory.resolve("summary.json");
    try {
      Files.writeString(summary, summaryJson + "\n", StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IOException(FileFailure.cannotWrite(summary, e), e);
    }
  }
}
