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
}
