package org.tpccpg.loader;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tpccpg.core.ddl.StorageOptions;
import org.tpccpg.testkit.PostgresFixture;

/**
 * Table and index tablespaces, made by the test in temporary directories. The test server must run
 * on this machine (scripts/test.sh's throwaway cluster does), as the {@code postgres} OS user when
 * the tests run as root.
 */
class TablespaceIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  private static final String TABLES = "tpcc_it_tables_" + ProcessHandle.current().pid();
  private static final String INDEXES = "tpcc_it_indexes_" + ProcessHandle.current().pid();
  private static final List<Path> LOCATIONS = new ArrayList<>(); // removed with the tablespaces

  @BeforeAll
  static void createTablespaces() throws Exception {
    try (Connection connection = POSTGRES.database().connect();
        Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLESPACE " + TABLES + " LOCATION '" + directory() + "'");
      statement.execute("CREATE TABLESPACE " + INDEXES + " LOCATION '" + directory() + "'");
    }
  }

  @AfterEach
  void cleanUp() throws Exception {
    new DataSetCleaner(POSTGRES.database()::connect, 2).cleanup(2);
  }

  @AfterAll
  static void dropTablespaces() throws SQLException, IOException {
    try (Connection connection = POSTGRES.database().connect();
        Statement statement = connection.createStatement()) {
      statement.execute("DROP TABLESPACE IF EXISTS " + TABLES);
      statement.execute("DROP TABLESPACE IF EXISTS " + INDEXES);
    }
    for (Path location : LOCATIONS) {
      Files.delete(location); // empty once its tablespace is dropped
    }
  }

  /** An empty directory the server's OS user owns. */
  private static String directory() throws IOException, InterruptedException {
    Path directory = Files.createTempDirectory("tpcc-tablespace-");
    LOCATIONS.add(directory);
    if ("root".equals(System.getProperty("user.name"))) {
      Process chown = new ProcessBuilder("chown", "postgres:", directory.toString()).start();
      assertEquals(0, chown.waitFor(), "chown postgres " + directory);
    }
    return directory.toString();
  }

  private static void load(StorageOptions storage) throws Exception {
    LoadConfig config = LoadConfig.of(2, 1, 2, 7L).withStorage(storage);
    new TpccLoader(POSTGRES.database()::connect, LoadListener.none())
        .prepare(config, new LoadProgress(2, 1));
  }

  private static List<String> tablespacesOf(Connection connection, String relkinds)
      throws SQLException {
    return Catalog.strings(
        connection,
        "SELECT DISTINCT coalesce(s.spcname, 'default') FROM pg_class c"
            + " LEFT JOIN pg_tablespace s ON s.oid = c.reltablespace"
            + " WHERE c.relname ~ '^(warehouse|district|customer|history|orders|new_orders|"
            + "order_line|stock|item|pk_|idx_|fkey_)[a-z_]*[0-9]+$' AND c.relkind = ANY (?::char[])",
        relkinds);
  }

  @Test
  void tablesGoToTheTableTablespaceAndEveryIndexToTheIndexTablespace() throws Exception {
    load(new StorageOptions("tablespace " + TABLES, "tablespace " + INDEXES, true));
    try (Connection connection = POSTGRES.database().connect()) {
      assertEquals(List.of(TABLES), tablespacesOf(connection, "{r}"));
      assertEquals(List.of(INDEXES), tablespacesOf(connection, "{i}"));
    }
  }

  @Test
  void withoutThePrimaryKeyFlagPrimaryKeysStayInTheDefaultTablespaceAsInSysbench()
      throws Exception {
    load(new StorageOptions("tablespace " + TABLES, "tablespace " + INDEXES, false));
    try (Connection connection = POSTGRES.database().connect()) {
      assertEquals(List.of(TABLES), tablespacesOf(connection, "{r}"));
      assertEquals(
          List.of("default"),
          Catalog.strings(
              connection,
              "SELECT DISTINCT coalesce(s.spcname, 'default') FROM pg_constraint k"
                  + " JOIN pg_class c ON c.oid = k.conindid"
                  + " LEFT JOIN pg_tablespace s ON s.oid = c.reltablespace"
                  + " WHERE k.contype = 'p' AND c.relname LIKE ?",
              "pk_%"));
      assertEquals(
          List.of(INDEXES),
          Catalog.strings(
              connection,
              "SELECT DISTINCT coalesce(s.spcname, 'default') FROM pg_class c"
                  + " LEFT JOIN pg_tablespace s ON s.oid = c.reltablespace"
                  + " WHERE c.relkind = 'i' AND c.relname LIKE ?",
              "idx\\_%"));
    }
  }
}
