package org.tpccpg.driver.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tpccpg.driver.cli.TpccCli;
import org.tpccpg.driver.cli.TpccDataSets;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestDatabase;

/**
 * Results files and {@code -l} files on a full disk (a 64 kB tmpfs, filled up): the first failed
 * write is told at once in one line naming the file and the reason, the report lines go on, the
 * closing summary is printed, and the run exits with 1. Needs root to mount the tmpfs.
 */
class FullDiskIT {
  @RegisterExtension
  static final PostgresFixture POSTGRES = new PostgresFixture(TpccDataSets.oneWarehouse());

  private static Path disk;

  /** What a command printed, and its exit code. */
  private record Output(int exitCode, String out, String err) {
    /** The error lines that say a file could not be written. */
    List<String> cannotWrite() {
      return err.lines().filter(l -> l.contains("cannot write ")).toList();
    }
  }

  @BeforeAll
  static void mountASmallDisk() throws Exception {
    disk = Files.createTempDirectory("tpcc-full-disk");
    int code = command("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", disk.toString());
    if (code != 0) {
      Files.delete(disk);
      disk = null;
    }
    assumeTrue(disk != null, "mounting a tmpfs needs root (mount exited with " + code + ")");
    assertEquals(0, tpcb("-i", "-s", "1", "-q").exitCode());
  }

  @AfterAll
  static void unmount() throws Exception {
    if (disk != null) {
      if (command("umount", disk.toString()) != 0) {
        command("umount", "-l", disk.toString());
      }
      Files.deleteIfExists(disk);
    }
  }

  /** Empties the disk, then fills it to the last byte. */
  @BeforeEach
  void fillTheDisk() throws IOException {
    try (Stream<Path> files = Files.walk(disk)) {
      for (Path p : files.sorted((a, b) -> b.compareTo(a)).toList()) {
        if (!p.equals(disk)) {
          Files.delete(p);
        }
      }
    }
    try (OutputStream filler = Files.newOutputStream(disk.resolve("filler"))) {
      byte[] block = new byte[4096];
      for (int i = 0; i < 1_000; i++) {
        filler.write(block);
        filler.flush();
      }
    } catch (IOException e) {
      assertTrue(e.getMessage().contains("No space left on device"), e.toString());
      return;
    }
    throw new AssertionError("the tmpfs did not fill up");
  }

  private static int command(String... command) throws Exception {
    return new ProcessBuilder(command).inheritIO().start().waitFor();
  }

  private static List<String> tpccOptions(String... more) {
    TestDatabase db = POSTGRES.database();
    List<String> args =
        new ArrayList<>(
            List.of(
                "--pgsql-host=" + db.host(),
                "--pgsql-port=" + db.port(),
                "--pgsql-user=" + db.user(),
                "--pgsql-db=" + db.name(),
                "--tables=1",
                "--scale=1",
                "--threads=2"));
    args.addAll(List.of(more));
    return args;
  }

  private static Output tpcc(StringWriter outText, List<String> args) {
    StringWriter err = new StringWriter();
    int code =
        TpccCli.execute(
            args.toArray(String[]::new), new PrintWriter(outText), new PrintWriter(err), Map.of());
    return new Output(code, outText.toString(), err.toString());
  }

  private static Output tpcb(String... args) {
    TestDatabase db = POSTGRES.database();
    List<String> command = new ArrayList<>(List.of("tpcb"));
    command.addAll(List.of(args));
    command.add(db.name());
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code =
        TpccCli.execute(
            command.toArray(String[]::new),
            new PrintWriter(out),
            new PrintWriter(err),
            Map.of(
                "PGHOST", db.host(),
                "PGPORT", Integer.toString(db.port()),
                "PGUSER", db.user(),
                "PGPASSWORD", db.password()));
    return new Output(code, out.toString(), err.toString());
  }

  /** Exactly one line about the failed write, naming a file under {@code dir} and the reason. */
  private static String theOneFailureLine(Output output, String prefix, Path dir) {
    List<String> lines = output.cannotWrite();
    List<String> atOnce = lines.stream().filter(l -> l.contains("the run goes on")).toList();
    assertEquals(1, atOnce.size(), "told once, as it happened:\n" + output.err());
    String line = atOnce.get(0);
    assertTrue(
        Pattern.compile(
                Pattern.quote(prefix + "cannot write " + dir + "/")
                    + "[^ :]+: No space left on device; the run goes on")
            .matcher(line)
            .lookingAt(),
        line);
    return line;
  }

  @Test
  void tpccRunResultsOnAFullDiskSayWhichFileAndWhyAndTheRunGoesOnToItsSummary() {
    Path dir = disk.resolve("tpcc");
    StringWriter out = new StringWriter();
    Output output =
        tpcc(out, tpccOptions("--time=5", "--report-interval=1", "--results=" + dir, "run"));
    assertEquals(1, output.exitCode(), output.out() + output.err());
    theOneFailureLine(output, "tpcc run: ", dir);
    long reportLines = output.out().lines().filter(l -> l.startsWith("[ ")).count();
    assertTrue(reportLines >= 2, "the report lines go on:\n" + output.out());
    assertTrue(output.out().contains("SQL statistics:"), "the summary:\n" + output.out());
    assertTrue(
        output.err().contains("tpcc run: writing the results files failed: cannot write " + dir),
        output.err());
  }

  @Test
  void tpcbResultsOnAFullDiskSayWhichFileAndWhyAndTheRunGoesOnToItsBlock() {
    Path dir = disk.resolve("tpcb");
    // 5 s: two progress lines or more after the failed write, on a loaded machine too
    Output output = tpcb("-T", "5", "-P", "1", "-c", "2", "--results=" + dir);
    assertEquals(1, output.exitCode(), output.out() + output.err());
    String line = theOneFailureLine(output, "tpcc tpcb: error: ", dir);
    String afterIt = output.err().substring(output.err().indexOf(line));
    assertTrue(
        afterIt.lines().filter(l -> l.startsWith("progress: ")).count() >= 2,
        "the progress lines go on:\n" + output.err());
    assertTrue(output.out().contains("number of transactions actually processed: "), output.out());
    assertTrue(
        output.err().contains("tpcc tpcb: error: writing the results files failed: cannot write"),
        output.err());
  }

  @Test
  void tpcbTransactionLogOnAFullDiskSaysWhichFileAndWhyAndTheRunGoesOnToItsBlock() {
    Path prefix = disk.resolve("log");
    Output output = tpcb("-T", "3", "-P", "1", "-c", "2", "-l", "--log-prefix=" + prefix);
    assertEquals(1, output.exitCode(), output.out() + output.err());
    String line = theOneFailureLine(output, "tpcc tpcb: error: ", disk);
    assertTrue(
        line.contains(disk.resolve("log.") + Long.toString(ProcessHandle.current().pid())), line);
    assertTrue(output.out().contains("number of transactions actually processed: "), output.out());
    assertTrue(
        output.err().contains("tpcc tpcb: error: the transaction log is incomplete: cannot write"),
        output.err());
  }
}
