package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tpccpg.driver.connect.ConnectionSettings;
import org.tpccpg.driver.connect.SettingSource;
import org.tpccpg.driver.connect.SettingsResolver;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestDatabase;
import org.tpccpg.testkit.TestServer;

/** The test server's unix socket, named by PGHOST as libpq users do. */
class UnixSocketIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  private static String socketDirectory;

  @BeforeAll
  static void findSocket() {
    socketDirectory = TestServer.instance().socketDirectory().orElse(null);
    assumeTrue(socketDirectory != null, TestServer.SOCKET_VARIABLE + " is not set");
  }

  private static Map<String, String> environment() {
    TestDatabase db = POSTGRES.database();
    return Map.of(
        "PGHOST", socketDirectory,
        "PGPORT", Integer.toString(db.port()),
        "PGUSER", db.user(),
        "PGDATABASE", db.name());
  }

  @Test
  void pghostNamingADirectoryConnectsThroughItsSocket() throws SQLException {
    ConnectionSettings settings =
        SettingsResolver.resolve(List.of(SettingSource.environment(environment())), Path.of("/"))
            .settings();
    try (Connection c = settings.open();
        Statement s = c.createStatement();
        ResultSet rows = s.executeQuery("SELECT inet_server_addr() IS NULL, current_database()")) {
      assertTrue(rows.next());
      assertTrue(rows.getBoolean(1), "no server address: a unix-domain socket");
      assertEquals(POSTGRES.database().name(), rows.getString(2));
    }
  }

  /** libpq's URI form in --pgsql-conninfo, its host a percent-encoded socket directory. */
  @Test
  void aConninfoUriNamingTheSocketDirectoryConnectsThroughIt() throws SQLException {
    TestDatabase db = POSTGRES.database();
    String uri =
        "postgresql://"
            + db.user()
            + "@"
            + URLEncoder.encode(socketDirectory, StandardCharsets.UTF_8)
            + ":"
            + db.port()
            + "/"
            + db.name()
            + "?application_name=uri-it";
    ConnectionSettings settings =
        SettingsResolver.resolve(
                List.of(SettingSource.conninfo(uri, "--pgsql-conninfo")), Path.of("/"))
            .settings();
    try (Connection c = settings.open();
        Statement s = c.createStatement();
        ResultSet rows =
            s.executeQuery(
                "SELECT inet_server_addr() IS NULL, current_database(),"
                    + " current_setting('application_name')")) {
      assertTrue(rows.next());
      assertTrue(rows.getBoolean(1), "no server address: a unix-domain socket");
      assertEquals(db.name(), rows.getString(2));
      assertEquals("uri-it", rows.getString(3));
    }
  }

  @Test
  void aShortRunAndCheckGoThroughTheSocketFromPghost() {
    CliRun prepare = CliRun.of(environment(), "--tables=1", "--scale=1", "prepare");
    assertEquals(0, prepare.exitCode(), prepare.err());
    assertTrue(prepare.out().contains("@socket " + socketDirectory + "/.s.PGSQL."), prepare.out());
    CliRun run = CliRun.of(environment(), "--tables=1", "--scale=1", "--time=2", "run");
    assertEquals(0, run.exitCode(), run.err());
    CliRun check = CliRun.of(environment(), "--tables=1", "--scale=1", "check");
    assertEquals(0, check.exitCode(), check.out() + check.err());
  }
}
