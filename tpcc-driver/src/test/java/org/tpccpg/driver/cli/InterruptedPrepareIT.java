package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tpccpg.driver.results.DriverProcess;
import org.tpccpg.testkit.Background;
import org.tpccpg.testkit.PostgresFixture;

/**
 * Loads that were interrupted or that race (issue 32, point 10): two {@code --resume} loads of the
 * same range at once load each warehouse and the items once, and a whole prepare killed among its
 * keys is finished by {@code prepare --only=finish}, which takes the keys already built as built.
 */
class InterruptedPrepareIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  /** pg_locks is the whole server's: only this class's database, beside the other classes. */
  private static final String HERE =
      " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())";

  private static final List<String> SHAPE = List.of("--tables=1", "--scale=3", "--threads=1");

  private static CliRun tpcc(String... more) {
    List<String> args = CliRun.connectedTo(POSTGRES.database());
    args.addAll(SHAPE);
    args.addAll(List.of(more));
    return CliRun.of(args.toArray(String[]::new));
  }

  private static long count(String sql) throws SQLException {
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement();
        ResultSet row = s.executeQuery(sql)) {
      row.next();
      return row.getLong(1);
    }
  }

  private static boolean counts(String sql, long atLeast) {
    try {
      return count(sql) >= atLeast;
    } catch (SQLException e) {
      return false; // the table is not there yet
    }
  }

  private static void await(String what, BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (!condition.getAsBoolean()) {
      assertTrue(System.nanoTime() < deadline, "waited 120 s for " + what);
      TimeUnit.MILLISECONDS.sleep(20);
    }
  }

  @Test
  void twoResumesOfOneRangeAtOnceLoadEachWarehouseAndTheItemsOnce() throws Exception {
    assertEquals(0, tpcc("cleanup").exitCode());
    CliRun schema = tpcc("--rand-seed=7", "prepare", "--only=schema");
    assertEquals(0, schema.exitCode(), schema.err());
    List<CompletableFuture<CliRun>> loads = new ArrayList<>();
    try (Connection holder = POSTGRES.database().connect();
        Statement statement = holder.createStatement()) {
      holder.setAutoCommit(false);
      // the items' claim (set 1, warehouse 0): both loads have read the same gaps and wait here
      statement.execute(
          "SELECT pg_advisory_xact_lock(x'54504344'::int, hashtext(current_schema() || ':1:0'))");
      for (int i = 0; i < 2; i++) {
        loads.add(
            Background.supply(
                () -> tpcc("--warehouses=1-3", "prepare", "--resume", "--load-items")));
      }
      await(
          "both loads to wait on the items' claim",
          () ->
              counts(
                  "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
                      + HERE,
                  2));
      holder.commit();
    }
    for (CompletableFuture<CliRun> load : loads) {
      CliRun done = load.get(180, TimeUnit.SECONDS);
      assertEquals(0, done.exitCode(), done.out() + done.err());
    }
    assertEquals(3, count("SELECT count(*) FROM warehouse1"), "each warehouse once");
    assertEquals(3, count("SELECT count(DISTINCT w_id) FROM warehouse1"));
    assertEquals(30, count("SELECT count(*) FROM district1"));
    assertEquals(300_000, count("SELECT count(*) FROM stock1"));
    assertEquals(100_000, count("SELECT count(*) FROM item1"), "the items once");
    CliRun finished = tpcc("prepare", "--only=finish");
    assertEquals(0, finished.exitCode(), finished.out() + finished.err());
    CliRun check = tpcc("check");
    assertEquals(0, check.exitCode(), check.out() + check.err());
  }

  @Test
  void aPrepareKilledAmongItsKeysIsFinishedByTheFinishStep() throws Exception {
    assertEquals(0, tpcc("cleanup").exitCode());
    killAmongTheKeys();
    assertTrue(
        counts("SELECT count(*) FROM pg_constraint WHERE conname = 'pk_stock1'", 1),
        "the keys before item1's are built");
    assertEquals(0, count("SELECT count(*) FROM pg_constraint WHERE conname = 'pk_item1'"));
    CliRun refused = tpcc("check");
    assertEquals(1, refused.exitCode(), refused.out() + refused.err());
    assertTrue(refused.err().contains("prepare --only=finish"), refused.err());

    CliRun finished = tpcc("prepare", "--only=finish");
    assertEquals(0, finished.exitCode(), finished.out() + finished.err());
    assertEquals(1, count("SELECT count(*) FROM pg_constraint WHERE conname = 'pk_item1'"));
    CliRun check = tpcc("check");
    assertEquals(0, check.exitCode(), check.out() + check.err());
  }

  /**
   * Starts a whole prepare, holds item1 (the last table to get its key) in ACCESS SHARE mode from
   * its load on, which the load does not mind and its key waits for, and SIGKILLs the prepare once
   * the keys before it are built.
   */
  private static void killAmongTheKeys() throws Exception {
    List<String> args = CliRun.connectedTo(POSTGRES.database());
    args.addAll(SHAPE);
    args.add("prepare");
    try (Connection holder = POSTGRES.database().connect();
        Statement statement = holder.createStatement();
        DriverProcess prepare =
            DriverProcess.start(
                args, Map.of("PGPASSWORD", POSTGRES.database().password()), Path.of("."))) {
      holder.setAutoCommit(false);
      await(
          "the load to start",
          () -> counts("SELECT count(*) FROM pg_class WHERE relname = 'item1'", 1));
      statement.execute("LOCK TABLE item1 IN ACCESS SHARE MODE");
      await(
          "the keys before item1's",
          () ->
              counts("SELECT count(*) FROM pg_constraint WHERE conname = 'pk_stock1'", 1)
                  && counts("SELECT count(*) FROM pg_locks WHERE NOT granted" + HERE, 1));
      prepare.signal("KILL");
      prepare.finish();
      // its backend waits on our lock and would build the key once we let go: end it first
      statement.execute("SELECT pg_terminate_backend(pid) FROM pg_locks WHERE NOT granted" + HERE);
      holder.rollback();
    }
    await(
        "the killed prepare's sessions to end",
        () ->
            !counts(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                    + " AND pid <> pg_backend_pid() AND backend_type = 'client backend'",
                1));
  }
}
