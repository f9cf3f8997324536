package org.tpccpg.driver.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import org.tpccpg.driver.results.ResultsDirectory;

/**
 * Where a run records its results files: the directory {@code --results} names, or for long runs
 * the default {@code results/<UTC time>-<workload>-run/}, or nowhere. Created and proved writable
 * before the run connects; removed again when the run fails before recording anything.
 */
final class ResultsLocation {
  private final Path directory; // null: nowhere
  private final boolean named;
  private boolean created;

  private ResultsLocation(Path directory, boolean named) {
    this.directory = directory;
    this.named = named;
  }

  /**
   * @param named the {@code --results} value, or null
   * @param longRun whether the run is long enough to record by default
   * @param workload {@code tpcc} or {@code tpcb}, in the default directory's name
   */
  static ResultsLocation choose(Path named, boolean longRun, String workload) {
    if (named != null) {
      return new ResultsLocation(named, true);
    }
    if (!longRun) {
      return new ResultsLocation(null, false);
    }
    return new ResultsLocation(
        ResultsDirectory.defaultPath(Clock.systemUTC().instant(), workload), false);
  }

  /** The directory, or null when the run records nothing. */
  Path directory() {
    return directory;
  }

  /**
   * Creates the directory and checks it can take a run's files.
   *
   * @return null when it can, else one line that names the option (or the default) and the reason
   */
  String prepare() {
    if (directory == null) {
      return null;
    }
    created = !Files.exists(directory);
    try {
      ResultsDirectory.prepare(directory);
      return null;
    } catch (IOException e) {
      String name =
          named
              ? "--results=" + directory
              : "the results directory "
                  + directory
                  + " (the default for long runs; see --results)";
      return name + " cannot be used: " + e.getMessage();
    }
  }

  /**
   * Interrupted before the run: removes the directory if it made it and it is empty.
   *
   * @return whether it removed it
   */
  boolean removeIfEmpty() {
    if (!created || directory == null || !Files.isDirectory(directory)) {
      return false;
    }
    ResultsDirectory.removeIfEmpty(directory, true, new IOException("interrupted"));
    return !Files.exists(directory);
  }

  /** The run failed before recording: removes the directory if it made it and it is empty. */
  void removeIfUnused(Exception failure) {
    ResultsDirectory.removeIfEmpty(directory, created, failure);
  }
}
