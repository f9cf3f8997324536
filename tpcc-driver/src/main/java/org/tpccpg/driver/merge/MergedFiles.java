package org.tpccpg.driver.merge;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.tpccpg.driver.results.FileFailure;
import org.tpccpg.driver.results.ResultsFiles;

/**
 * Writes a merged result as a results directory of its own, the files a single run writes: {@code
 * summary.json}, {@code intervals.jsonl} (the common window) and one {@code <kind>.hlog} (the
 * drivers' interval histograms added, in microseconds), so that {@code compare} and HdrHistogram's
 * tools read it as they read a run's. The files are written by {@link ResultsFiles}, as a run's.
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
    for (String name : List.of(ResultsFiles.SUMMARY, ResultsFiles.INTERVALS)) {
      if (Files.exists(directory.resolve(name))) {
        throw new IOException(
            directory + " holds a " + name + " already: merge into a new directory");
      }
    }
    List<String> lines = m.intervalLines();
    ResultsFiles files;
    try {
      files =
          ResultsFiles.forMerge(
              directory,
              "tpcc merge of " + m.drivers().size() + " drivers",
              m.kinds(),
              m.started());
    } catch (FileSystemException e) {
      Path file = e.getFile() == null ? directory : Path.of(e.getFile());
      throw new IOException(FileFailure.cannotWrite(file, e), e);
    }
    try (files) {
      for (int k = 0; k < lines.size(); k++) {
        files.appendInterval(lines.get(k), m.intervals().get(k));
      }
    }
    files.writeSummary(summaryJson);
  }
}
