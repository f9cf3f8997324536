package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.durability.CommitLedger;
import org.tpccpg.driver.results.JsonParser;
import org.tpccpg.testkit.Background;
import org.tpccpg.testkit.PostgresFixture;

/**
 * What {@code run --db-ps-mode} puts on the wire, as the server shows it in {@code
 * pg_stat_activity.query} while the workers run: with {@code disable} the values are in the query
 * text (the simple protocol, as sysbench's driver sends them), with {@code auto} they are bound to
 * {@code $n} parameters of prepared statements. {@code --statement-mode} gives pgbench's three
 * names instead; which of them ran is in {@code summary.json}.
 */
class StatementModeRunIT {
  @RegisterExtension
  static final PostgresFixture POSTGRES = new PostgresFixture(TpccDataSets.oneWarehouse());

  private static CliRun tpcc(String... more) {
    List<String> args = CliRun.connectedTo(POSTGRES.database(), "--tables=1", "--scale=1");
    args.addAll(List.of(more));
    return CliRun.of(args.toArray(String[]::new));
  }

  @TempDir Path results;

  /**
   * The distinct statements on the TPC-C tables that other sessions ran during a 6 s run (ten or
   * more on a loaded machine too): the workers', not the catalog queries before the run,
   * autovacuum's, nor the durability audit's (its one read of every district's D_NEXT_O_ID has no
   * value to bind).
   */
  private Set<String> statementsSeenDuring(String modeOption) throws Exception {
    CompletableFuture<CliRun> run =
        Background.supply(
            () -> tpcc("--threads=2", "--time=6", modeOption, "--results=" + results, "run"));
    Set<String> seen = new HashSet<>();
    try (Connection c = POSTGRES.database().connect();
        PreparedStatement activity =
            c.prepareStatement(
                "SELECT query FROM pg_stat_activity WHERE datname = current_database()"
                    + " AND pid <> pg_backend_pid() AND backend_type = 'client backend'"
                    + " AND application_name NOT LIKE '%"
                    + CommitLedger.ROLE
                    + "'"
                    + " AND query ~ '\\m(warehouse|district|customer|stock|new_orders|orders"
                    + "|order_line)1\\M'")) {
      while (!run.isDone()) {
        seen.addAll(queries(activity));
        Thread.sleep(5);
      }
    }
    CliRun finished = run.get();
    assertEquals(0, finished.exitCode(), finished.err());
    assertTrue(finished.out().contains("tpmC: "), finished.out());
    return seen;
  }

  private static List<String> queries(PreparedStatement activity) throws SQLException {
    List<String> queries = new ArrayList<>();
    try (ResultSet rs = activity.executeQuery()) {
      while (rs.next()) {
        queries.add(rs.getString(1));
      }
    }
    return queries;
  }

  /** Whether the query has a {@code $n} parameter outside its string literals. */
  private static boolean bound(String query) {
    // Payment's c_data carries amounts such as '... $1842.23 ...' in a literal.
    String withoutLiterals = query.replaceAll("'(?:[^']|'')*'", "''");
    return withoutLiterals.matches("(?s).*\\$\\d.*");
  }

  /** The options of the run's {@code summary.json}. */
  private Map<?, ?> summaryOptions() throws Exception {
    Map<?, ?> summary =
        (Map<?, ?>) JsonParser.parse(Files.readString(results.resolve("summary.json")));
    return (Map<?, ?>) summary.get("options");
  }

  @Test
  void disableSendsTheValuesInsideTheQueryText() throws Exception {
    Set<String> seen = statementsSeenDuring("--db-ps-mode=disable");
    assertTrue(seen.size() >= 10, "statements seen: " + seen);
    assertFalse(seen.stream().anyMatch(StatementModeRunIT::bound), seen.toString());
    assertEquals("disable", summaryOptions().get("db_ps_mode"));
    assertEquals("simple", summaryOptions().get("statement_mode"));
  }

  @Test
  void autoBindsTheValuesToParametersOfPreparedStatements() throws Exception {
    Set<String> seen = statementsSeenDuring("--db-ps-mode=auto");
    assertTrue(seen.size() >= 10, "statements seen: " + seen);
    assertTrue(seen.stream().allMatch(StatementModeRunIT::bound), seen.toString());
    assertEquals("auto", summaryOptions().get("db_ps_mode"));
    assertEquals("prepared", summaryOptions().get("statement_mode"));
  }

  @Test
  void statementModeExtendedBindsTheValuesAndHasNoSysbenchName() throws Exception {
    Set<String> seen = statementsSeenDuring("--statement-mode=extended");
    assertTrue(seen.size() >= 10, "statements seen: " + seen);
    assertTrue(seen.stream().allMatch(StatementModeRunIT::bound), seen.toString());
    assertNull(summaryOptions().get("db_ps_mode"));
    assertEquals("extended", summaryOptions().get("statement_mode"));
  }
}
