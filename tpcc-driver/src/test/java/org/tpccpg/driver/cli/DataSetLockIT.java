package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tpccpg.testkit.Background;
import org.tpccpg.testkit.PostgresFixture;

/**
 * Two prepares (or a prepare and a cleanup) at once on one database: the second is refused in one
 * line naming the session that holds the data-set lock, and the first is not disturbed.
 */
class DataSetLockIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  /** The key the tool locks: "TPCC" and the current schema's hash. */
  private static final String LOCK_KEY = "1414546243, hashtext(current_schema()) & 2147483647";

  @AfterEach
  void cleanUp() {
    tpcc("--tables=1", "cleanup");
  }

  private static CliRun tpcc(String... args) {
    return CliRun.of(CliRun.connectedTo(POSTGRES.database(), args).toArray(String[]::new));
  }

  private static boolean query(Connection connection, String sql) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(sql)) {
      rows.next();
      return rows.getBoolean(1);
    }
  }

  @Test
  void prepareAndCleanupAreRefusedWhileAnotherSessionHoldsTheLock() throws SQLException {
    try (Connection holder = POSTGRES.database().connect()) {
      assertTrue(query(holder, "SELECT pg_try_advisory_lock(" + LOCK_KEY + ")"));
      int pid;
      try (Statement statement = holder.createStatement();
          ResultSet rows = statement.executeQuery("SELECT pg_backend_pid()")) {
        rows.next();
        pid = rows.getInt(1);
      }
      for (String command : new String[] {"prepare", "cleanup"}) {
        CliRun refused = tpcc("--tables=1", "--scale=1", command);
        assertEquals(1, refused.exitCode(), refused.out());
        assertTrue(
            refused.err().contains("another prepare or cleanup is running on the data set"),
            refused.err());
        assertTrue(refused.err().contains("server process " + pid), refused.err());
        assertEquals(1, refused.err().strip().lines().count(), refused.err());
      }
      assertTrue(
          !query(holder, "SELECT to_regclass('tpcc_metadata') IS NOT NULL"), "nothing created");
    }
  }

  @Test
  void aSecondPrepareWhileTheFirstLoadsIsRefusedAndTheFirstCompletes() throws Exception {
    CompletableFuture<CliRun> first =
        Background.supply(() -> tpcc("--tables=1", "--scale=2", "prepare"));
    try (Connection watcher = POSTGRES.database().connect()) {
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (!query(watcher, "SELECT to_regclass('warehouse1') IS NOT NULL")) {
        assertTrue(System.nanoTime() < deadline, "the first prepare never created its tables");
        Thread.sleep(20);
      }
    }
    CliRun second = tpcc("--tables=1", "--scale=2", "prepare");
    assertEquals(1, second.exitCode(), second.out());
    assertTrue(second.err().contains("another prepare or cleanup is running"), second.err());
    CliRun done = first.get();
    assertEquals(0, done.exitCode(), done.err());
    CliRun check = tpcc("--tables=1", "--scale=2", "check");
    assertEquals(0, check.exitCode(), check.err() + check.out());
  }

  /**
   * A range load of a scale-out prepare holds the lock in shared mode (ScaleOutIT runs two of them
   * at once): the steps that change the whole data set are refused beside it, and a range load is
   * refused beside one of them.
   */
  @Test
  void rangeLoadsShareTheLockButNoneRunsBesideASchemaFinishOrCleanup() throws SQLException {
    try (Connection holder = POSTGRES.database().connect()) {
      assertTrue(query(holder, "SELECT pg_try_advisory_lock_shared(" + LOCK_KEY + ")"));
      for (String[] command :
          new String[][] {
            {"cleanup"}, {"prepare", "--only=schema"}, {"prepare", "--only=finish"}
          }) {
        String[] args = new String[command.length + 2];
        args[0] = "--tables=1";
        args[1] = "--scale=1";
        System.arraycopy(command, 0, args, 2, command.length);
        CliRun refused = tpcc(args);
        assertEquals(1, refused.exitCode(), refused.out());
        assertTrue(
            refused.err().contains("another prepare or cleanup is running on the data set"),
            String.join(" ", command) + ": " + refused.err());
      }
      assertTrue(query(holder, "SELECT pg_advisory_unlock_shared(" + LOCK_KEY + ")"));
      assertTrue(query(holder, "SELECT pg_try_advisory_lock(" + LOCK_KEY + ")"));
      CliRun range = tpcc("--tables=1", "--scale=1", "--warehouses=1-1", "prepare");
      assertEquals(1, range.exitCode(), range.out());
      assertTrue(range.err().contains("another prepare or cleanup is running"), range.err());
      assertTrue(query(holder, "SELECT pg_advisory_unlock(" + LOCK_KEY + ")"));
    }
  }
}
