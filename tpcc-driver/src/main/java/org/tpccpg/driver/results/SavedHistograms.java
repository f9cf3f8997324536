package org.tpccpg.driver.results;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.NoSuchElementException;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * A kind's HdrHistogram interval log ({@code <kind>.hlog}, one histogram of whole microseconds per
 * interval) read back, one histogram at a time: the one reader of what a run writes beside {@code
 * intervals.jsonl}, for compare, report and merge. A line HdrHistogram's reader cannot parse is
 * passed over without a word, so a damaged log reads as a short one: a caller that knows how many
 * intervals the run recorded checks the count ({@link #requireCount}). It does not hold the
 * histograms.
 */
public final class SavedHistograms implements AutoCloseable {
  /** Unreadable lines in a row after which the file is taken for something else. */
  private static final int MAX_SKIPPED = 1_000;

  private final Path file;
  private final HistogramLogReader reader;
  private int count;

  private SavedHistograms(Path file, HistogramLogReader reader) {
    this.file = file;
    this.reader = reader;
  }

  /** The log of a kind in a results directory. */
  public static Path file(Path directory, String kind) {
    return directory.resolve(kind + ".hlog");
  }

  /** Whether a results directory holds the log of a kind. */
  public static boolean exists(Path directory, String kind) {
    return Files.isRegularFile(file(directory, kind));
  }

  /**
   * Opens the log of a kind.
   *
   * @throws IOException naming the file when it does not exist or cannot be read
   */
  public static SavedHistograms open(Path directory, String kind) throws IOException {
    Path file = file(directory, kind);
    if (!Files.exists(file)) {
      throw new IOException(file + " does not exist");
    }
    try {
      return new SavedHistograms(file, new HistogramLogReader(file.toFile()));
    } catch (FileNotFoundException e) {
      throw new IOException(file + " cannot be read: " + FileFailure.reason(e), e);
    }
  }

  /**
   * The next interval's histogram, or null at the end of the log.
   *
   * @throws IOException naming the file when the log holds something else
   */
  public Histogram next() throws IOException {
    EncodableHistogram next;
    try {
      next = reader.nextIntervalHistogram();
      // HdrHistogram's reader returns null at a line it cannot parse as at the end; it reads on
      // after one, and a histogram lost that way is what requireCount names
      for (int skipped = 0; next == null && reader.hasNext(); skipped++) {
        if (skipped == MAX_SKIPPED) {
          throw new IOException(file + " is not a readable HdrHistogram log");
        }
        next = reader.nextIntervalHistogram();
      }
    } catch (NoSuchElementException e) {
      return null; // its scanner fails so on a blank last line (HdrHistogram 2.2.2): the end
    } catch (RuntimeException e) { // it throws unchecked on some other damage
      throw new IOException(file + " is not a readable HdrHistogram log: " + e, e);
    }
    if (next == null) {
      return null;
    }
    if (!(next instanceof Histogram histogram)) {
      throw new IOException(file + " holds a histogram that is not of whole microseconds");
    }
    count++;
    return histogram;
  }

  /** The histograms read so far. */
  public int count() {
    return count;
  }

  /**
   * Fails unless the whole log held one histogram per interval line, as a run writes them.
   *
   * @param lines the lines of the run's {@code intervals.jsonl}
   * @throws IOException naming the file and both counts
   */
  public void requireCount(long lines) throws IOException {
    if (count != lines) {
      throw new IOException(
          file
              + " has "
              + count
              + " interval histograms but "
              + ResultsFiles.INTERVALS
              + " has "
              + lines
              + " lines: one of them is damaged or cut short");
    }
  }

  @Override
  public void close() {
    reader.close();
  }
}
