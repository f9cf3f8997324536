package org.tpccpg.driver.soak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestDatabase;

/** {@code bin/tpcc-soak} driven as a user would: start, status, a refused second start, stop. */
class SoakScriptIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  private static final Path SCRIPT = Path.of("..", "bin", "tpcc-soak").toAbsolutePath();

  @TempDir Path tmp;

  /** One finished invocation of the script. */
  record Result(int exitCode, String out, String err) {}

  private Result soak(List<String> args) throws IOException, InterruptedException {
    return soak(args, Map.of());
  }

  private Result soak(List<String> args, Map<String, String> environment)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(SCRIPT.toString()));
    command.addAll(args);
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().putAll(environment);
    builder.environment().put("XDG_RUNTIME_DIR", tmp.toString()); // a lock space of its own
    builder.directory(tmp.toFile()); // where ./soak would be: none unless a test makes it
    Path out = tmp.resolve("out.txt");
    Path err = tmp.resolve("err.txt");
    Process process = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    assertTrue(process.waitFor(150, TimeUnit.SECONDS), "the script returned: " + command);
    return new Result(
        process.exitValue(),
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  private List<String> start(Path dir, String time) {
    TestDatabase db = POSTGRES.database();
    return List.of(
        "start",
        "--dir",
        dir.toString(),
        "--",
        "--pgsql-host=" + db.host(),
        "--pgsql-port=" + db.port(),
        "--pgsql-user=" + db.user(),
        "--pgsql-db=" + db.name(),
        "--tables=1",
        "--scale=1",
        "--threads=2",
        "--time=" + time,
        "--report-interval=1");
  }

  private Result status(Path dir) throws IOException, InterruptedException {
    return soak(List.of("status", "--dir", dir.toString()));
  }

  private void awaitEnd(Path dir) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(80);
    while (status(dir).exitCode() == 0) {
      assertTrue(System.nanoTime() < deadline, "the soak ended in time: " + status(dir).out());
      Thread.sleep(500);
    }
  }

  /** A failed test must not leave a detached soak behind. */
  @AfterEach
  void stopLeftovers() throws Exception {
    for (String name : List.of("first", "long", "tpcb", "orphan")) {
      if (Files.exists(tmp.resolve(name).resolve("pid"))) {
        soak(List.of("stop", "--dir", tmp.resolve(name).toString()));
      }
    }
  }

  private static String read(Path file) throws IOException {
    return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
  }

  @Test
  void aSoakRunsEveryPhaseDetachedAndASecondOneOnTheSameTargetIsRefused() throws Exception {
    Path dir = tmp.resolve("first");
    Result started = soak(start(dir, "5"));
    assertEquals(0, started.exitCode(), started.err());
    Result running = status(dir);
    assertEquals(0, running.exitCode(), running.out() + running.err());
    assertTrue(running.out().startsWith("running: phase "), running.out());

    Result second = soak(start(tmp.resolve("second"), "5"));
    assertNotEquals(0, second.exitCode());
    assertTrue(second.err().contains("already running"), second.err());
    assertEquals(1, second.err().lines().count(), second.err());

    awaitEnd(dir);
    Result ended = status(dir);
    assertEquals(3, ended.exitCode(), ended.out());
    assertTrue(
        ended.out().contains("finished, exit code 0"), ended.out() + read(dir.resolve("soak.log")));
    assertTrue(read(dir.resolve("run.log")).contains("] thds: "), read(dir.resolve("run.log")));
    assertTrue(
        read(dir.resolve("check.log")).contains("check: all"), read(dir.resolve("check.log")));
    assertTrue(Files.size(dir.resolve("results/intervals.jsonl")) > 0);
    assertTrue(Files.exists(dir.resolve("results/summary.json")));
  }

  /** pgbench's way of naming the server: PG* variables, and the database as the last argument. */
  private static Map<String, String> pgEnvironment() {
    TestDatabase db = POSTGRES.database();
    return Map.of(
        "PGHOST", db.host(),
        "PGPORT", Integer.toString(db.port()),
        "PGUSER", db.user(),
        "PGPASSWORD", db.password());
  }

  private List<String> startTpcb(Path dir) {
    return List.of(
        "start",
        "--workload",
        "tpcb",
        "--init",
        "-s 1 -q",
        "--dir",
        dir.toString(),
        "--",
        "-c",
        "2",
        "-T",
        "5",
        "-P",
        "1",
        POSTGRES.database().name());
  }

  @Test
  void aTpcbSoakInitializesRunsRecordsAndChecksTheBalances() throws Exception {
    Path dir = tmp.resolve("tpcb");
    Result started = soak(startTpcb(dir), pgEnvironment());
    assertEquals(0, started.exitCode(), started.err());
    Result second = soak(startTpcb(tmp.resolve("tpcb-second")), pgEnvironment());
    assertEquals(1, second.exitCode(), second.err());
    assertTrue(second.err().contains("already running"), second.err());

    awaitEnd(dir);
    Result ended = status(dir);
    String logs = read(dir.resolve("soak.log")) + read(dir.resolve("run.log"));
    assertTrue(ended.out().contains("finished, exit code 0"), ended.out() + logs);
    assertTrue(ended.out().contains("last report: progress: "), ended.out());
    assertTrue(read(dir.resolve("init.log")).contains("done in"), read(dir.resolve("init.log")));
    String run = read(dir.resolve("run.log"));
    assertTrue(run.contains("number of transactions actually processed"), run);
    assertTrue(Files.size(dir.resolve("results/intervals.jsonl")) > 0);
    assertTrue(Files.exists(dir.resolve("results/tpcb-like.hlog")));
    assertTrue(Files.exists(dir.resolve("results/summary.json")));
    String check = read(dir.resolve("check.log"));
    assertTrue(check.contains("check: all 5 conditions checked hold"), check);
  }

  @Test
  void stopEndsALongSoakWithItsSummaryWritten() throws Exception {
    Path dir = tmp.resolve("long");
    Result started = soak(start(dir, "600"));
    assertEquals(0, started.exitCode(), started.err());
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!read(dir.resolve("run.log")).contains("] thds: ")) {
      assertTrue(System.nanoTime() < deadline, "a report line: " + read(dir.resolve("soak.log")));
      Thread.sleep(200);
    }
    Result stopped = soak(List.of("stop", "--dir", dir.toString()));
    assertEquals(0, stopped.exitCode(), stopped.out() + stopped.err());
    assertEquals(3, status(dir).exitCode());
    String summary = read(dir.resolve("results/summary.json"));
    assertTrue(summary.contains("\"stopped_early\":true"), summary + read(dir.resolve("run.log")));
    assertTrue(read(dir.resolve("soak.log")).contains("stop requested"));
    assertTrue(!Files.exists(dir.resolve("check.log")), "a stopped soak skips the check");
  }

  private void awaitReportLine(Path dir) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!read(dir.resolve("run.log")).contains("] thds: ")) {
      assertTrue(System.nanoTime() < deadline, "a report line: " + read(dir.resolve("soak.log")));
      Thread.sleep(200);
    }
  }

  private static long reportLines(Path dir) throws IOException {
    return read(dir.resolve("run.log")).lines().filter(line -> line.contains("] thds: ")).count();
  }

  private static long warehouses() throws Exception {
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement();
        ResultSet rows = s.executeQuery("SELECT count(*) FROM warehouse1")) {
      rows.next();
      return rows.getLong(1);
    }
  }

  /** kill -9 of the supervisor leaves its run phase going: the locks and stop must follow it. */
  @Test
  void aPhaseOrphanedByAKilledSupervisorKeepsTheLockAndStatusAndStopFindIt() throws Exception {
    Path dir = tmp.resolve("orphan");
    Result started = soak(start(dir, "600"));
    assertEquals(0, started.exitCode(), started.err());
    awaitReportLine(dir);
    long supervisor = Long.parseLong(read(dir.resolve("pid")).strip());
    ProcessHandle handle = ProcessHandle.of(supervisor).orElseThrow();
    assertTrue(handle.destroyForcibly(), "SIGKILL sent to the supervisor");
    handle.onExit().get(10, TimeUnit.SECONDS);

    Path secondDir = tmp.resolve("orphan-second");
    Result second = soak(start(secondDir, "5"));
    assertEquals(1, second.exitCode(), second.out() + second.err());
    assertTrue(second.err().contains("a soak is already running on "), second.err());
    assertTrue(second.err().contains("the soak in " + dir), second.err());
    assertEquals(1, second.err().lines().count(), second.err());
    assertTrue(!Files.exists(secondDir.resolve("cleanup.log")), "the refused soak ran nothing");

    Result orphaned = status(dir);
    assertEquals(0, orphaned.exitCode(), orphaned.out() + orphaned.err());
    assertTrue(
        orphaned
            .out()
            .startsWith("running: phase run, orphaned (its supervisor, pid " + supervisor),
        orphaned.out());
    long before = reportLines(dir);
    Thread.sleep(2500);
    assertTrue(reportLines(dir) > before, "the orphan still runs: " + read(dir.resolve("run.log")));
    assertEquals(1, warehouses(), "the orphan's tables are intact");

    Result stopped = soak(List.of("stop", "--dir", dir.toString()));
    assertEquals(0, stopped.exitCode(), stopped.out() + stopped.err());
    assertTrue(stopped.out().contains("stopped the orphaned phase run"), stopped.out());
    Result ended = status(dir);
    assertEquals(3, ended.exitCode(), ended.out());
    assertTrue(ended.out().startsWith("not running: stopped, exit code unknown"), ended.out());
    String summary = read(dir.resolve("results/summary.json"));
    assertTrue(summary.contains("\"stopped_early\":true"), summary + read(dir.resolve("run.log")));
    assertEquals(1, warehouses(), "the tables outlive the stopped orphan");
  }

  @Test
  void errorsAreOneCleanLineAndStatusWithoutASoakSaysNotRunningWithExitCodeThree()
      throws Exception {
    Result noValue = soak(List.of("start", "--dir"));
    assertEquals(2, noValue.exitCode(), noValue.err());
    assertEquals("tpcc-soak: error: --dir needs a value\n", noValue.err());
    Result unknown = soak(List.of("status", "--bogus"));
    assertEquals(2, unknown.exitCode(), unknown.err());
    assertEquals("tpcc-soak: error: unknown option '--bogus' (see --help)\n", unknown.err());

    Result none = soak(List.of("status"));
    assertEquals(3, none.exitCode(), none.out() + none.err());
    assertEquals(
        "tpcc-soak: error: no soak directory under ./soak; name one with --dir\n", none.err());
    Path notASoak = Files.createDirectories(tmp.resolve("soak").resolve("empty"));
    Result notOne = soak(List.of("status"));
    assertEquals(3, notOne.exitCode(), notOne.out() + notOne.err());
    assertEquals(
        "tpcc-soak: error: "
            + Path.of("soak", "empty")
            + " is not a soak directory (no pid file)\n",
        notOne.err());
    Result stopNone = soak(List.of("stop", "--dir", notASoak.toString()));
    assertEquals(1, stopNone.exitCode(), stopNone.err());
    assertEquals(
        "tpcc-soak: error: " + notASoak + " is not a soak directory (no pid file)\n",
        stopNone.err());
  }
}
