package org.tpccpg.driver.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestServer;

/**
 * {@code tpcc tpcb -i} at scale 2 with table and index tablespaces and foreign keys, checked in the
 * catalogs. The tablespaces live in temporary directories the server's OS user owns (the server
 * must run on this machine, as scripts/test.sh's throwaway cluster does).
 */
@ResourceLock(TestServer.TABLESPACES)
class TpcbInitIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  private static final String TABLES = "tpcb_it_tables_" + ProcessHandle.current().pid();
  private static final String INDEXES = "tpcb_it_indexes_" + ProcessHandle.current().pid();
  private static final List<Path> LOCATIONS = new ArrayList<>(); // removed with the tablespaces

  @BeforeAll
  static void createTablespaces() throws Exception {
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLESPACE " + TABLES + " LOCATION '" + directory() + "'");
      s.execute("CREATE TABLESPACE " + INDEXES + " LOCATION '" + directory() + "'");
    }
  }

  @AfterAll
  static void dropTablespaces() throws SQLException, IOException {
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement()) {
      s.execute(
          "DROP TABLE IF EXISTS pgbench_accounts, pgbench_branches, pgbench_history,"
              + " pgbench_tellers");
      s.execute("DROP TABLESPACE IF EXISTS " + TABLES);
      s.execute("DROP TABLESPACE IF EXISTS " + INDEXES);
    }
    for (Path location : LOCATIONS) {
      Files.delete(location); // empty once its tablespace is dropped
    }
  }

  private static String directory() throws IOException, InterruptedException {
    Path directory = Files.createTempDirectory("tpcb-tablespace-");
    LOCATIONS.add(directory);
    if ("root".equals(System.getProperty("user.name"))) {
      Process chown = new ProcessBuilder("chown", "postgres:", directory.toString()).start();
      assertEquals(0, chown.waitFor(), "chown postgres " + directory);
    }
    return directory.toString();
  }

  private static List<String> rows(String sql) throws SQLException {
    List<String> rows = new ArrayList<>();
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      int columns = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        StringBuilder row = new StringBuilder();
        for (int i = 1; i <= columns; i++) {
          row.append(i > 1 ? " " : "").append(rs.getString(i));
        }
        rows.add(row.toString());
      }
    }
    return rows;
  }

  @Test
  void scaleTwoGoesToTheTablespacesWithPgbenchsColumnsKeysAndRowCounts() throws Exception {
    RealPgbench.Output init =
        TpcbCli.run(
            POSTGRES.database(),
            "-i",
            "-s",
            "2",
            "--tablespace=" + TABLES,
            "--index-tablespace=" + INDEXES,
            "--foreign-keys",
            "-F",
            "90");
    assertTrue(init.err().contains("200000 of 200000 tuples (100%) done"), init.err());
    assertTrue(init.err().contains("creating foreign keys...\ndone in "), init.err());
    assertEquals(
        List.of("2 20 200000 0"),
        rows(
            "SELECT (SELECT count(*) FROM pgbench_branches), (SELECT count(*) FROM"
                + " pgbench_tellers), (SELECT count(*) FROM pgbench_accounts), (SELECT count(*)"
                + " FROM pgbench_history)"));
    assertEquals(
        List.of(
            "pgbench_accounts " + TABLES,
            "pgbench_accounts_pkey " + INDEXES,
            "pgbench_branches " + TABLES,
            "pgbench_branches_pkey " + INDEXES,
            "pgbench_history " + TABLES,
            "pgbench_tellers " + TABLES,
            "pgbench_tellers_pkey " + INDEXES),
        rows(
            "SELECT c.relname, t.spcname FROM pg_class c JOIN pg_tablespace t ON t.oid ="
                + " c.reltablespace WHERE c.relname LIKE 'pgbench%' ORDER BY 1"));
    assertEquals(
        List.of(
            "pgbench_accounts_bid_fkey pgbench_branches",
            "pgbench_history_aid_fkey pgbench_accounts",
            "pgbench_history_bid_fkey pgbench_branches",
            "pgbench_history_tid_fkey pgbench_tellers",
            "pgbench_tellers_bid_fkey pgbench_branches"),
        rows(
            "SELECT conname, confrelid::regclass FROM pg_constraint WHERE contype = 'f'"
                + " ORDER BY 1"));
    assertEquals(
        List.of("bid int4 -1", "bbalance int4 -1", "filler bpchar 88"),
        rows(
            "SELECT attname, typname, CASE WHEN atttypmod > 0 THEN atttypmod - 4 ELSE -1 END"
                + " FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid"
                + " WHERE attrelid = 'pgbench_branches'::regclass AND attnum > 0 ORDER BY attnum"));
    assertEquals(
        List.of("fillfactor=90"),
        rows("SELECT unnest(reloptions) FROM pg_class WHERE relname = 'pgbench_accounts'"));
  }

  private static void dropPgbenchTables() throws SQLException {
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement()) {
      s.execute(
          "DROP TABLE IF EXISTS pgbench_accounts, pgbench_branches, pgbench_history,"
              + " pgbench_tellers");
    }
  }

  /**
   * On a database without pgbench's tables, the first step's DROP TABLE IF EXISTS gets a notice per
   * table from the server, which pgbench prints after "dropping old tables...": the whole of stderr
   * is the real pgbench's, its figures aside.
   */
  @Test
  void aFirstInitializationPrintsTheServersNoticesAsPgbenchDoes() throws Exception {
    dropPgbenchTables();
    RealPgbench.Output real = RealPgbench.run(POSTGRES.database(), "-i", "-s", "1", "-q");
    dropPgbenchTables();
    RealPgbench.Output ours = TpcbCli.run(POSTGRES.database(), "-i", "-s", "1", "-q");
    assertTrue(
        ours.err()
            .startsWith(
                "dropping old tables...\nNOTICE:  table \"pgbench_accounts\" does"
                    + " not exist, skipping\n"),
        ours.err());
    assertEquals(figuresMasked(real.err()), figuresMasked(ours.err()));
  }

  private static String figuresMasked(String text) {
    return text.replaceAll("[0-9]+(\\.[0-9]+)?", "N");
  }

  @Test
  void aTablespaceThatDoesNotExistIsRefusedInOneLineBeforeAnythingIsCreated() throws Exception {
    dropPgbenchTables();
    for (String option : List.of("--index-tablespace", "--tablespace")) {
      RealPgbench.Output refused =
          TpcbCli.runExpecting(1, POSTGRES.database(), "-i", option + "=nosuch");
      assertEquals(
          "tpcc tpcb: error: " + option + "=nosuch: tablespace \"nosuch\" does not exist\n",
          refused.err());
      assertEquals(
          List.of(),
          rows("SELECT relname FROM pg_class WHERE relname LIKE 'pgbench%'"),
          "nothing created");
    }
  }

  @Test
  void aRunOnTablesWithoutPrimaryKeysSaysSoAndGoesOnAsPgbenchDoes() throws Exception {
    dropPgbenchTables();
    TpcbCli.run(POSTGRES.database(), "-i", "-I", "dtg", "-q");
    RealPgbench.Output run = TpcbCli.run(POSTGRES.database(), "-t", "5");
    assertTrue(
        run.err()
            .contains(
                "tpcc tpcb: warning: pgbench_branches, pgbench_tellers, pgbench_accounts have no"
                    + " primary key"),
        run.err());
    assertTrue(run.out().contains("number of transactions actually processed: 5/5"), run.out());
    TpcbCli.run(POSTGRES.database(), "-i", "-I", "p");
    RealPgbench.Output keyed = TpcbCli.run(POSTGRES.database(), "-t", "5");
    assertTrue(!keyed.err().contains("primary key"), keyed.err());
  }
}
