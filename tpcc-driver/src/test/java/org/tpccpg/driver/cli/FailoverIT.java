package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.cluster.OwnServerFixture;
import org.tpccpg.driver.cluster.StreamingStandby;
import org.tpccpg.driver.connect.ConnectionSettings;
import org.tpccpg.driver.connect.SettingSource;
import org.tpccpg.driver.connect.SettingsResolver;
import org.tpccpg.driver.results.JsonParser;
import org.tpccpg.driver.results.ResultsFiles;
import org.tpccpg.driver.results.ResultsSchema;
import org.tpccpg.testkit.Background;
import org.tpccpg.testkit.ServerControl;
import org.tpccpg.testkit.TestDatabase;

/**
 * A failover under a run, as an HA pair's users meet it: a primary of the class's own, a streaming
 * standby made from it with {@code pg_basebackup -R}, and a TPC-C run whose target names both,
 * libpq's way ({@code host=...,... port=P,S target_session_attrs=read-write}). The primary is
 * crashed mid-run and the standby promoted; the clients reconnect through the same host list to the
 * new primary and the run goes on to its end there, its durability audit read on the server that
 * now holds the data. Before that, with both up, the host list picks the writable server from
 * either order. Not in the version matrix: the other majors' binaries have no pg_basebackup.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FailoverIT {
  @RegisterExtension static final OwnServerFixture PRIMARY = new OwnServerFixture();

  private static StreamingStandby standby;
  private static int standbyPort;

  @TempDir Path tmp;

  @BeforeAll
  static void loadAndStartAStandby() throws Exception {
    TestDatabase db = PRIMARY.database();
    CliRun prepare =
        CliRun.of(
            CliRun.connectedTo(db, "--tables=1", "--scale=1", "--threads=2", "prepare")
                .toArray(String[]::new));
    assertEquals(0, prepare.exitCode(), prepare.err());
    standby =
        StreamingStandby.start(
            PRIMARY.binDir(), db, PRIMARY.directory().resolve("standby"), List.of());
    standbyPort = standby.port();
    try (Connection c = standbyConnection();
        Statement s = c.createStatement();
        ResultSet recovery = s.executeQuery("SELECT pg_is_in_recovery()")) {
      recovery.next();
      assertTrue(recovery.getBoolean(1), "the copy runs as a standby");
    }
  }

  @AfterAll
  static void stopTheStandby() throws Exception {
    if (standby != null) {
      standby.remove();
    }
  }

  /**
   * Either order of the two: read-write takes the primary, where the run's writes commit (on the
   * standby each would fail: cannot execute INSERT in a read-only transaction).
   */
  @Test
  @Order(1)
  void aHostListWithReadWriteConnectsToTheWritableServerWhicheverComesFirst() throws Exception {
    int primary = PRIMARY.database().port();
    for (String ports : List.of(standbyPort + "," + primary, primary + "," + standbyPort)) {
      long before = orders(PRIMARY.database().connect());
      CliRun run =
          CliRun.of(
              hostList(
                  ports,
                  "read-write",
                  "--tables=1",
                  "--scale=1",
                  "--time=2",
                  "--threads=1",
                  "run"));
      String output = run.out() + run.err();
      assertEquals(0, run.exitCode(), output);
      assertTrue(transactions(run.out()) > 0, output);
      assertFalse(output.contains("read-only"), output);
      assertTrue(orders(PRIMARY.database().connect()) > before, "New-Orders on the primary");
    }
  }

  /**
   * load_balance_hosts=random (libpq 16) draws the order for each connection: 20 connections reach
   * both servers (all on one would happen once in half a million).
   */
  @Test
  @Order(1)
  void loadBalanceHostsRandomSpreadsConnectionsOverTheList() throws Exception {
    TestDatabase db = PRIMARY.database();
    ConnectionSettings settings =
        SettingsResolver.resolve(
                List.of(
                    SettingSource.conninfo(
                        "host=127.0.0.1,127.0.0.1 port="
                            + db.port()
                            + ","
                            + standbyPort
                            + " user="
                            + db.user()
                            + " dbname="
                            + db.name()
                            + " load_balance_hosts=random",
                        "--pgsql-conninfo")),
                tmp)
            .settings();
    Set<Boolean> inRecovery = new HashSet<>();
    for (int i = 0; i < 20; i++) {
      try (Connection c = settings.open();
          Statement s = c.createStatement();
          ResultSet recovery = s.executeQuery("SELECT pg_is_in_recovery()")) {
        recovery.next();
        inRecovery.add(recovery.getBoolean(1));
      }
    }
    assertEquals(Set.of(true, false), inRecovery, "the standby and the primary");
  }

  @Test
  @Order(2)
  void aRunFollowsTheFailoverToThePromotedStandbyAndAuditsItsCommitsThere() throws Exception {
    Path dir = tmp.resolve("results");
    String[] args =
        hostList(
            PRIMARY.database().port() + "," + standbyPort,
            "read-write",
            "--tables=1",
            "--scale=1",
            "--threads=2",
            "--time=20",
            "--report-interval=1",
            "--results=" + dir,
            "run");
    CompletableFuture<CliRun> running = Background.supply(() -> CliRun.of(args));
    ServerControl.awaitBackends(PRIMARY.database(), "tpcc", 2);
    TimeUnit.SECONDS.sleep(3);
    PRIMARY.control().crash();
    long ordersAtPromotion = promoteAndCountOrders();
    CliRun run = running.get(120, TimeUnit.SECONDS);
    String output = run.out() + run.err();
    assertEquals(0, run.exitCode(), output);
    // the figures, in the test's output for whoever reads the report
    run.out()
        .lines()
        .filter(l -> l.contains("durab") || l.contains("reconnects:"))
        .forEach(System.out::println);
    assertTrue(reconnects(run.out()) >= 2, "each client reconnected: " + output);
    long ordersNow = orders(standbyConnection());
    assertTrue(
        ordersNow > ordersAtPromotion,
        "New-Orders committed on the new primary after the failover: "
            + ordersAtPromotion
            + " at promotion, "
            + ordersNow
            + " at the end\n"
            + output);
    Map<?, ?> durability =
        (Map<?, ?>)
            JsonParser.object(Files.readString(dir.resolve(ResultsFiles.SUMMARY)))
                .get("durability");
    assertEquals(Boolean.TRUE, durability.get("audited"), durability.toString());
    assertTrue(
        ((Number) durability.get("audits_after_outages")).longValue() >= 1, durability.toString());
    // the audits say which server answered: the standby, promoted to timeline 2
    assertEquals(Boolean.TRUE, durability.get("failed_over"), durability.toString());
    List<?> servers = (List<?>) durability.get("servers");
    assertEquals(2, servers.size(), durability.toString());
    assertEquals(
        "127.0.0.1:" + PRIMARY.database().port(), ((Map<?, ?>) servers.get(0)).get("address"));
    Map<?, ?> promoted = (Map<?, ?>) servers.get(1);
    assertEquals("127.0.0.1:" + standbyPort, promoted.get("address"));
    assertEquals(2L, ((Number) promoted.get("timeline")).longValue());
    assertTrue(
        run.out()
            .contains(
                "; the server changed: a standby promoted to timeline 2 at 127.0.0.1:"
                    + standbyPort
                    + "\n"),
        run.out());
    ResultsSchema.assertConforms(dir);
    // what the new primary holds is consistent, reached through the same list with the old one down
    CliRun check =
        CliRun.of(
            hostList(
                PRIMARY.database().port() + "," + standbyPort,
                "read-write",
                "--tables=1",
                "--scale=1",
                "check"));
    assertEquals(0, check.exitCode(), check.out() + check.err());
    assertFalse(output.contains("Exception"), output);
  }

  /** Promotes the standby, waiting until it takes writes; the orders it holds then. */
  private static long promoteAndCountOrders() throws Exception {
    standby.promote();
    return orders(standbyConnection());
  }

  /** The orders of the data set's table set 1, on the server the connection reaches; closes it. */
  private static long orders(Connection connection) throws SQLException {
    try (Connection c = connection;
        Statement s = c.createStatement();
        ResultSet orders = s.executeQuery("SELECT count(*) FROM orders1")) {
      orders.next();
      return orders.getLong(1);
    }
  }

  private static String[] hostList(String ports, String sessionAttrs, String... more) {
    TestDatabase db = PRIMARY.database();
    List<String> args = new ArrayList<>();
    args.add(
        "--pgsql-conninfo=host=127.0.0.1,127.0.0.1 port="
            + ports
            + " dbname="
            + db.name()
            + " user="
            + db.user()
            + " connect_timeout=2 target_session_attrs="
            + sessionAttrs);
    args.addAll(List.of(more));
    return args.toArray(String[]::new);
  }

  private static long transactions(String out) {
    return counter(out, "transactions:");
  }

  private static long reconnects(String out) {
    return counter(out, "reconnects:");
  }

  private static long counter(String out, String name) {
    return out.lines()
        .filter(line -> line.strip().startsWith(name))
        .mapToLong(line -> Long.parseLong(line.strip().split("\\s+")[1]))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + name + " line in " + out));
  }

  private static Connection standbyConnection() throws SQLException {
    return standby.connect();
  }
}
