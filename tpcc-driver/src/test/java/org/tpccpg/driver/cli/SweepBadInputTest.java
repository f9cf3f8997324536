package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad sweep files: each is refused before anything connects, with exit code 2 and one line naming
 * the file's line, the key and the value (plus picocli's hint). And {@code --dry-run}'s plan.
 */
class SweepBadInputTest {
  private static final String GOOD =
      "[sweep]\nclients = 1, 4\nduration = 2\n[target a]\ndbname = x\n[workload w]\nkind = tpcb\n";

  @TempDir Path directory;

  static Stream<Arguments> badFiles() {
    return Stream.of(
        bad("line 1: expected [section], 'key = value' or a # comment, not 'clients'", "clients"),
        bad("line 1: clients: a key before the first [section]", "clients = 1"),
        bad("no [sweep] section", "[target a]\ndbname = x\n"),
        bad("no [target NAME] section", "[sweep]\nclients=1\nduration=1\n[workload w]\nkind=tpcb"),
        bad("no [workload NAME] section", "[sweep]\nclients=1\nduration=1\n[target a]\ndbname=x"),
        bad("line 8: [wrkload w]: unknown section", GOOD + "[wrkload w]\n"),
        bad("line 8: [sweep]: given twice (first on line 1)", GOOD + "[sweep]\n"),
        bad("line 8: [target a]: the name is taken twice", GOOD + "[target a]\ndbname=y\n"),
        bad("line 8: [target]: needs a name", GOOD + "[target]\n"),
        bad("line 8: [target a.b]: needs a name", GOOD + "[target a.b]\n"),
        bad(
            "line 4: [sweep] duration: given twice (first on line 3)",
            GOOD.replace("duration = 2\n", "duration = 2\nduration = 3\n")),
        bad("line 2: [sweep] clients = 0: must be whole numbers >= 1", GOOD.replace("1, 4", "0")),
        bad("line 2: [sweep] clients = 1, 1: must be whole", GOOD.replace("1, 4", "1, 1")),
        bad("line 2: [sweep] clients = x: must be whole", GOOD.replace("1, 4", "x")),
        bad("line 1: [sweep] clients: is required", GOOD.replace("clients = 1, 4\n", "")),
        bad(
            "line 3: [sweep] duration = 0: must be a whole number >= 1",
            GOOD.replace("= 2", "= 0")),
        bad(
            "line 4: [sweep] repeats = two",
            GOOD.replace("duration = 2", "duration = 2\nrepeats = two")),
        bad(
            "line 3: [sweep] warmup = -1: must be a whole",
            GOOD.replace("duration = 2", "warmup = -1\nduration = 2")),
        bad("line 3: [sweep] duraton: unknown key", GOOD.replace("duration", "duraton")),
        bad("line 4: [target a] dbname: is required", GOOD.replace("dbname = x", "host = h")),
        bad("line 5: [target a] dbname: is empty", GOOD.replace("dbname = x", "dbname =")),
        bad(
            "line 6: [target a] port = 0: must be a whole number >= 1",
            GOOD.replace("dbname = x", "dbname = x\nport = 0")),
        bad(
            "line 6: [target a] password: unknown key",
            GOOD.replace("dbname = x", "dbname = x\npassword = s")),
        bad(
            "line 6: [target a] tpcc_options: no password in a sweep file",
            GOOD.replace("dbname = x", "dbname = x\ntpcc_options = --pgsql-password=s")),
        bad(
            "line 6: [target a] tpcb_options = -c 8: -c: the sweep sets it from [sweep] clients",
            GOOD.replace("dbname = x", "dbname = x\ntpcb_options = -c 8")),
        bad(
            "line 6: [target a] prepare = maybe: must be true or false",
            GOOD.replace("dbname = x", "dbname = x\nprepare = maybe")),
        bad("line 7: [workload w] kind = tpch: must be tpcb or tpcc", GOOD.replace("tpcb", "tpch")),
        bad(
            "line 8: [workload w] options = -S -T 60: -T: the sweep sets it from duration",
            GOOD + "options = -S -T 60\n"),
        bad(
            "line 8: [workload w] options = --threads=8: --threads: the sweep sets it from [sweep]",
            GOOD.replace("tpcb", "tpcc") + "options = --threads=8\n"),
        bad(
            "line 8: [workload w] options = --results=/tmp/x: --results: the sweep sets it",
            GOOD.replace("tpcb", "tpcc") + "options = --results=/tmp/x\n"),
        bad(
            "line 8: [workload w] options = -t 1000: -t: the sweep sets it from events"
                + " (transactions per client): give events = N in [sweep] or the [workload]",
            GOOD + "options = -t 1000\n"),
        bad(
            "line 9: [workload w] events = 5: duration and events exclude each other",
            GOOD + "duration = 4\nevents = 5\n"),
        bad(
            "line 8: [workload w] options = -D 'a: the quote ' is not closed",
            GOOD + "options = -D 'a\n"),
        bad(
            "line 9: [settings] Work-Mem: not a PostgreSQL setting name",
            GOOD + "[settings]\nWork-Mem = 1\n"),
        bad(
            "line 9: [settings] work_mem = 4MB,: give one or more values",
            GOOD + "[settings]\nwork_mem = 4MB,\n"),
        bad(
            "line 9: [settings] work_mem = 4MB, 4MB: a value twice",
            GOOD + "[settings]\nwork_mem = 4MB, 4MB\n"),
        bad("line 8: [settings x]: [settings] takes no name", GOOD + "[settings x]\n"),
        bad(
            "line 5: [target a] dbname = x: excluded by conninfo (line 6): put it in the conninfo",
            GOOD.replace("dbname = x", "dbname = x\nconninfo = dbname=x")),
        bad(
            "line 6: [target a] url = postgresql:///x: conninfo and url exclude each other",
            GOOD.replace("dbname = x", "conninfo = dbname=x\nurl = postgresql:///x")),
        bad(
            "line 5: [target a] conninfo has a password; no password in a sweep file",
            GOOD.replace("dbname = x", "conninfo = dbname=x password=s3cret")),
        bad(
            "line 5: [target a] url has a password; no password in a sweep file",
            GOOD.replace("dbname = x", "url = postgresql://me:s3cret@h/x")),
        bad(
            "line 5: [target a] url has a password; no password in a sweep file",
            GOOD.replace("dbname = x", "url = jdbc:postgresql://h/x?password=s3cret")),
        bad(
            "line 5: [target a] url has a password; no password in a sweep file",
            GOOD.replace("dbname = x", "url = jdbc:postgresql://h/x?sslpassword=k3y")),
        bad(
            "line 9: [settings] primary_conninfo: its value may hold a password",
            GOOD + "[settings]\nprimary_conninfo = host=h\n"),
        bad(
            "line 9: [settings] cluster_name: has a password; no password in a sweep file",
            GOOD + "[settings]\ncluster_name = password=s3cret\n"),
        bad(
            "line 5: [target a] conninfo names no database",
            GOOD.replace("dbname = x", "conninfo = host=h port=5433")),
        bad(
            "line 5: [target a] conninfo names no database; add it (dbname=NAME, or"
                + " postgresql://HOST/NAME): a sweep's target names its database itself, also"
                + " beside a service",
            GOOD.replace("dbname = x", "conninfo = service=bench")),
        bad(
            "line 5: [target a] conninfo has the unknown keyword \"hots\"",
            GOOD.replace("dbname = x", "conninfo = hots=h dbname=x")),
        bad(
            "line 5: [target a] url is not a PostgreSQL URL",
            GOOD.replace("dbname = x", "url = mysql://h/x")),
        bad(
            "line 5: [target a] url has the unknown keyword \"tcpKeepAlive\"",
            GOOD.replace("dbname = x", "url = postgresql://h/x?tcpKeepAlive=true")),
        bad(
            "line 5: [target a] url sslmode: tpcb runs take only host, port, user and dbname",
            GOOD.replace("dbname = x", "url = jdbc:postgresql://h/x?sslmode=require")));
  }

  private static Arguments bad(String fragment, String text) {
    return Arguments.of(fragment, text);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badFiles")
  void aBadSweepFileIsRefusedInOneLineNamingLineAndKey(String fragment, String text)
      throws IOException {
    Path file = directory.resolve("bad.sweep");
    Files.writeString(file, text, StandardCharsets.UTF_8);
    List<String> args = List.of("sweep", file.toString(), "--dry-run");
    CliRun run = CliRun.of(BadInput.array(args));
    BadInput.assertFailsInOneLine(run, "tpcc sweep: " + file + ": " + fragment, args);
    assertEquals(2, run.exitCode());
  }

  /** A refusal of a password never repeats it: not the key's, nor one in options or settings. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("passwords")
  void aRefusedPasswordIsNotRepeated(String where, String line) throws IOException {
    Path file = directory.resolve("secret.sweep");
    Files.writeString(file, GOOD.replace("dbname = x", line), StandardCharsets.UTF_8);
    CliRun run = CliRun.of("sweep", file.toString(), "--dry-run");
    assertEquals(2, run.exitCode(), run.out() + run.err());
    assertTrue(run.err().contains(where), run.err());
    assertFalse((run.out() + run.err()).contains("s3cret"), run.out() + run.err());
  }

  static Stream<Arguments> passwords() {
    return Stream.of(
        Arguments.of("tpcc_options", "dbname = x\ntpcc_options = --pgsql-password=s3cret"),
        Arguments.of("tpcb_options", "dbname = x\ntpcb_options = PGPASSWORD=s3cret"),
        Arguments.of("url", "url = jdbc:postgresql://h/x?sslpassword=s3cret"),
        Arguments.of("url", "url = postgresql://h/x?sslpassword=s3cret"),
        Arguments.of("conninfo", "conninfo = dbname=x sslpassword=s3cret"));
  }

  @Test
  void aMissingSweepFileIsRefusedInOneLine() {
    Path file = directory.resolve("nosuch.sweep");
    List<String> args = List.of("sweep", file.toString());
    CliRun run = CliRun.of(BadInput.array(args));
    BadInput.assertFailsInOneLine(run, "cannot read the sweep file " + file, args);
  }

  /** #32: a file saved with a UTF-8 byte order mark was refused quoting its first line. */
  @Test
  void aByteOrderMarkIsNotPartOfTheFirstLine() throws IOException {
    Path plain = directory.resolve("plain.sweep");
    Path marked = directory.resolve("marked.sweep");
    Files.writeString(plain, GOOD, StandardCharsets.UTF_8);
    Files.writeString(marked, "\uFEFF" + GOOD, StandardCharsets.UTF_8);
    assertEquals((byte) 0xEF, Files.readAllBytes(marked)[0], "the file starts with the mark");
    CliRun withMark = CliRun.of("sweep", marked.toString(), "--dry-run");
    assertEquals(0, withMark.exitCode(), withMark.err());
    assertEquals(CliRun.of("sweep", plain.toString(), "--dry-run").out(), withMark.out());
  }

  /** #32: {@code --bundle ''} is the working directory, and was called "not empty". */
  @Test
  void anEmptyBundleOptionIsRefusedAsEmpty() throws IOException {
    Path file = directory.resolve("good.sweep");
    Files.writeString(file, GOOD.replace("dbname = x", "dbname = x\nport = 1"));
    List<String> args = List.of("sweep", file.toString(), "--bundle", "");
    CliRun run = CliRun.of(BadInput.array(args));
    BadInput.assertFailsInOneLine(run, "tpcc sweep: --bundle is empty: give a directory", args);
    assertEquals(2, run.exitCode());
  }

  /** #32: resuming from a truncated manifest gave Jackson's message, without the file. */
  @Test
  void aTruncatedManifestIsRefusedOnResumeNamingTheFile() throws IOException {
    Path file = directory.resolve("good.sweep");
    String text = GOOD.replace("dbname = x", "dbname = x\nport = 1");
    Files.writeString(file, text);
    Path bundle = Files.createDirectories(directory.resolve("bundle"));
    Files.writeString(bundle.resolve("good.sweep"), text);
    Path manifest = bundle.resolve("manifest.json");
    Files.writeString(manifest, "{\"schema_version\":1,\"kind\":\"tpcc-sweep\",\"seed\":");
    List<String> args = List.of("sweep", file.toString(), "--bundle", bundle.toString());
    CliRun run = CliRun.of(BadInput.array(args));
    BadInput.assertFailsInOneLine(
        run, "tpcc sweep: " + manifest + ": not valid JSON: Unexpected end-of-input", args);
    assertEquals(1, run.exitCode());
    assertEquals(
        "{\"schema_version\":1,\"kind\":\"tpcc-sweep\",\"seed\":",
        Files.readString(manifest),
        "the manifest is left as it was");
  }

  @Test
  void dryRunPrintsTheCellsInRunOrderWithTheirChildrensCommandLinesWithoutConnecting()
      throws IOException {
    Path file = directory.resolve("good.sweep");
    Files.writeString(
        file,
        GOOD.replace(
                "kind = tpcb\n",
                "kind = tpcb\noptions = -M prepared -D \"x=a b\"\nprepare = true\n"
                    + "prepare_options = -s 2 -q\n")
            + "[target b]\ndbname = y\nhost = db2\nprepare = false\n[settings]\nwork_mem = 4MB\n",
        StandardCharsets.UTF_8);
    Map<String, String> environment =
        Map.of("HOME", directory.toString(), "PGPORT", "1", "PGUSER", "ann", "PGPASSWORD", "s3cr");
    CliRun run = CliRun.of(environment, "sweep", file.toString(), "--dry-run");
    assertEquals(0, run.exitCode(), run.err());
    String tpcb = "  tpcc tpcb -M prepared -D 'x=a b' -c ";
    assertEquals(
        List.of(
            "prepare w on a:",
            "  tpcc tpcb -i -s 2 -q -h localhost -p 1 -U ann x",
            "a.w.c1.s1.r1 {work_mem=4MB}",
            tpcb
                + "1 -T 2 -P 1 --random-seed=1 --results=BUNDLE/runs/a.w.c1.s1.r1 -h localhost"
                + " -p 1 -U ann x",
            "b.w.c1.s1.r1 {work_mem=4MB}",
            tpcb
                + "1 -T 2 -P 1 --random-seed=1 --results=BUNDLE/runs/b.w.c1.s1.r1 -h db2 -p 1"
                + " -U ann y",
            "a.w.c4.s1.r1 {work_mem=4MB}",
            tpcb
                + "4 -T 2 -P 1 --random-seed=1 --results=BUNDLE/runs/a.w.c4.s1.r1 -h localhost"
                + " -p 1 -U ann x",
            "b.w.c4.s1.r1 {work_mem=4MB}",
            tpcb
                + "4 -T 2 -P 1 --random-seed=1 --results=BUNDLE/runs/b.w.c4.s1.r1 -h db2 -p 1"
                + " -U ann y",
            "sweep: 4 cells, about 28 s"),
        run.out().lines().toList());
    assertFalse(run.out().contains("s3cr"), "no password in a child's command line");
    Path bundle = directory.resolve("given");
    CliRun given =
        CliRun.of(
            environment, "sweep", file.toString(), "--dry-run", "--bundle", bundle.toString());
    assertTrue(given.out().contains(" --results=" + bundle + "/runs/a.w.c1.s1.r1 "), given.out());
    assertFalse(Files.exists(bundle), "a dry run makes no bundle");
  }

  /**
   * A grid of 500,000 cells is refused before anything connects, with its count and estimated
   * duration (2 s per cell plus 5 s to start its child), without listing its cells.
   */
  @Test
  void aHugeGridIsRefusedWithItsCountAndDuration() throws IOException {
    StringBuilder clients = new StringBuilder("1");
    for (int c = 2; c <= 50; c++) {
      clients.append(", ").append(c);
    }
    Path file = directory.resolve("huge.sweep");
    Files.writeString(
        file,
        GOOD.replace("1, 4", clients).replace("duration = 2", "duration = 2\nrepeats = 1000")
            + "[settings]\nwork_mem = 1MB, 2MB, 3MB, 4MB, 5MB, 6MB, 7MB, 8MB, 9MB, 10MB\n",
        StandardCharsets.UTF_8);
    List<String> args =
        List.of("sweep", file.toString(), "--bundle", directory.resolve("b").toString());
    long start = System.nanoTime();
    CliRun run = CliRun.of(BadInput.array(args));
    assertTrue(System.nanoTime() - start < 5_000_000_000L, "refused at once");
    BadInput.assertFailsInOneLine(
        run,
        "tpcc sweep: --max-cells=10000: "
            + file
            + " has 500000 cells, about 40 d 12 h; make the grid smaller, or raise --max-cells to"
            + " run it",
        args);
    assertEquals(2, run.exitCode());
    assertFalse(Files.exists(directory.resolve("b")), "no bundle");
    Path small = directory.resolve("small.sweep");
    Files.writeString(small, GOOD, StandardCharsets.UTF_8);
    CliRun capped = CliRun.of("sweep", small.toString(), "--max-cells=1");
    assertEquals(2, capped.exitCode(), capped.err());
    assertTrue(capped.err().contains(" has 2 cells, about 14 s; make the grid"), capped.err());
    CliRun dry = CliRun.of("sweep", small.toString(), "--dry-run", "--max-cells=1");
    assertEquals(0, dry.exitCode(), dry.err());
    assertTrue(dry.out().endsWith("sweep: 2 cells, about 14 s\n"), "counted, not refused");
  }
}
