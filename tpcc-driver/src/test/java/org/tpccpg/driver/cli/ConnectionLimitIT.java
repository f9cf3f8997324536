package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Isolated;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestDatabase;

/**
 * A run that needs more connections than the server admits fails before it starts, in one line
 * naming the limit, and prints nothing as if a run had happened. The limit is a role's CONNECTION
 * LIMIT, so that the shared test server's max_connections stays as it is.
 */
// Not beside other classes: a refused run must fail within 10 s, and a run opens a pool of 50
// connections.
@Isolated
class ConnectionLimitIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  private static final String ROLE = "tpcc_connection_limit_it";

  @BeforeAll
  static void limitedRoleWithADataSet() throws SQLException {
    try (Connection c = POSTGRES.database().connectAdmin();
        Statement s = c.createStatement()) {
      s.execute("CREATE ROLE " + ROLE + " LOGIN CONNECTION LIMIT 5");
    }
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement()) {
      s.execute("GRANT CREATE ON SCHEMA public TO " + ROLE);
    }
    CliRun prepare = tpcc("--threads=2", "prepare");
    assertEquals(0, prepare.exitCode(), prepare.err());
  }

  /**
   * Every case counts the role's other connections, and a backend leaves pg_stat_activity a moment
   * after its client closes it: wait until the previous case's connections are gone.
   */
  @BeforeEach
  void noConnectionOfTheRoleIsLeft() throws SQLException, InterruptedException {
    long deadline = System.nanoTime() + 10_000_000_000L;
    try (Connection c = POSTGRES.database().connectAdmin();
        Statement s = c.createStatement()) {
      while (roleConnections(s) > 0) {
        assertTrue(
            System.nanoTime() < deadline, "connections of " + ROLE + " still open after 10 s");
        Thread.sleep(50);
      }
    }
  }

  private static long roleConnections(Statement s) throws SQLException {
    try (var rs =
        s.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE usename = '" + ROLE + "'")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @AfterAll
  static void dropRole() throws SQLException {
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement()) {
      s.execute("DROP OWNED BY " + ROLE);
    }
    try (Connection c = POSTGRES.database().connectAdmin();
        Statement s = c.createStatement()) {
      s.execute("DROP ROLE " + ROLE);
    }
  }

  private static CliRun tpcc(String... args) {
    TestDatabase db = POSTGRES.database();
    List<String> all =
        new ArrayList<>(
            List.of(
                "--pgsql-host=" + db.host(),
                "--pgsql-port=" + db.port(),
                "--pgsql-user=" + ROLE,
                "--pgsql-db=" + db.name(),
                "--tables=1",
                "--scale=1"));
    all.addAll(List.of(args));
    return CliRun.of(all.toArray(String[]::new));
  }

  private static void assertRefusedBeforeTheRun(CliRun run, String line) {
    String context = "stderr:\n" + run.err() + "stdout:\n" + run.out();
    assertEquals(1, run.exitCode(), context);
    assertEquals(List.of(line), run.err().lines().toList(), context);
    assertFalse(run.out().contains("Threads started!"), context);
    assertFalse(run.out().contains("tpmC"), context);
    assertFalse(run.out().contains("SQL statistics"), context);
  }

  @Test
  void moreThreadsThanTheRoleMayConnectFailBeforeTheRunNamingTheLimit() {
    assertRefusedBeforeTheRun(
        tpcc("--threads=8", "--time=5", "run"),
        "tpcc run: --threads=8 needs 8 connections but the server allows 5 more (role "
            + ROLE
            + " has CONNECTION LIMIT 5, 0 other connections of "
            + ROLE
            + ")");
  }

  @Test
  void aHundredThousandThreadsAreRefusedBeforeAnyStarts() {
    long start = System.nanoTime();
    CliRun run = tpcc("--threads=100000", "--time=5", "run");
    assertRefusedBeforeTheRun(
        run,
        "tpcc run: --threads=100000 needs 100000 connections but the server allows 5 more (role "
            + ROLE
            + " has CONNECTION LIMIT 5, 0 other connections of "
            + ROLE
            + ")");
    assertTrue(System.nanoTime() - start < 10e9, "at once, not after starting threads");
  }

  @Test
  void aPoolLargerThanTheLimitIsRefusedToo() {
    assertRefusedBeforeTheRun(
        tpcc("--threads=2", "--pool-size=50", "--time=5", "run"),
        "tpcc run: --pool-size=50 needs 50 connections but the server allows 5 more (role "
            + ROLE
            + " has CONNECTION LIMIT 5, 0 other connections of "
            + ROLE
            + ")");
  }

  @Test
  void aPoolWithinTheLimitReportsTheConnectionsItOpened() {
    CliRun run = tpcc("--threads=2", "--pool-size=4", "--time=1", "run");
    assertEquals(0, run.exitCode(), run.err() + run.out());
    assertTrue(run.out().contains("(2 threads sharing 4 connections)"), run.out());
  }

  @Test
  void threadsWithinTheLimitRun() {
    CliRun run = tpcc("--threads=5", "--time=1", "run");
    assertEquals(0, run.exitCode(), run.err() + run.out());
    assertTrue(run.out().contains("tpmC: "), run.out());
  }

  @Test
  void tpcbWithMoreClientsThanTheRoleMayConnectFailsNamingTheLimit() {
    TestDatabase db = POSTGRES.database();
    CliRun run =
        CliRun.of(
            "tpcb",
            "-h",
            db.host(),
            "-p",
            String.valueOf(db.port()),
            "-U",
            ROLE,
            "-c",
            "8",
            "-T",
            "5",
            db.name());
    String context = "stderr:\n" + run.err() + "stdout:\n" + run.out();
    assertEquals(1, run.exitCode(), context);
    assertEquals(
        List.of(
            "tpcc tpcb: error: -c 8 needs 8 connections but the server allows 5 more (role "
                + ROLE
                + " has CONNECTION LIMIT 5, 0 other connections of "
                + ROLE
                + ")"),
        run.err().lines().toList(),
        context);
    assertFalse(run.out().contains("tps = "), context);
  }
}
