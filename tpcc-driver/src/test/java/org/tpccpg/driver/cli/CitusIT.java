package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * {@code prepare --distribute=citus}, {@code run} and {@code check} on a real Citus coordinator,
 * which this project's machines do not have: the test runs only when {@code TPCC_TEST_CITUS_URL} is
 * a JDBC URL of one (user and password in it), and is reported as skipped otherwise. It works in
 * the URL's database and drops its data set at the end.
 */
@EnabledIfEnvironmentVariable(named = "TPCC_TEST_CITUS_URL", matches = ".+")
class CitusIT {
  private static final String URL = System.getenv("TPCC_TEST_CITUS_URL");

  private static CliRun tpcc(String... args) {
    List<String> all = new ArrayList<>(List.of("--pgsql-url=" + URL, "--tables=1", "--scale=2"));
    all.addAll(List.of(args));
    return CliRun.of(all.toArray(String[]::new));
  }

  @Test
  void aDistributedDataSetIsColocatedByWarehouseAndRunsAndChecks() throws SQLException {
    tpcc("cleanup");
    CliRun prepare = tpcc("--threads=2", "--distribute=citus", "prepare");
    assertEquals(0, prepare.exitCode(), prepare.out() + prepare.err());
    Map<String, String> methods = new TreeMap<>();
    try (Connection c = DriverManager.getConnection(URL);
        Statement s = c.createStatement()) {
      try (ResultSet r =
          s.executeQuery(
              "SELECT logicalrelid::regclass::text, partmethod FROM pg_dist_partition")) {
        while (r.next()) {
          methods.put(r.getString(1), r.getString(2));
        }
      }
      assertEquals("n", methods.get("item1"), "item is a reference table: " + methods);
      for (String table :
          List.of(
              "warehouse1",
              "district1",
              "customer1",
              "history1",
              "orders1",
              "new_orders1",
              "order_line1",
              "stock1")) {
        assertEquals("h", methods.get(table), table + " is hash-distributed: " + methods);
      }
      try (ResultSet r =
          s.executeQuery(
              "SELECT count(DISTINCT colocationid) FROM pg_dist_partition WHERE partmethod = 'h'"
                  + " AND logicalrelid::regclass::text LIKE '%1'")) {
        r.next();
        assertEquals(1, r.getInt(1), "all distributed tables of the set are colocated");
      }
      try (ResultSet r =
          s.executeQuery(
              "SELECT count(*) FROM pg_constraint WHERE contype = 'f'"
                  + " AND conname LIKE 'fkey_%_1'")) {
        r.next();
        assertEquals(8, r.getInt(1), "the 8 foreign keys Citus accepts");
      }
    }
    CliRun run = tpcc("--threads=2", "--time=5", "run");
    assertEquals(0, run.exitCode(), run.out() + run.err());
    assertTrue(run.out().contains("Data set: Citus distributed and reference tables"), run.out());
    CliRun check = tpcc("check");
    assertEquals(0, check.exitCode(), check.out() + check.err());
    assertTrue(check.out().contains("(tables distributed with Citus)"), check.out());
    CliRun cleanup = tpcc("cleanup");
    assertEquals(0, cleanup.exitCode(), cleanup.err());
  }
}
