package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.cluster.OwnServerFixture;
import org.tpccpg.driver.results.JsonParser;
import org.tpccpg.driver.results.ResultsFiles;
import org.tpccpg.driver.results.ResultsSchema;
import org.tpccpg.testkit.Background;
import org.tpccpg.testkit.ServerControl;

/**
 * The durability audit across a real crash: a TPC-C run while the server is stopped with {@code
 * pg_ctl stop -m immediate} and started again, once with the clients' {@code synchronous_commit =
 * on} and once {@code off}. On, no acknowledged New-Order may be lost; off, the crash loses the
 * commits whose WAL had not been written, and the run says how many and that the setting allowed
 * it. Before the crash the WAL writer is held for a second (SIGSTOP), the window a machine crash
 * (the page cache lost) would open anyway: a process crash alone loses only what the WAL writer has
 * not written yet, which on a fast disk is often nothing. The server is a throwaway cluster of the
 * class's own.
 */
class DurabilityIT {
  @RegisterExtension static final OwnServerFixture POSTGRES = new OwnServerFixture();

  @TempDir Path tmp;

  private static List<String> options(String... more) {
    List<String> args = CliRun.connectedTo(POSTGRES.database(), "--tables=1", "--scale=1");
    args.addAll(List.of(more));
    return args;
  }

  @BeforeAll
  static void prepare() throws Exception {
    CliRun prepare = CliRun.of(options("--threads=2", "prepare").toArray(String[]::new));
    assertEquals(0, prepare.exitCode(), prepare.err());
    // what loading wrote, so that crash recovery does not replay it: the clients must be back
    // within the run, on a loaded machine too
    admin("CHECKPOINT");
  }

  @AfterAll
  static void synchronousCommitAsTheServerHasIt() throws Exception {
    admin("ALTER DATABASE " + POSTGRES.database().name() + " RESET synchronous_commit");
  }

  @Test
  void underSynchronousCommitOnACrashLosesNoAcknowledgedNewOrder() throws Exception {
    Path dir = tmp.resolve("on");
    CliRun run = runThroughACrash("on", dir);
    Map<?, ?> durability = durability(dir);
    assertTrue(number(durability, "acknowledged") > 100, durability.toString());
    assertEquals(0, number(durability, "acknowledged_and_lost"), run.out());
    assertEquals("on", durability.get("synchronous_commit"));
    assertEquals(Boolean.FALSE, durability.get("loss_allowed"));
    assertTrue(run.out().contains(" New-Orders acknowledged, 0 acknowledged and lost;"), run.out());
    assertEquals("yes", durableVerdict(dir), run.out());
  }

  @Test
  void underSynchronousCommitOffTheLossIsCountedAndSaidToBeAllowed() throws Exception {
    Path dir = tmp.resolve("off");
    CliRun run = runThroughACrash("off", dir);
    Map<?, ?> durability = durability(dir);
    long lost = number(durability, "acknowledged_and_lost");
    assertTrue(lost > 0, "a second of async commits held in the WAL buffers: " + run.out());
    Map<?, ?> by = (Map<?, ?>) durability.get("lost_by");
    assertEquals(
        lost, number(by, "number_handed_out_again") + number(by, "at_or_above_next_o_id"), by + "");
    assertEquals(Boolean.TRUE, durability.get("loss_allowed"));
    assertTrue(
        run.out().contains(" acknowledged and lost (allowed: synchronous_commit=off"), run.out());
    assertEquals("NO", durableVerdict(dir), run.out());
    // what the crash kept is consistent, whatever it lost
    CliRun check = CliRun.of(options("--threads=2", "check").toArray(String[]::new));
    assertEquals(0, check.exitCode(), check.out() + check.err());
  }

  private static CliRun runThroughACrash(String synchronousCommit, Path dir) throws Exception {
    admin(
        "ALTER DATABASE "
            + POSTGRES.database().name()
            + " SET synchronous_commit = "
            + synchronousCommit);
    // 20 s: the crash comes about 6 s after the clients connect, the server is back and the clients
    // reconnected a few seconds later, and the run goes on to its end: an audit after the outage,
    // one at the end
    CompletableFuture<CliRun> running =
        Background.supply(
            () ->
                CliRun.of(
                    options(
                            "--threads=4",
                            "--time=20",
                            "--report-interval=1",
                            "--results=" + dir,
                            "run")
                        .toArray(String[]::new)));
    // from the clients' connections, not from the start of a run that may still be checking the
    // data set on a loaded machine: the acknowledged New-Orders before the crash are what it audits
    ServerControl.awaitBackends(POSTGRES.database(), "tpcc", 4);
    TimeUnit.SECONDS.sleep(5);
    long walWriter = walWriterPid();
    signal("-STOP", walWriter);
    try {
      TimeUnit.SECONDS.sleep(1);
      POSTGRES.control().crash();
    } finally {
      signal("-CONT", walWriter); // gone by now, killed by the postmaster; in case it is not
      POSTGRES.control().start();
    }
    CliRun run = running.get(120, TimeUnit.SECONDS);
    assertEquals(0, run.exitCode(), run.out() + run.err());
    // the figures, in the test's output for whoever reads the report
    run.out().lines().filter(l -> l.contains("durab")).forEach(System.out::println);
    ResultsSchema.assertConforms(dir);
    Map<?, ?> durability = durability(dir);
    assertEquals(Boolean.TRUE, durability.get("audited"), durability.toString());
    assertTrue(number(durability, "audits_after_outages") >= 1, run.out());
    assertTrue(number(durability, "audits") >= 2, durability.toString());
    assertEquals(
        number(durability, "unknown"),
        number(durability, "unknown_committed") + number(durability, "unknown_not_committed"),
        durability.toString());
    // the same server, restarted: a new postmaster, the same timeline, not a failover
    List<?> servers = (List<?>) durability.get("servers");
    assertEquals(2, servers.size(), durability.toString());
    assertEquals(Boolean.FALSE, durability.get("failed_over"));
    assertEquals(
        ((Map<?, ?>) servers.get(0)).get("timeline"), ((Map<?, ?>) servers.get(1)).get("timeline"));
    assertTrue(run.out().contains("; the server changed: restarted at 127.0.0.1:"), run.out());
    return run;
  }

  private static long walWriterPid() throws Exception {
    try (Connection c = POSTGRES.database().connectAdmin();
        Statement s = c.createStatement();
        ResultSet row =
            s.executeQuery("SELECT pid FROM pg_stat_activity WHERE backend_type = 'walwriter'")) {
      assertTrue(row.next(), "the server has a WAL writer");
      return row.getLong(1);
    }
  }

  private static void signal(String signal, long pid) throws Exception {
    new ProcessBuilder("kill", signal, Long.toString(pid))
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .start()
        .waitFor();
  }

  private static void admin(String sql) throws Exception {
    try (Connection c = POSTGRES.database().connectAdmin();
        Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  private static Map<?, ?> durability(Path dir) throws Exception {
    Map<String, Object> summary =
        JsonParser.object(Files.readString(dir.resolve(ResultsFiles.SUMMARY)));
    return (Map<?, ?>) summary.get("durability");
  }

  private static Object durableVerdict(Path dir) throws Exception {
    Map<String, Object> summary =
        JsonParser.object(Files.readString(dir.resolve(ResultsFiles.SUMMARY)));
    return ((Map<?, ?>) ((Map<?, ?>) summary.get("verdict")).get("durable")).get("verdict");
  }

  private static long number(Map<?, ?> map, String name) {
    return ((Number) map.get(name)).longValue();
  }
}
