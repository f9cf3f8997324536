package org.tpccpg.driver.soak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.cli.TpccDataSets;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestDatabase;

/**
 * {@code bin/tpcc-soak} driven as a user would: start, status, a refused second start, stop. The
 * database starts as a copy of the shared one-warehouse data set: the soaks whose subject is not
 * the load keep it ({@code --keep-data}), the others clean up and prepare their own.
 */
class SoakScriptIT {
  @RegisterExtension
  static final PostgresFixture POSTGRES = new PostgresFixture(TpccDataSets.oneWarehouse());

  private static final Path SCRIPT = Path.of("..", "bin", "tpcc-soak").toAbsolutePath();

  /**
   * How long a soak may take to reach its run or its end: cleanup and prepare of one table set took
   * 55 s on a 2-core machine shared with three other builds.
   */
  private static final long LOADED_MACHINE_SECONDS = 180;

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
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(LOADED_MACHINE_SECONDS);
    while (status(dir).exitCode() == 0) {
      assertTrue(System.nanoTime() < deadline, "the soak ended in time: " + status(dir).out());
      Thread.sleep(500);
    }
  }

  /** A failed test must not leave a detached soak behind. */
  @AfterEach
  void stopLeftovers() throws Exception {
    for (String name :
        List.of("first", "long", "killed", "tpcb", "tpcb-kept", "orphan", "conninfo", "glued")) {
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
    return pgEnvironment(POSTGRES.database());
  }

  private static Map<String, String> pgEnvironment(TestDatabase db) {
    Map<String, String> environment = new HashMap<>(db.libpqEnvironment());
    environment.remove("PGDATABASE");
    return environment;
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

  /** --keep-data loads nothing: on a database without pgbench's tables, the run says so. */
  @Test
  void aTpcbSoakKeepingDataRunsNoInitAndItsRunRefusesAMissingDataSet() throws Exception {
    TestDatabase copy = POSTGRES.copy(TpccDataSets.oneWarehouse()); // TPC-C's tables only
    Path dir = tmp.resolve("tpcb-kept");
    Result started =
        soak(
            List.of(
                "start",
                "--workload",
                "tpcb",
                "--keep-data",
                "--dir",
                dir.toString(),
                "--",
                "-c",
                "1",
                "-T",
                "2",
                copy.name()),
            pgEnvironment(copy));
    assertEquals(0, started.exitCode(), started.err());
    awaitEnd(dir);
    String log = read(dir.resolve("soak.log"));
    assertTrue(status(dir).out().contains("finished, exit code 1"), status(dir).out() + log);
    assertTrue(log.contains("keeping the data set already there (--keep-data)"), log);
    assertFalse(log.contains("phase init"), log);
    assertFalse(Files.exists(dir.resolve("init.log")), "no tpcb -i");
    assertFalse(Files.exists(dir.resolve("check.log")), "no check after a run that failed");
    String run = read(dir.resolve("run.log"));
    assertTrue(run.contains("relation \"pgbench_branches\" does not exist"), run);
    assertTrue(run.contains("hint: Perhaps you need to do initialization"), run);
  }

  @Test
  void stopEndsALongSoakWithItsSummaryWritten() throws Exception {
    Path dir = tmp.resolve("long");
    startLongSoak(dir);
    Result stopped = soak(List.of("stop", "--dir", dir.toString()));
    assertEquals(0, stopped.exitCode(), stopped.out() + stopped.err());
    assertEquals(3, status(dir).exitCode());
    String summary = read(dir.resolve("results/summary.json"));
    assertTrue(summary.contains("\"stopped_early\":true"), summary + read(dir.resolve("run.log")));
    assertTrue(read(dir.resolve("soak.log")).contains("stop requested"));
    assertTrue(
        read(dir.resolve("check.log")).contains("check: all"),
        "a stopped soak checks as a normal end does: " + read(dir.resolve("soak.log")));
    String log = read(dir.resolve("soak.log"));
    assertTrue(log.contains("keeping the data set already there (--keep-data)"), log);
    assertFalse(log.contains("phase cleanup") || log.contains("phase prepare"), log);
    assertFalse(Files.exists(dir.resolve("prepare.log")), "--keep-data loads nothing");
  }

  /** The OOM killer's SIGKILL to the run: the data is still checked, and report shows the run. */
  @Test
  void aRunKilledBySigkillIsCheckedAndReportedFromWhatItRecorded() throws Exception {
    Path dir = tmp.resolve("killed");
    startLongSoak(dir);
    long run = Long.parseLong(read(dir.resolve("child.pid")).strip());
    ProcessHandle handle = ProcessHandle.of(run).orElseThrow();
    assertTrue(handle.info().command().orElse("").endsWith("java"), "the run's JVM itself");
    assertTrue(handle.destroyForcibly(), "SIGKILL sent to the run");
    awaitEnd(dir);
    Result ended = status(dir);
    assertEquals(3, ended.exitCode(), ended.out());
    assertTrue(
        ended
            .out()
            .startsWith(
                "not running: finished, the run killed by SIGKILL (the OOM killer, or kill -9),"
                    + " exit code 137"),
        ended.out() + read(dir.resolve("soak.log")));
    assertTrue(
        read(dir.resolve("check.log")).contains("check: all"),
        "the data is checked as the run left it: " + read(dir.resolve("soak.log")));
    assertFalse(Files.exists(dir.resolve("results/summary.json")));
    Result report = soak(List.of("report", "--dir", dir.toString()));
    assertEquals(0, report.exitCode(), report.out() + report.err());
    String page = read(dir.resolve("results/report.html"));
    assertTrue(page.contains("not: no summary.json"), "the page says the run did not end");
    assertTrue(page.contains("passed (exit code 0"), "with the soak's check");
  }

  /**
   * Starts a soak of 600 s in {@code dir} on the data set already there and waits for its run's
   * first report line.
   */
  private void startLongSoak(Path dir) throws Exception {
    List<String> args = new ArrayList<>(start(dir, "600"));
    args.add(1, "--keep-data");
    Result started = soak(args);
    assertEquals(0, started.exitCode(), started.err());
    awaitReportLine(dir);
  }

  private void awaitReportLine(Path dir) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(LOADED_MACHINE_SECONDS);
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
    startLongSoak(dir);
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
    long deadline = System.nanoTime() + 30_000_000_000L; // a line a second, later under load
    while (reportLines(dir) <= before && System.nanoTime() < deadline) {
      Thread.sleep(200);
    }
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

  /** A password that appears nowhere else: the server may trust local connections and ignore it. */
  private static String secret() {
    String password = POSTGRES.database().password();
    return password.isEmpty() ? "soak-secret-4f8e1c" : password;
  }

  /** Every process title on the machine that holds the string, {@code ps -eo args}. */
  private static List<String> titlesHolding(String text) throws Exception {
    Process ps = new ProcessBuilder("ps", "-eo", "args").redirectErrorStream(true).start();
    String titles = new String(ps.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(ps.waitFor(10, TimeUnit.SECONDS));
    return titles.lines().filter(line -> line.contains(text)).toList();
  }

  /** Every file of the soak, and the lock files, that holds the string. */
  private List<Path> filesHolding(Path dir, String text) throws IOException {
    List<Path> holding = new ArrayList<>();
    for (Path root : List.of(dir, tmp)) {
      try (var files = Files.walk(root)) {
        for (Path file : files.filter(Files::isRegularFile).toList()) {
          if (new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1).contains(text)) {
            holding.add(file);
          }
        }
      }
    }
    return holding;
  }

  private String conninfo(String password) {
    TestDatabase db = POSTGRES.database();
    return "host="
        + db.host()
        + " port="
        + db.port()
        + " user="
        + db.user()
        + " password='"
        + password
        + "' dbname="
        + db.name();
  }

  /** The same server as the conninfo's, spelled the other way (localhost for 127.0.0.1). */
  private static String otherSpelling(String host) {
    return host.equals("localhost") ? "127.0.0.1" : "localhost";
  }

  @Test
  void aConninfoSoakLocksItsTargetShowsNoPasswordAndStopChecksAndReports() throws Exception {
    TestDatabase db = POSTGRES.database();
    String password = secret();
    Path dir = tmp.resolve("conninfo");
    Map<String, String> elsewhere = Map.of("PGHOST", "192.0.2.1", "PGPORT", "1", "PGPASSWORD", "");
    Result started =
        soak(
            List.of(
                "start",
                "--dir",
                dir.toString(),
                "--",
                "--pgsql-conninfo=" + conninfo(password),
                "--tables=1",
                "--scale=1",
                "--threads=2",
                "--time=600",
                "--report-interval=1"),
            elsewhere);
    assertEquals(0, started.exitCode(), started.err());
    String lockKey = "localhost:" + db.port() + "/" + db.name();
    assertTrue(started.out().contains("(lock " + lockKey + ")"), started.out());
    awaitReportLine(dir);
    assertEquals(List.of(), titlesHolding(password), "no password in a process title");

    // The same server and database, named by a JDBC URL and the other spelling of the host.
    String url =
        "--pgsql-url=jdbc:postgresql://"
            + otherSpelling(db.host())
            + ":"
            + db.port()
            + "/"
            + db.name()
            + "?user="
            + db.user()
            + "&password="
            + password;
    Result second = soak(List.of("start", "--dir", tmp.resolve("url").toString(), "--", url));
    assertEquals(1, second.exitCode(), second.err());
    assertTrue(second.err().contains("a soak is already running on " + lockKey), second.err());
    assertTrue(!second.err().contains(password) && !second.out().contains(password));

    Result running = status(dir);
    assertTrue(
        running.out().contains("target: " + db.user() + "@" + db.host() + ":" + db.port()),
        running.out());
    String log = read(dir.resolve("soak.log"));
    assertTrue(log.contains("target " + db.user() + "@" + db.host()), log);

    Result stopped = soak(List.of("stop", "--dir", dir.toString()));
    assertEquals(0, stopped.exitCode(), stopped.out() + stopped.err());
    assertTrue(
        read(dir.resolve("check.log")).contains("check: all"), read(dir.resolve("soak.log")));

    Result check = soak(List.of("check", "--dir", dir.toString()), Map.of("PGPASSWORD", password));
    assertEquals(0, check.exitCode(), check.out() + check.err());
    assertTrue(check.out().contains("check: all"), check.out());
    Result report = soak(List.of("report", "--dir", dir.toString()));
    assertEquals(0, report.exitCode(), report.out() + report.err());
    String page = read(dir.resolve("results/report.html"));
    assertTrue(page.contains("<dt>check</dt><dd>passed (exit code 0, "), "the soak's check");
    assertEquals(List.of(), filesHolding(dir, password), "no password in the soak's files");
  }

  /**
   * pgbench's way with everything glued, a conninfo dbname holding the password and a -D after it,
   * while the environment names another (dead) server and a role that does not exist: every phase
   * goes to the named server as the named user.
   */
  @Test
  void aTpcbSoakWithGluedOptionsGoesOnlyToTheNamedServerAsTheNamedUser() throws Exception {
    TestDatabase db = POSTGRES.database();
    String password = secret();
    Path dir = tmp.resolve("glued");
    Map<String, String> elsewhere =
        Map.of("PGHOST", "127.0.0.1", "PGPORT", "1", "PGUSER", "no_such_role", "PGPASSWORD", "");
    Result started =
        soak(
            List.of(
                "start",
                "--workload",
                "tpcb",
                "--init",
                "-s 1 -q",
                "--dir",
                dir.toString(),
                "--",
                "-h" + db.host(),
                "-p" + db.port(),
                "-U" + db.user(),
                "-c2",
                "-T3",
                "-P1",
                "password='" + password + "' dbname=" + db.name(),
                "-D",
                "NAME=VALUE"),
            elsewhere);
    assertEquals(0, started.exitCode(), started.err());
    assertTrue(!started.out().contains(password), started.out());
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(LOADED_MACHINE_SECONDS);
    while (!read(dir.resolve("run.log")).contains("progress: ")) {
      assertTrue(System.nanoTime() < deadline, "a progress line: " + read(dir.resolve("soak.log")));
      Thread.sleep(200);
    }
    assertEquals(List.of(), titlesHolding(password), "no password in a process title");
    awaitEnd(dir);
    String log = read(dir.resolve("soak.log"));
    assertTrue(
        status(dir).out().contains("finished, exit code 0"), log + read(dir.resolve("run.log")));
    String user = "--username=" + db.user();
    assertTrue(log.contains("phase init started: tpcc tpcb --initialize --scale=1 --quiet"), log);
    for (String phase : List.of("init", "run", "check")) {
      String line =
          log.lines().filter(l -> l.contains("phase " + phase + " started")).findFirst().orElse("");
      assertTrue(line.contains("--host=" + db.host() + " --port=" + db.port()), line);
      assertTrue(line.contains(user) && line.endsWith(" " + db.name()), line);
    }
    assertTrue(log.contains("--define=NAME=VALUE"), log);
    assertTrue(read(dir.resolve("check.log")).contains("conditions checked hold"));
    assertEquals(List.of(), filesHolding(dir, password), "no password in the soak's files");
  }

  /**
   * While start resolves the target, its own process title holds a placeholder for the option with
   * the password, and so does what it hands to soak-plan: a stand-in for bin/tpcc records both, and
   * the variable that carries the option.
   */
  @Test
  void startKeepsAPasswordOptionOutOfItsProcessTitle() throws Exception {
    String password = secret();
    Path seen = Files.createDirectories(tmp.resolve("seen"));
    Path standIn = tmp.resolve("tpcc-stand-in");
    Files.writeString(
        standIn,
        String.join(
            "\n",
            "#!/usr/bin/env bash",
            "tr '\\0' ' ' </proc/$PPID/cmdline >\"$SEEN/title\"",
            "tr '\\0' ' ' >\"$SEEN/stdin\"",
            "printf '%s' \"${TPCC_HIDDEN_1:-}\" >\"$SEEN/variable\"",
            "exit 1",
            ""));
    Files.setPosixFilePermissions(
        standIn, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
    Result refused =
        soak(
            List.of(
                "start",
                "--dir",
                tmp.resolve("hidden").toString(),
                "--",
                "--pgsql-host=127.0.0.1",
                "--pgsql-password",
                password,
                "--threads=2"),
            Map.of("TPCC_BIN", standIn.toString(), "SEEN", seen.toString()));
    assertEquals(1, refused.exitCode(), refused.err());
    String title = read(seen.resolve("title"));
    assertTrue(title.contains("--pgsql-password @tpcc-hidden-1 --threads=2"), title);
    assertFalse(title.contains(password), title);
    String options = read(seen.resolve("stdin"));
    assertTrue(options.contains("--pgsql-password @tpcc-hidden-1 "), options);
    assertFalse(options.contains(password), options);
    assertEquals(password, read(seen.resolve("variable")), "the option reaches soak-plan");
  }

  @Test
  void aTargetTheToolCannotResolveRefusesTheStart() throws Exception {
    Path dir = tmp.resolve("bad");
    Result bad =
        soak(List.of("start", "--dir", dir.toString(), "--", "--pgsql-conninfo=port=99999"));
    assertEquals(2, bad.exitCode(), bad.err());
    assertEquals(
        "tpcc-soak: error: --pgsql-conninfo port=99999 is not a port number (1 to 65535)\n",
        bad.err());
    assertTrue(!Files.exists(dir), "nothing ran");
  }

  /**
   * A soak in an outage, made up: its lock held by a stand-in process, report lines in which no
   * transaction ends, then none for a minute. status says so rather than show the last line alone.
   */
  @Test
  void statusSaysSoDuringAnOutageAndWhenReportsStop() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("outage"));
    Process holder =
        new ProcessBuilder("flock", dir.resolve("lock").toString(), "sleep", "60").start();
    try {
      Files.writeString(dir.resolve("pid"), holder.pid() + "\n");
      Files.writeString(dir.resolve("phase"), "run\n");
      Files.writeString(dir.resolve("plan"), "target=u@db1:5432/d\nreport_interval=1\n");
      String line =
          "[ %ds ] thds: 2 tps: %s qps: 1.00 (r/w/o: 0.00/0.00/0.00) lat (ms,95%%): 1.00"
              + " err/s 0.00 reconn/s: 0.00%n";
      StringBuilder log = new StringBuilder(String.format(line, 1, "12.00"));
      for (int second = 2; second <= 4; second++) {
        log.append(String.format(line, second, "0.00"));
      }
      // a --report-checkpoints report is no report line: its header is not the last one, nor does
      // it break the run of lines without a transaction
      log.append("[ 4s ] Checkpoint report:\nSQL statistics:\n    queries performed:\n");
      Files.writeString(dir.resolve("run.log"), log);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (status(dir).exitCode() != 0) { // until flock holds the lock
        assertTrue(System.nanoTime() < deadline, "the stand-in holds the lock");
        Thread.sleep(100);
      }
      Result outage = status(dir);
      assertTrue(
          outage.out().contains("outage: no transaction ended in the last 3 reports"),
          outage.out());
      assertTrue(outage.out().contains("target: u@db1:5432/d"), outage.out());
      assertTrue(outage.out().contains("last report: [ 4s ] thds: 2 tps: 0.00 "), outage.out());
      Files.setLastModifiedTime(
          dir.resolve("run.log"),
          java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 60_000));
      Result stalled = status(dir);
      assertTrue(stalled.out().contains("no report for 6"), stalled.out());
    } finally {
      holder.destroy();
    }
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
    Result both = soak(List.of("start", "--workload=tpcb", "--init=-s 1", "--keep-data", "--"));
    assertEquals(2, both.exitCode(), both.err());
    assertEquals(
        "tpcc-soak: error: --init=-s 1 loads a data set and --keep-data keeps the one there:"
            + " give one of them\n",
        both.err());
    Result stopNone = soak(List.of("stop", "--dir", notASoak.toString()));
    assertEquals(1, stopNone.exitCode(), stopNone.err());
    assertEquals(
        "tpcc-soak: error: " + notASoak + " is not a soak directory (no pid file)\n",
        stopNone.err());
  }
}
