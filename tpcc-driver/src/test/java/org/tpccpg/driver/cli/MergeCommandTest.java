package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tpcc merge} given files where it wants directories: one line naming the path and what is
 * wrong with it (#32: the line was the bare path, {@code tpcc merge: afile}).
 */
class MergeCommandTest {
  @TempDir Path dir;

  @Test
  void aFileAsResultsIsRefusedNamingTheOptionBeforeMerging() throws IOException {
    Path file = Files.writeString(dir.resolve("afile"), "mine");
    List<String> args =
        List.of("merge", "--results", file.toString(), dir.resolve("d1").toString(), "d2");
    CliRun run = CliRun.of(BadInput.array(args));
    BadInput.assertFailsInOneLine(
        run, "tpcc merge: --results=" + file + " is a file, not a directory", args);
    assertEquals(2, run.exitCode());
    assertEquals("mine", Files.readString(file), "the file is left as it was");
  }

  @Test
  void aFileAsADriversDirectoryIsRefusedNamingIt() throws IOException {
    Path file = Files.writeString(dir.resolve("afile"), "");
    List<String> args = List.of("merge", file.toString(), dir.resolve("bfile").toString());
    CliRun run = CliRun.of(BadInput.array(args));
    BadInput.assertFailsInOneLine(
        run,
        "tpcc merge: " + file + " is a file: not a results directory (tpcc run --results=DIR)",
        args);
    assertEquals(1, run.exitCode());
  }
}
