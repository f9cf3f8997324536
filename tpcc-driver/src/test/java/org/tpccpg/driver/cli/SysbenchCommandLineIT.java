package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestDatabase;
import org.tpccpg.testkit.TestServer;

/**
 * The sysbench-tpcc command lines of a published week-long PostgreSQL run, pasted with {@code
 * ./tpcc.lua} replaced by the command and a smaller scale. The unix-socket host of the original
 * ({@code --pgsql-host=/tmp --pgsql-port=1921}) is replaced by the test server's TCP address, and
 * by its socket directory in one test.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SysbenchCommandLineIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  private static List<String> pasted(String... tail) {
    TestDatabase db = POSTGRES.database();
    List<String> args =
        new ArrayList<>(
            List.of(
                "--pgsql-host=" + db.host(),
                "--pgsql-port=" + db.port(),
                "--pgsql-user=" + db.user(),
                "--pgsql-db=" + db.name(),
                "--threads=2",
                "--tables=2",
                "--scale=1",
                "--trx_level=RC",
                "--db-ps-mode=auto",
                "--db-driver=pgsql"));
    args.addAll(List.of(tail));
    return args;
  }

  private static CliRun run(Map<String, String> environment, List<String> args) {
    return CliRun.of(environment, args.toArray(String[]::new));
  }

  @Test
  @Order(1)
  void cleanupAsPastedSucceedsOnAnEmptyDatabase() {
    CliRun cleanup = run(Map.of(), pasted("cleanup"));
    assertEquals(0, cleanup.exitCode(), cleanup.err());
    assertTrue(cleanup.out().contains("cleanup: no table sets found"), cleanup.out());
  }

  @Test
  @Order(2)
  void prepareAsPastedWithStorageOptionsFromTheEnvironmentLoadsWithoutForeignKeys()
      throws SQLException {
    Map<String, String> environment =
        Map.of(
            "pgsql_table_options", "tablespace pg_default",
            "pgsql_index_options", "tablespace pg_default");
    CliRun prepare = run(environment, pasted("--use_fk=0", "prepare"));
    assertEquals(0, prepare.exitCode(), prepare.err());
    assertTrue(prepare.out().contains("prepare: done in "), prepare.out());
    assertEquals(2, count("SELECT count(*) FROM pg_class WHERE relname ~ '^warehouse[12]$'"));
    assertEquals(0, count("SELECT count(*) FROM pg_constraint WHERE contype = 'f'"));
  }

  @Test
  @Order(3)
  void runOptionsAreAcceptedByCheckSoOneOptionSetServesEveryCommand() {
    CliRun check =
        run(Map.of(), pasted("--time=604800", "--report-interval=1", "--enable_purge=no", "check"));
    assertEquals(0, check.exitCode(), check.err() + check.out());
    assertTrue(check.out().contains("check: all 12 conditions checked hold"), check.out());
  }

  @Test
  @Order(4)
  void theCommandWordMayComeFirstAndAnExistingDataSetIsRefused() {
    List<String> args = new ArrayList<>(List.of("prepare"));
    args.addAll(pasted());
    CliRun prepare = run(Map.of(), args);
    assertEquals(1, prepare.exitCode());
    assertEquals(1, prepare.err().lines().count(), prepare.err());
    assertTrue(prepare.err().contains("run cleanup --tables=2 first"), prepare.err());
  }

  @Test
  @Order(5)
  void anOptionTryingToInjectSqlIsRefusedBeforeTouchingTheDatabase() throws SQLException {
    long tablesBefore = count("SELECT count(*) FROM pg_class WHERE relkind = 'r'");
    CliRun prepare =
        run(
            Map.of(),
            pasted("--table-options=tablespace x; DROP TABLE warehouse1", "--force", "prepare"));
    assertEquals(2, prepare.exitCode());
    assertTrue(prepare.err().startsWith("tpcc prepare: --table-options="), prepare.err());
    assertFalse(prepare.err().contains("\tat "), prepare.err());
    assertEquals(tablesBefore, count("SELECT count(*) FROM pg_class WHERE relkind = 'r'"));
  }

  @Test
  @Order(6)
  void theOriginalUnixSocketHostWorksWithTheTestServersSocketDirectory() {
    TestDatabase db = POSTGRES.database();
    String socketDirectory = TestServer.instance().socketDirectory().orElse(null);
    assumeTrue(socketDirectory != null, TestServer.SOCKET_VARIABLE + " is not set");
    List<String> args = new ArrayList<>(pasted("--time=604800", "check"));
    args.set(0, "--pgsql-host=" + socketDirectory);
    CliRun check = run(Map.of(), args);
    assertEquals(0, check.exitCode(), check.err() + check.out());
    assertTrue(check.out().contains("on " + db.user() + "@socket " + socketDirectory), check.out());
    assertTrue(check.out().contains("check: all 12 conditions checked hold"), check.out());
  }

  @Test
  @Order(7)
  void cleanupAsPastedRemovesEverything() throws SQLException {
    CliRun cleanup = run(Map.of(), pasted("cleanup"));
    assertEquals(0, cleanup.exitCode(), cleanup.err());
    assertTrue(
        cleanup.out().contains("dropped table sets 1, 2 (18 tables) and the load record"),
        cleanup.out());
    assertEquals(
        0,
        count(
            "SELECT count(*) FROM pg_class WHERE relname ~ '^(warehouse|item|stock)[0-9]+$'"
                + " OR relname LIKE 'tpcc_metadata%'"));
  }

  private static long count(String sql) throws SQLException {
    try (Connection connection = POSTGRES.database().connect();
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(sql)) {
      rows.next();
      return rows.getLong(1);
    }
  }
}
