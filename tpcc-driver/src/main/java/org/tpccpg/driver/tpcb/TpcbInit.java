package org.tpccpg.driver.tpcb;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.StringJoiner;
import org.tpccpg.core.jdbc.ConnectionFactory;
import org.tpccpg.core.jdbc.ServerVersion;
import org.tpccpg.core.tpcb.TpcbLayout;
import org.tpccpg.core.tpcb.TpcbSchema;
import org.tpccpg.driver.report.CFormat;

/**
 * {@code pgbench -i}: runs the chosen {@link InitStep}s in order on one connection, printing
 * pgbench's lines to {@code err} ({@code creating tables...}, the generation progress, and {@code
 * done in 0.85 s (drop tables 0.00 s, ...).}).
 */
public final class TpcbInit {
  private final ConnectionFactory connections;
  private final TpcbSchema schema;
  private final List<InitStep> steps;
  private final boolean quiet;
  private final PrintWriter err;

  /**
   * @param quiet {@code -q}: a progress line at most every 5 seconds instead of every 100,000 rows
   */
  public TpcbInit(
      ConnectionFactory connections,
      TpcbLayout layout,
      List<InitStep> steps,
      boolean quiet,
      PrintWriter err) {
    this.connections = Objects.requireNonNull(connections, "connections");
    this.schema = new TpcbSchema(layout);
    this.steps = List.copyOf(steps);
    this.quiet = quiet;
    this.err = Objects.requireNonNull(err, "err");
  }

  /**
   * The first of {@code --tablespace} and {@code --index-tablespace} that names no tablespace, as
   * {@code --index-tablespace=nosuch: tablespace "nosuch" does not exist}; null when both exist or
   * are not given. Asked before anything is dropped or created: otherwise pgbench's steps would
   * load the tables and fail only at the primary keys, leaving tables without keys behind.
   */
  public String missingTablespace() throws SQLException {
    try (Connection connection = connections.open();
        PreparedStatement exists =
            connection.prepareStatement(
                "SELECT 1 FROM pg_catalog.pg_tablespace WHERE spcname = ?")) {
      String[][] options = {
        {"--tablespace", schema.layout().tablespace()},
        {"--index-tablespace", schema.layout().indexTablespace()}
      };
      for (String[] option : options) {
        if (option[1].isEmpty()) {
          continue;
        }
        exists.setString(1, option[1]);
        try (ResultSet row = exists.executeQuery()) {
          if (!row.next()) {
            return option[0]
                + "="
                + option[1]
                + ": tablespace \""
                + option[1]
                + "\" does not exist";
          }
        }
      }
      return null;
    }
  }

  /**
   * What the server cannot build of a partitioned layout with these steps ({@link
   * PartitionSupport}), as one line naming the option; null when it can. Asked before anything is
   * dropped or created.
   */
  public String unsupportedPartitioning() throws SQLException {
    if (!schema.layout().partitioned()) {
      return null;
    }
    try (Connection connection = connections.open()) {
      return PartitionSupport.refusal(schema.layout(), steps, ServerVersion.of(connection));
    }
  }

  /** Runs every step; a failed statement stops the initialization. */
  public void run() throws SQLException {
    long start = System.nanoTime();
    Map<InitStep, Long> times = new LinkedHashMap<>();
    try (Connection connection = connections.open()) {
      connection.setAutoCommit(true);
      for (InitStep step : steps) {
        err.println(step.announcement());
        err.flush();
        long stepStart = System.nanoTime();
        runStep(connection, step);
        times.merge(step, System.nanoTime() - stepStart, Long::sum);
      }
    }
    err.println(doneLine(System.nanoTime() - start, times));
    err.flush();
  }

  /** {@code done in 0.85 s (drop tables 0.00 s, create tables 0.03 s, ...).} */
  static String doneLine(long totalNanos, Map<InitStep, Long> times) {
    StringJoiner parts = new StringJoiner(", ", " (", ").");
    times.forEach((step, nanos) -> parts.add(step.label() + " " + seconds(nanos) + " s"));
    return "done in " + seconds(totalNanos) + " s" + parts;
  }

  private static String seconds(long nanos) {
    return CFormat.fixed(nanos / 1e9, 2);
  }

  private void runStep(Connection connection, InitStep step) throws SQLException {
    switch (step) {
      case DROP -> execute(connection, schema.dropTables());
      case CREATE_TABLES -> createTables(connection);
      case CLIENT_SIDE_GENERATE -> inTransaction(connection, () -> generateHere(connection));
      case SERVER_SIDE_GENERATE ->
          inTransaction(connection, () -> execute(connection, schema.generateOnServer()));
      case VACUUM -> execute(connection, schema.vacuum());
      case PRIMARY_KEYS -> execute(connection, schema.primaryKeys());
      case FOREIGN_KEYS -> execute(connection, schema.foreignKeys());
    }
  }

  private void createTables(Connection connection) throws SQLException {
    List<String> statements = schema.createTables();
    execute(connection, statements.subList(0, TpcbSchema.TABLES.size()));
    int partitions = schema.layout().partitions();
    if (partitions > 0) {
      err.println("creating " + partitions + " partitions...");
      err.flush();
      execute(connection, statements.subList(TpcbSchema.TABLES.size(), statements.size()));
    }
  }

  private void generateHere(Connection connection) throws SQLException {
    execute(connection, schema.generateOnServer().subList(0, 1)); // the TRUNCATE
    AccountsCopy copy = new AccountsCopy(connection, schema.layout().scale());
    copy.copyBranchesAndTellers();
    InitProgress progress =
        new InitProgress(err, schema.layout().scale().accounts(), quiet, System.nanoTime());
    // pgbench's rule: FREEZE only from 14, where it also sets the visibility map (before, the
    // first VACUUM would write every page again), and never into a partitioned table
    boolean freeze = !schema.layout().partitioned() && ServerVersion.of(connection).atLeast(14);
    copy.copyAccounts(freeze, progress);
  }

  private static void inTransaction(Connection connection, SqlWork work) throws SQLException {
    connection.setAutoCommit(false);
    try {
      work.run();
      connection.commit();
    } catch (SQLException | RuntimeException e) {
      connection.rollback();
      throw e;
    } finally {
      connection.setAutoCommit(true);
    }
  }

  /**
   * Runs the statements in order, printing the server's notices of each after it as pgbench's libpq
   * does (the first {@code d} on a database without the tables gets a {@code NOTICE: table
   * "pgbench_accounts" does not exist, skipping} per table).
   */
  private void execute(Connection connection, List<String> statements) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        try {
          statement.execute(sql);
          ServerNotices.print(statement, err);
        } catch (SQLException e) {
          throw new SQLException(
              "query failed: " + e.getMessage() + "; query was: " + sql.replaceAll("\\s+", " "),
              e.getSQLState(),
              e);
        }
      }
    }
  }

  /** A piece of JDBC work run inside a transaction. */
  @FunctionalInterface
  private interface SqlWork {
    void run() throws SQLException;
  }
}
