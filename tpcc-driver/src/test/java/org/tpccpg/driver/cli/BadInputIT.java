package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.tpccpg.driver.cli.BadInput.bad;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestDatabase;

/**
 * Bad invocations that only the server can reveal: no data set, the wrong one, a role or database
 * that does not exist, nothing listening, a tablespace that does not exist. Each fails with exit
 * code 1 and one line giving the cause; a failed prepare leaves no TPC-C table behind.
 *
 * <p>{@code LOADED} (the fixture's database) holds 1 set of 1 warehouse; {@code EMPTY} has none.
 */
class BadInputIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  private static final String LOADED = "{loaded}";
  private static final String EMPTY = "{empty}";

  private static String emptyName() {
    return POSTGRES.database().name() + "_empty";
  }

  @BeforeAll
  static void databases() throws SQLException {
    try (Connection c = POSTGRES.database().connectAdmin();
        Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE " + emptyName());
      s.execute("CREATE ROLE tpcc_bad_input_nologin NOLOGIN");
    }
    CliRun prepare = CliRun.of(BadInput.array(connect(LOADED, "prepare", "--scale=1")));
    assertEquals(0, prepare.exitCode(), prepare.err());
  }

  @AfterAll
  static void dropDatabases() throws SQLException {
    try (Connection c = POSTGRES.database().connectAdmin();
        Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + emptyName() + " WITH (FORCE)");
      s.execute("DROP ROLE IF EXISTS tpcc_bad_input_nologin");
    }
  }

  /** The arguments with host, port and user of the test server, and the database named. */
  private static List<String> connect(String database, String... args) {
    TestDatabase db = POSTGRES.database();
    List<String> all = new ArrayList<>();
    all.add("--pgsql-host=" + db.host());
    all.add("--pgsql-port=" + db.port());
    boolean userGiven = List.of(args).stream().anyMatch(a -> a.startsWith("--pgsql-user="));
    if (!userGiven) {
      all.add("--pgsql-user=" + db.user());
    }
    String name = database.equals(LOADED) ? db.name() : database;
    all.add("--pgsql-db=" + (database.equals(EMPTY) ? emptyName() : name));
    all.addAll(List.of(args));
    return all;
  }

  static Stream<Arguments> serverErrors() {
    return Stream.of(
        bad("no TPC-C data set", EMPTY, "run", "--scale=1", "--time=1"),
        bad("no TPC-C data set", EMPTY, "check", "--scale=1"),
        bad("--scale=100", LOADED, "run", "--scale=100", "--time=1"),
        bad("--tables=2", LOADED, "run", "--tables=2", "--scale=1", "--time=1"),
        bad("--scale=100", LOADED, "check", "--scale=100"),
        bad("already exists", LOADED, "prepare", "--scale=1"),
        bad("role \"nosuchrole\" does not exist", LOADED, "run", "--pgsql-user=nosuchrole"),
        bad("role \"nosuchrole\" does not exist", LOADED, "prepare", "--pgsql-user=nosuchrole"),
        bad("not permitted to log in", LOADED, "check", "--pgsql-user=tpcc_bad_input_nologin"),
        bad("database \"nosuchdb\" does not exist", "nosuchdb", "run", "--scale=1"),
        bad("database \"nosuchdb\" does not exist", "nosuchdb", "prepare", "--scale=1"),
        bad("database \"nosuchdb\" does not exist", "nosuchdb", "cleanup"),
        bad(
            "tablespace \"nosuch\" does not exist",
            EMPTY,
            "prepare",
            "--scale=1",
            "--table-options=tablespace nosuch"),
        bad(
            "tablespace \"nosuch\" does not exist",
            EMPTY,
            "prepare",
            "--scale=1",
            "--index-options=tablespace nosuch"),
        bad("--results=/etc/passwd/x", LOADED, "run", "--scale=1", "--results=/etc/passwd/x"),
        bad(
            "--threads=100000 needs 100000 connections but the server allows",
            LOADED,
            "run",
            "--scale=1",
            "--threads=100000",
            "--time=1"),
        bad(
            "--pool-size=100000 needs 100000 connections but the server allows",
            LOADED,
            "run",
            "--scale=1",
            "--pool-size=100000",
            "--time=1"),
        bad(
            "no load record here: run prepare --only=schema first",
            EMPTY,
            "prepare",
            "--scale=1",
            "--warehouses=1-1"),
        bad("complete already", LOADED, "prepare", "--scale=1", "--only=finish"),
        bad("complete already", LOADED, "prepare", "--scale=1", "--warehouses=1-1"),
        bad("no TPC-C data set", EMPTY, "install-procedures"));
  }

  @ParameterizedTest(name = "{2}")
  @MethodSource("serverErrors")
  void aBadInvocationAgainstTheServerFailsInOneLine(
      String fragment, Map<String, String> environment, List<String> args) throws SQLException {
    List<String> full = connect(args.get(0), BadInput.array(args.subList(1, args.size())));
    CliRun run = CliRun.of(environment, BadInput.array(full));
    BadInput.assertFailsInOneLine(run, fragment, full);
    if (args.contains("prepare") && args.get(0).equals(EMPTY)) {
      assertEquals(0, tpccTablesIn(emptyName()), "a failed prepare leaves no table behind");
    }
  }

  static Stream<Arguments> unreachable() {
    return Stream.of(
        bad("refused", "run", "--pgsql-host=127.0.0.1", "--pgsql-port=1"),
        bad("refused", "prepare", "--pgsql-host=127.0.0.1", "--pgsql-port=1"),
        bad("nosuchhost.invalid", "run", "--pgsql-host=nosuchhost.invalid"),
        bad("nosuchhost.invalid", "check", "--pgsql-host=nosuchhost.invalid"),
        bad(
            "socket \"/nonexistent/socket/.s.PGSQL.5432\" failed",
            "run",
            "--pgsql-host=/nonexistent/socket"),
        BadInput.badWithEnvironment(
            "socket \"/nonexistent/pghost/.s.PGSQL.5432\" failed",
            Map.of("PGHOST", "/nonexistent/pghost"),
            "check"));
  }

  @ParameterizedTest(name = "{2}")
  @MethodSource("unreachable")
  void anUnreachableServerFailsInOneLineNamingTheCause(
      String fragment, Map<String, String> environment, List<String> args) {
    BadInput.assertFailsInOneLine(CliRun.of(environment, BadInput.array(args)), fragment, args);
  }

  private static long tpccTablesIn(String database) throws SQLException {
    TestDatabase db = POSTGRES.database();
    String url = "jdbc:postgresql://" + db.host() + ":" + db.port() + "/" + database;
    try (Connection c = java.sql.DriverManager.getConnection(url, db.credentials());
        Statement s = c.createStatement();
        ResultSet r =
            s.executeQuery(
                "SELECT count(*) FROM pg_class WHERE relkind IN ('r', 'p')"
                    + " AND relnamespace = 'public'::regnamespace")) {
      r.next();
      return r.getLong(1);
    }
  }
}
