package org.tpccpg.driver.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.DoubleHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one reader of the kinds' .hlog files: as a run writes them, and what it refuses. */
class SavedHistogramsTest {
  @TempDir Path dir;

  /** A log of one histogram per interval, each with {@code count} values of {@code micros}. */
  private void write(String kind, List<Integer> counts, long micros) throws IOException {
    try (PrintStream out = new PrintStream(SavedHistograms.file(dir, kind).toFile())) {
      HistogramLogWriter log = new HistogramLogWriter(out);
      log.outputLogFormatVersion();
      log.outputLegend();
      for (int i = 0; i < counts.size(); i++) {
        Histogram h = new Histogram(3);
        h.recordValueWithCount(micros, counts.get(i));
        h.setStartTimeStamp(1000L * i);
        h.setEndTimeStamp(1000L * (i + 1));
        log.outputIntervalHistogram(h);
      }
    }
  }

  @Test
  void eachIntervalsHistogramIsReadInOrderAndCounted() throws IOException {
    write("payment", List.of(3, 5, 7), 2_000);
    try (SavedHistograms log = SavedHistograms.open(dir, "payment")) {
      assertEquals(3, log.next().getTotalCount());
      assertEquals(5, log.next().getTotalCount());
      Histogram third = log.next();
      assertEquals(7, third.getTotalCount());
      assertEquals(2_000, third.getValueAtPercentile(50), 2);
      assertNull(log.next());
      assertEquals(3, log.count());
      log.requireCount(3);
    }
  }

  /**
   * HdrHistogram's reader passes over a line it cannot parse without a word: the count against
   * intervals.jsonl is what names the damage.
   */
  @Test
  void aDamagedLogReadsShortAndTheCountNamesItInOneLine() throws IOException {
    write("payment", List.of(3, 5, 7, 9), 2_000);
    Path file = SavedHistograms.file(dir, "payment");
    List<String> lines = Files.readAllLines(file);
    lines.set(lines.size() - 2, "not,a,histogram,line");
    Files.write(file, lines);
    try (SavedHistograms log = SavedHistograms.open(dir, "payment")) {
      while (log.next() != null) {
        // read to the end
      }
      assertEquals(3, log.count(), "the damaged interval is passed over, the last one read");
      IOException e = assertThrows(IOException.class, () -> log.requireCount(4));
      assertEquals(
          file
              + " has "
              + log.count()
              + " interval histograms but intervals.jsonl has 4 lines: one of them is damaged or"
              + " cut short",
          e.getMessage());
    }
  }

  /** Damage outside the histograms (its legend, a blank last line) loses nothing. */
  @Test
  void damageBesideTheHistogramsLosesNone() throws IOException {
    write("payment", List.of(3, 5, 7), 2_000);
    Path file = SavedHistograms.file(dir, "payment");
    List<String> lines = Files.readAllLines(file);
    int legend = lines.indexOf(lines.stream().filter(l -> l.startsWith("\"")).findFirst().get());
    lines.set(legend, "not,a,legend");
    lines.add("");
    Files.write(file, lines);
    try (SavedHistograms log = SavedHistograms.open(dir, "payment")) {
      while (log.next() != null) {
        // read to the end
      }
      log.requireCount(3);
    }
  }

  @Test
  void aMissingLogOrOneOfFractionalValuesIsNamed() throws IOException {
    assertTrue(!SavedHistograms.exists(dir, "delivery"));
    IOException missing =
        assertThrows(IOException.class, () -> SavedHistograms.open(dir, "delivery"));
    assertEquals(SavedHistograms.file(dir, "delivery") + " does not exist", missing.getMessage());
    try (PrintStream out = new PrintStream(SavedHistograms.file(dir, "delivery").toFile())) {
      HistogramLogWriter log = new HistogramLogWriter(out);
      DoubleHistogram h = new DoubleHistogram(3);
      h.recordValue(1.5);
      log.outputIntervalHistogram(h);
    }
    try (SavedHistograms log = SavedHistograms.open(dir, "delivery")) {
      IOException e = assertThrows(IOException.class, log::next);
      assertTrue(e.getMessage().endsWith("is not of whole microseconds"), e.getMessage());
    }
  }
}
