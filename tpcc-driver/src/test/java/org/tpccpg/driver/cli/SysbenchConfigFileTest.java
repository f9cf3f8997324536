package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** sysbench's --config-file, read as its read_config() reads a file. */
class SysbenchConfigFileTest {
  @TempDir Path dir;

  @Test
  void theFilesOptionsTakeTheOptionsPlaceSoLaterOptionsWin() throws IOException {
    Path file = dir.resolve("sb.cfg");
    Files.writeString(
        file,
        String.join(
            "\n",
            "# a comment",
            "# threads=9",
            "threads=2",
            "time = 60   # seconds",
            "use_fk=0",
            "no value here",
            "table-options=\"tablespace tbs1\"",
            "report-checkpoints=10, 20,30",
            ""));
    assertArrayEquals(
        new String[] {
          "run",
          "--threads=1",
          "--threads=2",
          "--time=60",
          "--use-fk=0",
          "--table-options=tablespace tbs1",
          "--report-checkpoints=10,20,30",
          "--threads=4"
        },
        SysbenchConfigFile.expand("run", "--threads=1", "--config-file=" + file, "--threads=4"));
  }

  @Test
  void theSpaceSeparatedFormIsReadToo() throws IOException {
    Path file = Files.writeString(dir.resolve("a.cfg"), "scale=3\n");
    assertArrayEquals(
        new String[] {"prepare", "--scale=3"},
        SysbenchConfigFile.expand("prepare", "--config-file", file.toString()));
  }

  @Test
  void aConfigFileNamedInAFileIsNotFollowedAsSysbenchDoesNotFollowIt() throws IOException {
    // sysbench 1.0.20's read_config() stores the line as a value and never opens the file it names
    Path inner = Files.writeString(dir.resolve("inner.cfg"), "threads=3\n");
    Path outer =
        Files.writeString(dir.resolve("outer.cfg"), "config-file=" + inner + "\nscale=2\n");
    Path missing = Files.writeString(dir.resolve("m.cfg"), "config_file=/nonexistent.cfg\n");
    assertArrayEquals(
        new String[] {"run", "--scale=2", "--time=5"},
        SysbenchConfigFile.expand(
            "run", "--config-file=" + outer, "--config-file=" + missing, "--time=5"));
  }

  @Test
  void aFileThatCannotBeReadStaysOnTheLineForTheOptionToRefuse() {
    String[] args = {"run", "--config-file=" + dir.resolve("missing.cfg")};
    assertArrayEquals(args, SysbenchConfigFile.expand(args));
    String[] directory = {"run", "--config-file=" + dir};
    assertArrayEquals(directory, SysbenchConfigFile.expand(directory));
  }

  @Test
  void argumentsAfterADoubleDashAndOtherCommandsAreLeftAlone() {
    String[] after = {"run", "--", "--config-file=x"};
    assertArrayEquals(after, SysbenchConfigFile.expand(after));
    String[] tpcb = {"tpcb", "--config-file=x"};
    assertArrayEquals(tpcb, SysbenchConfigFile.expand(tpcb));
  }

  @Test
  void aValueIsWordsOrQuotedStringsUpToAComment() {
    assertEquals("a,b", SysbenchConfigFile.values(" a b"));
    assertEquals("", SysbenchConfigFile.values("  # nothing"));
    assertEquals("x y,z", SysbenchConfigFile.values("'x y', z # c"));
    assertEquals("1,2", SysbenchConfigFile.values("1,2"));
  }
}
