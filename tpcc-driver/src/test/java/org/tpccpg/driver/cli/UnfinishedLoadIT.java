package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tpccpg.driver.results.DriverProcess;
import org.tpccpg.testkit.PostgresFixture;

/**
 * A range load of a scale-out prepare killed (SIGKILL) after its first warehouse: run, check and
 * the finish step name the missing warehouses and the range load that adds only them, instead of
 * sending the user to cleanup (which would throw away every driver's load); the same range load
 * again is refused with the way to resume, and {@code --resume} loads only the missing warehouses,
 * after which finish and check pass.
 */
class UnfinishedLoadIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

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

  @Test
  void aKilledRangeLoadIsNamedAndResumedWithoutReloadingWhatIsThere() throws Exception {
    CliRun schema = tpcc("--rand-seed=7", "prepare", "--only=schema");
    assertEquals(0, schema.exitCode(), schema.err());
    long loaded = killAfterTheFirstWarehouse();
    assertTrue(loaded >= 1 && loaded < 3, "killed in the middle: " + loaded + " warehouse(s)");
    String missing = "warehouse1 lacks warehouses " + (loaded == 2 ? "3" : "2-3") + " of 3";
    String resume = "--warehouses=" + (loaded + 1) + "-3 --resume";

    for (String command : List.of("run", "check")) {
      CliRun refused = tpcc("--time=1", command);
      assertEquals(1, refused.exitCode(), refused.out() + refused.err());
      assertTrue(refused.err().contains(missing), command + " names them: " + refused.err());
      assertTrue(refused.err().contains(resume), command + " says how: " + refused.err());
      assertTrue(refused.err().contains("then prepare --only=finish"), refused.err());
    }
    CliRun finish = tpcc("prepare", "--only=finish");
    assertEquals(1, finish.exitCode(), finish.err());
    assertTrue(finish.err().contains(missing) && finish.err().contains(resume), finish.err());

    CliRun again = tpcc("--warehouses=1-3", "prepare");
    assertEquals(1, again.exitCode(), again.err());
    assertTrue(again.err().contains("--resume loads only the rest"), again.err());
    assertTrue(again.err().contains(missing), again.err());

    long historyBefore = count("SELECT count(*) FROM history1 WHERE h_w_id <= " + loaded);
    CliRun resumed = tpcc("--warehouses=1-3", "prepare", "--resume", "--load-items");
    assertEquals(0, resumed.exitCode(), resumed.out() + resumed.err());
    assertEquals(3, count("SELECT count(*) FROM warehouse1"), "each warehouse once");
    assertEquals(
        historyBefore,
        count("SELECT count(*) FROM history1 WHERE h_w_id <= " + loaded),
        "the warehouses that were there are not loaded again");
    assertEquals(100_000, count("SELECT count(*) FROM item1"), "the items once");

    CliRun finished = tpcc("prepare", "--only=finish");
    assertEquals(0, finished.exitCode(), finished.out() + finished.err());
    CliRun check = tpcc("check");
    assertEquals(0, check.exitCode(), check.out() + check.err());
  }

  /** Starts the range load of all 3 warehouses and the items, SIGKILLs it once one is in. */
  private static long killAfterTheFirstWarehouse() throws Exception {
    List<String> args = CliRun.connectedTo(POSTGRES.database());
    args.addAll(SHAPE);
    args.addAll(List.of("--warehouses=1-3", "--load-items", "prepare"));
    try (DriverProcess load =
        DriverProcess.start(
            args, Map.of("PGPASSWORD", POSTGRES.database().password()), Path.of("."))) {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
      while (count("SELECT count(*) FROM warehouse1") == 0 && System.nanoTime() < deadline) {
        TimeUnit.MILLISECONDS.sleep(50);
      }
      load.signal("KILL");
      load.finish();
    }
    // the killed load's backend ends (its transaction rolled back, its shared lock released)
    // once it reads the closed socket
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (count(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                    + " AND pid <> pg_backend_pid()")
            > 0
        && System.nanoTime() < deadline) {
      TimeUnit.MILLISECONDS.sleep(100);
    }
    return count("SELECT count(*) FROM warehouse1");
  }
}
