package org.tpccpg.driver.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A results file that cannot be written: told once, at once, naming the file and the reason. */
class ResultsFilesTest {
  private static final Path FULL = Path.of("/dev/full"); // every write fails with ENOSPC

  @TempDir Path dir;

  @Test
  void theFirstFailedWriteIsToldOnceWithTheFileAndTheReasonAndThrownByClose() throws IOException {
    assumeTrue(Files.isWritable(FULL), "needs Linux's /dev/full");
    Files.createSymbolicLink(dir.resolve("b.hlog"), FULL);
    List<String> told = new ArrayList<>();
    ResultsFiles files =
        ResultsFiles.open(dir, "test", List.of("a", "b"), Instant.EPOCH, told::add);
    String expected = "cannot write " + dir.resolve("b.hlog") + ": No space left on device";
    assertEquals(List.of(expected), told, "told when the hlog's header could not be written");
    Histogram h = new Histogram(3);
    h.recordValue(100);
    files.appendInterval("{\"n\":1}", Map.of("a", h, "b", h));
    files.appendInterval("{\"n\":2}", Map.of("a", h, "b", h));
    assertEquals(1, told.size(), "told once: " + told);
    assertEquals(0, Files.size(dir.resolve(ResultsFiles.INTERVALS)), "no more intervals");
    IOException thrown = assertThrows(IOException.class, files::close);
    assertEquals(expected, thrown.getMessage());
  }

  @Test
  void aSummaryThatCannotBeWrittenNamesItsFileAndLeavesNoPartialFile() throws IOException {
    assumeTrue(Files.isWritable(FULL), "needs Linux's /dev/full");
    Files.createSymbolicLink(dir.resolve(ResultsFiles.SUMMARY + ".partial"), FULL);
    List<String> told = new ArrayList<>();
    try (ResultsFiles files =
        ResultsFiles.open(dir, "test", List.of("a"), Instant.EPOCH, told::add)) {
      IOException thrown = assertThrows(IOException.class, () -> files.writeSummary("{}"));
      assertEquals(
          "cannot write " + dir.resolve(ResultsFiles.SUMMARY) + ": No space left on device",
          thrown.getMessage());
    }
    assertEquals(List.of(), told, "the caller tells a failed summary at the end");
    assertEquals(
        false,
        Files.exists(
            dir.resolve(ResultsFiles.SUMMARY + ".partial"),
            java.nio.file.LinkOption.NOFOLLOW_LINKS));
  }

  @Test
  void aMergesFilesAreARunsFilesNamingTheMergeInTheHlogs() throws IOException {
    Instant started = Instant.parse("2026-12-05T10:00:00Z");
    ResultsFiles files =
        ResultsFiles.forMerge(dir, "tpcc merge of 2 drivers", List.of("a"), started);
    try (files) {
      for (int k = 1; k <= 3; k++) {
        Histogram h = new Histogram(3);
        h.recordValue(100 * k);
        h.setStartTimeStamp(started.toEpochMilli() + (k - 1) * 1000L);
        h.setEndTimeStamp(started.toEpochMilli() + k * 1000L);
        files.appendInterval("{\"n\":" + k + "}", Map.of("a", h));
      }
    }
    files.writeSummary("{}");
    assertEquals(
        List.of("{\"n\":1}", "{\"n\":2}", "{\"n\":3}"),
        Files.readAllLines(dir.resolve(ResultsFiles.INTERVALS)));
    assertEquals(
        "#tpcc merge of 2 drivers: a latencies in microseconds",
        Files.readAllLines(dir.resolve("a.hlog")).get(0));
    try (SavedHistograms log = SavedHistograms.open(dir, "a")) {
      for (int k = 1; k <= 3; k++) {
        assertEquals(100 * k, log.next().getMaxValue(), 1);
      }
      log.requireCount(3);
    }
    assertEquals("{}\n", Files.readString(dir.resolve(ResultsFiles.SUMMARY)));
  }

  @Test
  void aMergeThatCannotWriteThrowsTheFirstFailureAtClose() throws IOException {
    assumeTrue(Files.isWritable(FULL), "needs Linux's /dev/full");
    Files.createSymbolicLink(dir.resolve("a.hlog"), FULL);
    ResultsFiles files =
        ResultsFiles.forMerge(dir, "tpcc merge of 2 drivers", List.of("a"), Instant.EPOCH);
    files.appendInterval("{\"n\":1}", Map.of("a", new Histogram(3)));
    IOException thrown = assertThrows(IOException.class, files::close);
    assertEquals(
        "cannot write " + dir.resolve("a.hlog") + ": No space left on device", thrown.getMessage());
  }
}
