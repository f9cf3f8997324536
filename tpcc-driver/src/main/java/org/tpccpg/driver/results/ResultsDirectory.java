package org.tpccpg.driver.results;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * Where a run's results go: the directory named by {@code --results}, or for long runs a default
 * under the working directory, {@code results/<UTC time>-<workload>-run/}. It is created before the
 * run starts and must not already hold another run's files, which are never overwritten.
 */
public final class ResultsDirectory {
  /** Runs at least this long (or unlimited) record results even without {@code --results}. */
  public static final long LONG_RUN_SECONDS = 3_600;

  /** The files a run writes, besides one {@code <type>.hlog} per transaction type. */
  public static final List<String> RUN_FILES =
      List.of(ResultsFiles.INTERVALS, ResultsFiles.SUMMARY);

  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

  private ResultsDirectory() {}

  /** Whether a run of this length records results by default. */
  public static boolean recordsByDefault(long timeSeconds) {
    return timeSeconds == 0 || timeSeconds >= LONG_RUN_SECONDS;
  }

  /**
   * {@code results/<yyyyMMdd'T'HHmmss'Z'>-<workload>-run}, relative to the working directory, with
   * {@code -2}, {@code -3}... appended while that name is taken.
   *
   * @param workload {@code tpcc} or {@code tpcb}
   */
  public static Path defaultPath(Instant now, String workload) {
    Path first = Path.of("results", STAMP.format(now) + "-" + workload + "-run");
    Path dir = first;
    for (int n = 2; Files.exists(dir); n++) {
      dir = Path.of(first + "-" + n);
    }
    return dir;
  }

  /**
   * Removes {@code dir} if this run created it and it is still empty (nothing was recorded); a
   * failure to remove it is added to {@code failure}.
   */
  public static void removeIfEmpty(Path dir, boolean created, Exception failure) {
    if (!created || dir == null || !Files.isDirectory(dir)) {
      return;
    }
    try (var entries = Files.list(dir)) {
      if (entries.findAny().isEmpty()) {
        Files.delete(dir);
      }
    } catch (IOException e) {
      failure.addSuppressed(e);
    }
  }

  /**
   * Creates the directory (and its parents) and proves it writable with a probe file.
   *
   * @return the directory
   * @throws IOException with a message that says what is wrong, without the path (callers name it)
   */
  public static Path prepare(Path dir) throws IOException {
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      throw new IOException("it exists and is not a directory");
    }
    try {
      Files.createDirectories(dir);
    } catch (FileAlreadyExistsException e) {
      throw new IOException("a part of the path is a file: " + e.getFile(), e);
    } catch (IOException e) {
      throw new IOException("cannot create it (" + FileFailure.reason(e) + ")", e);
    }
    for (String name : RUN_FILES) {
      if (Files.exists(dir.resolve(name))) {
        throw new IOException("it already holds " + name + " of another run; name a new directory");
      }
    }
    try {
      Path probe = Files.createTempFile(dir, ".probe", ".tmp");
      Files.delete(probe);
    } catch (IOException e) {
      throw new IOException("it is not writable (" + FileFailure.reason(e) + ")", e);
    }
    return dir;
  }
}
