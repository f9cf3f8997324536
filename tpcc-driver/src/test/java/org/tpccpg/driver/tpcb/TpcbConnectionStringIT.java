package org.tpccpg.driver.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.cli.TpccCli;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestDatabase;
import org.tpccpg.testkit.TestServer;

/**
 * A connection string as pgbench's dbname argument, which libpq expands: a URI or keyword/value
 * conninfo whose values win over {@code -h}, {@code -p}, {@code -U} and the {@code PG*} variables,
 * and libpq's words for a bad one. Each case runs the real pgbench first, then {@code tpcc tpcb}
 * with the same arguments and environment.
 */
class TpcbConnectionStringIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  @TempDir static Path dir;

  /** An environment that points nowhere useful: only the connection string can reach the server. */
  private static Map<String, String> misleadingEnvironment() {
    TestDatabase db = POSTGRES.database();
    return Map.of("PGHOST", "127.0.0.1", "PGPORT", "1", "PGPASSWORD", db.password());
  }

  @BeforeAll
  static void loadTables() throws Exception {
    TestDatabase db = POSTGRES.database();
    Output init = pgbench(misleadingEnvironment(), "-i", "-s", "1", "-q", conninfo(db));
    assertEquals(0, init.exitCode(), init.err());
  }

  private static String conninfo(TestDatabase db) {
    return "host="
        + db.host()
        + " port="
        + db.port()
        + " user="
        + db.user()
        + " dbname="
        + db.name();
  }

  private static String uri(TestDatabase db, String database, String query) {
    return "postgresql://" + db.user() + "@" + db.host() + ":" + db.port() + "/" + database + query;
  }

  @Test
  void aUriInTheDbnameConnectsAsIt() throws Exception {
    TestDatabase db = POSTGRES.database();
    for (Output output :
        both(misleadingEnvironment(), "-S", "-t", "5", uri(db, db.name(), "?sslmode=disable"))) {
      assertEquals(0, output.exitCode(), output.err());
      assertTrue(
          output.out().contains("number of transactions actually processed: 5/5"), output.out());
    }
  }

  @Test
  void aConninfoInTheDbnameWinsOverHostPortAndUserOptions() throws Exception {
    TestDatabase db = POSTGRES.database();
    for (Output output :
        both(
            misleadingEnvironment(),
            "-h",
            "nowhere.invalid",
            "-p",
            "2",
            "-U",
            "nobody",
            "-S",
            "-t",
            "3",
            conninfo(db))) {
      assertEquals(0, output.exitCode(), output.err());
      assertTrue(
          output.out().contains("number of transactions actually processed: 3/3"), output.out());
    }
  }

  @Test
  void anUnknownKeywordOrQueryParameterGetsLibpqsWords() throws Exception {
    TestDatabase db = POSTGRES.database();
    Output[] keyword = both(misleadingEnvironment(), "-S", "-t", "1", "hots=x dbname=x");
    Output[] parameter =
        both(misleadingEnvironment(), "-S", "-t", "1", uri(db, db.name(), "?foo=1"));
    for (Output output : List.of(keyword[0], keyword[1])) {
      assertEquals(1, output.exitCode(), output.err());
      assertTrue(output.err().contains("error: invalid connection option \"hots\""), output.err());
      assertTrue(output.err().contains("error: could not create connection for setup"));
    }
    for (Output output : List.of(parameter[0], parameter[1])) {
      assertEquals(1, output.exitCode(), output.err());
      assertTrue(
          output.err().contains("error: invalid URI query parameter: \"foo\""), output.err());
    }
  }

  @Test
  void theSessionKindAndGssapiEncryptionAskedForAreCheckedAsPgbenchChecksThem() throws Exception {
    TestDatabase db = POSTGRES.database();
    String failed =
        "connection to server at \"" + db.host() + "\", port " + db.port() + " failed: ";
    Map<String, String> refusals =
        Map.of(
            " options='-c default_transaction_read_only=on' target_session_attrs=read-write",
            failed + "session is read-only",
            " target_session_attrs=read-only",
            failed + "session is not read-only",
            " gssencmode=require",
            failed + "GSSAPI encryption required but was impossible");
    for (Map.Entry<String, String> refusal : refusals.entrySet()) {
      for (Output output :
          both(misleadingEnvironment(), "-S", "-t", "1", conninfo(db) + refusal.getKey())) {
        assertEquals(1, output.exitCode(), output.err());
        assertTrue(output.err().contains(refusal.getValue()), output.err());
        assertTrue(
            output.err().contains("error: could not create connection for setup"), output.err());
      }
    }
    for (Output output :
        both(
            misleadingEnvironment(),
            "-S",
            "-t",
            "1",
            conninfo(db) + " channel_binding=require")) { // no TLS here, so no channel binding
      assertEquals(1, output.exitCode(), output.err());
      assertTrue(output.err().toLowerCase(Locale.ROOT).contains("channel binding"), output.err());
    }
    String accepted =
        " target_session_attrs=prefer-standby gssencmode=disable channel_binding=disable"
            + " keepalives_idle=30 keepalives_interval=5 keepalives_count=3";
    for (Output output : both(misleadingEnvironment(), "-S", "-t", "2", conninfo(db) + accepted)) {
      assertEquals(0, output.exitCode(), output.err());
      assertTrue(
          output.out().contains("number of transactions actually processed: 2/2"), output.out());
    }
  }

  @Test
  void hostaddrIsConnectedToWithoutLookingTheHostUpAndAHostThatDoesNotResolveIsSaidSo()
      throws Exception {
    TestDatabase db = POSTGRES.database();
    String target = " port=" + db.port() + " user=" + db.user() + " dbname=" + db.name();
    for (Output output :
        both(
            misleadingEnvironment(),
            "-S",
            "-t",
            "1",
            "host=nonexistent.invalid hostaddr=" + db.host() + target)) {
      assertEquals(0, output.exitCode(), output.err());
      assertTrue(
          output.out().contains("number of transactions actually processed: 1/1"), output.out());
    }
    for (Output output :
        both(misleadingEnvironment(), "-S", "-t", "1", "host=nonexistent.invalid" + target)) {
      assertEquals(1, output.exitCode(), output.err());
      assertTrue(
          output
              .err()
              .contains("error: could not translate host name \"nonexistent.invalid\" to address"),
          output.err());
      assertTrue(
          output.err().contains("error: could not create connection for setup"), output.err());
    }
    for (Output output :
        both(misleadingEnvironment(), "-S", "-t", "1", "hostaddr=nonexistent.invalid" + target)) {
      assertEquals(1, output.exitCode(), output.err());
      assertTrue(output.err().contains("nonexistent.invalid"), output.err());
      assertTrue(
          output.err().contains("error: could not create connection for setup"), output.err());
    }
  }

  @Test
  void requirepeerChecksTheServersUserOverTheSocketAndNotOverTcpAsPgbenchDoes() throws Exception {
    String socketDirectory = TestServer.instance().socketDirectory().orElse(null);
    assumeTrue(socketDirectory != null, TestServer.SOCKET_VARIABLE + " is not set");
    TestDatabase db = POSTGRES.database();
    Path socket = Path.of(socketDirectory, ".s.PGSQL." + db.port());
    String serverUser = Files.getOwner(socket).getName();
    String other = serverUser.equals("nobody") ? "daemon" : "nobody";
    String overSocket =
        "host=" + socketDirectory + " port=" + db.port() + " user=" + db.user() + " dbname=";
    for (Output output :
        both(
            misleadingEnvironment(),
            "-S",
            "-t",
            "1",
            overSocket + db.name() + " requirepeer=" + serverUser)) {
      assertEquals(0, output.exitCode(), output.err());
      assertTrue(
          output.out().contains("number of transactions actually processed: 1/1"), output.out());
    }
    for (Output output :
        both(
            misleadingEnvironment(),
            "-S",
            "-t",
            "1",
            overSocket + db.name() + " requirepeer=" + other)) {
      assertEquals(1, output.exitCode(), output.err());
      assertTrue(
          output
              .err()
              .contains(
                  "error: connection to server on socket \""
                      + socket
                      + "\" failed: requirepeer specifies \""
                      + other
                      + "\", but actual peer user name is \""
                      + serverUser
                      + "\""),
          output.err());
    }
    for (Output output :
        both(misleadingEnvironment(), "-S", "-t", "1", conninfo(db) + " requirepeer=" + other)) {
      assertEquals(0, output.exitCode(), "not checked over TCP: " + output.err());
    }
  }

  /**
   * With no host given anywhere, pgbench goes to libpq's default, a unix socket in the directory
   * its libpq was built with (Debian's: /var/run/postgresql), not to localhost over TCP; the test
   * server listens elsewhere, so both say the same socket file is not there.
   */
  @Test
  void withNoHostGivenBothGoToLibpqsDefaultSocketDirectory() throws Exception {
    TestDatabase db = POSTGRES.database();
    Output[] outputs =
        both(
            Map.of("PGPASSWORD", db.password()),
            "-S",
            "-t",
            "1",
            "-p",
            Integer.toString(db.port()),
            "-U",
            db.user(),
            db.name());
    String pgbenchs = outputs[0].err().replace("pgbench: ", "");
    assertEquals(1, outputs[0].exitCode(), pgbenchs);
    assertTrue(
        pgbenchs.startsWith("error: connection to server on socket \"/"), "pgbench: " + pgbenchs);
    assertEquals(1, outputs[1].exitCode(), outputs[1].err());
    assertEquals(pgbenchs, outputs[1].err().replace("tpcc tpcb: ", ""));
  }

  /** A server that accepts and never answers: connect_timeout ends the wait as in libpq. */
  @Test
  void aConnectTimeoutEndsAConnectionThatIsAcceptedAndNeverAnsweredAsPgbenchDoes()
      throws Exception {
    try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      String conninfo =
          "host=127.0.0.1 port=" + silent.getLocalPort() + " connect_timeout=2 dbname=x";
      for (Output output : both(misleadingEnvironment(), "-S", "-t", "1", conninfo)) {
        assertEquals(1, output.exitCode(), output.err());
        assertTrue(
            output
                .err()
                .contains(
                    "error: connection to server at \"127.0.0.1\", port "
                        + silent.getLocalPort()
                        + " failed: timeout expired\n"),
            output.err());
      }
    }
  }

  /**
   * A host list (libpq's failover): a server that never answers, a port nobody listens on, then the
   * real server; both tools go on to the one that answers. Without it, each says every server's
   * failure in the same lines.
   */
  @Test
  void aHostListIsTriedInTurnAndEveryServersFailureIsSaidAsPgbenchSaysIt() throws Exception {
    TestDatabase db = POSTGRES.database();
    int refusing;
    try (ServerSocket closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      refusing = closed.getLocalPort();
    }
    try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      String servers = "host=127.0.0.1,localhost,";
      String ports = silent.getLocalPort() + "," + refusing;
      String common = " connect_timeout=2 user=" + db.user() + " dbname=" + db.name();
      String reachable = servers + db.host() + " port=" + ports + "," + db.port() + common;
      for (Output output : both(misleadingEnvironment(), "-S", "-t", "5", reachable)) {
        assertEquals(0, output.exitCode(), output.err());
        assertTrue(output.out().contains("number of failed transactions: 0"), output.out());
      }
      String unreachable = "host=127.0.0.1,localhost port=" + ports + common;
      Output[] outputs = both(misleadingEnvironment(), "-S", "-t", "1", unreachable);
      String pgbenchs = outputs[0].err().replace("pgbench: ", "");
      assertEquals(1, outputs[0].exitCode(), pgbenchs);
      assertTrue(
          pgbenchs.startsWith(
              "error: connection to server at \"127.0.0.1\", port "
                  + silent.getLocalPort()
                  + " failed: timeout expired\nconnection to server at \"localhost\""),
          pgbenchs);
      assertEquals(1, outputs[1].exitCode(), outputs[1].err());
      assertEquals(pgbenchs, outputs[1].err().replace("tpcc tpcb: ", ""));
    }
  }

  /** Lists that do not pair are refused in libpq's words. */
  @Test
  void aPortListThatDoesNotMatchTheHostsIsRefusedAsPgbenchRefusesIt() throws Exception {
    for (Output output :
        both(misleadingEnvironment(), "-S", "-t", "1", "host=a,b port=5432,5433,5434 dbname=x")) {
      assertEquals(1, output.exitCode(), output.err());
      assertTrue(
          output.err().contains("could not match 3 port numbers to 2 hosts\n"), output.err());
      assertTrue(
          output.err().endsWith("error: could not create connection for setup\n"), output.err());
    }
  }

  /** A file where the socket should be refuses the connection: the system's reason, not ENOENT. */
  @Test
  void aSocketThatCannotBeReachedGetsTheSystemsReasonAsPgbenchGivesIt() throws Exception {
    Path notListening = Files.createDirectories(dir.resolve("not-listening"));
    Files.createFile(notListening.resolve(".s.PGSQL.7"));
    Map<String, String> reasons =
        Map.of(
            notListening.toString(), "Connection refused",
            dir.resolve("no-such-directory").toString(), "No such file or directory");
    for (Map.Entry<String, String> reason : reasons.entrySet()) {
      for (Output output :
          both(
              misleadingEnvironment(),
              "-S",
              "-t",
              "1",
              "host=" + reason.getKey() + " port=7 dbname=x")) {
        assertEquals(1, output.exitCode(), output.err());
        assertTrue(
            output
                .err()
                .contains(
                    "error: connection to server on socket \""
                        + reason.getKey()
                        + "/.s.PGSQL.7\" failed: "
                        + reason.getValue()
                        + "\n\tIs the server running locally and accepting connections on that"
                        + " socket?\n"),
            output.err());
      }
    }
  }

  /**
   * fallback_application_name, sslcompression, gsslib and client_encoding are taken and change
   * nothing: the script fails (division by zero) unless the session's name is the tool's own, as
   * pgbench's own name wins over a fallback; a client_encoding other than UTF8 gets our warning.
   */
  @Test
  void theKeywordsLibpqTakesAndSetsAsideAreTakenAsPgbenchTakesThem() throws Exception {
    TestDatabase db = POSTGRES.database();
    Path script =
        Files.writeString(
            dir.resolve("own-name.sql"),
            "SELECT 1 / (current_setting('application_name') IN ('pgbench', 'tpcc'))::int;\n");
    String setAside =
        " fallback_application_name=nightly sslcompression=1 gsslib=gssapi client_encoding=";
    for (String encoding : List.of("UTF8", "LATIN1")) {
      Output[] outputs =
          both(
              misleadingEnvironment(),
              "-n",
              "-t",
              "2",
              "-f",
              script.toString(),
              conninfo(db) + setAside + encoding);
      for (Output output : outputs) {
        assertEquals(0, output.exitCode(), output.err());
        assertTrue(
            output.out().contains("number of transactions actually processed: 2/2"), output.out());
      }
      assertEquals(
          encoding.equals("LATIN1"),
          outputs[1].err().contains("client_encoding=LATIN1 is not used"),
          outputs[1].err());
    }
  }

  @Test
  void anInitializationThatCannotConnectSaysSoAsPgbenchDoes() throws Exception {
    TestDatabase db = POSTGRES.database();
    for (Output output :
        both(misleadingEnvironment(), "-i", "-s", "1", uri(db, "no_such_database", ""))) {
      assertEquals(1, output.exitCode(), output.err());
      assertTrue(
          output.err().contains("failed: FATAL:  database \"no_such_database\" does not exist"),
          output.err());
      assertTrue(
          output.err().contains("error: could not create connection for initialization"),
          output.err());
    }
  }

  @Test
  void aPasswordInTheUriIsNeverPrinted() {
    TestDatabase db = POSTGRES.database();
    String secret = "Sekr3tPassw0rd";
    String withPassword =
        "postgresql://"
            + db.user()
            + ":"
            + secret
            + "@"
            + db.host()
            + ":"
            + db.port()
            + "/"
            + db.name();
    // the test server trusts local connections, so a wrong password still connects; a bad
    // parameter makes the error path print too
    for (String dbname : List.of(withPassword, withPassword + "?foo=1")) {
      Output ours = ours(Map.of(), "-S", "-t", "1", "--verbose-errors", dbname);
      assertFalse((ours.out() + ours.err()).contains(secret), ours.out() + ours.err());
    }
  }

  /** A service file defining {@code bench} as the test database, and the misleading variables. */
  private static Map<String, String> serviceEnvironment(String... more) throws IOException {
    TestDatabase db = POSTGRES.database();
    Path file =
        Files.writeString(
            dir.resolve("pg_service.conf"),
            "# the test server\n[bench]\nhost="
                + db.host()
                + "\nport="
                + db.port()
                + "\nuser="
                + db.user()
                + "\ndbname="
                + db.name()
                + "\n");
    Map<String, String> environment = new HashMap<>(misleadingEnvironment());
    environment.put("PGSERVICEFILE", file.toString());
    environment.put("PGSYSCONFDIR", dir.resolve("no-system-file").toString());
    for (int i = 0; i + 1 < more.length; i += 2) {
      environment.put(more[i], more[i + 1]);
    }
    return environment;
  }

  @Test
  void aServiceNamedByPgserviceWinsOverThePgVariablesButNotOverTheDatabasePgbenchNames()
      throws Exception {
    TestDatabase db = POSTGRES.database();
    // pgbench names the database itself (PGDATABASE, PGUSER, the OS user): the service's dbname
    // is never used without a dbname argument, so PGUSER names it here, -U the role
    Map<String, String> environment = serviceEnvironment("PGSERVICE", "bench", "PGUSER", db.name());
    for (Output output : both(environment, "-U", db.user(), "-S", "-t", "3")) {
      assertEquals(0, output.exitCode(), output.err());
      assertTrue(
          output.out().contains("number of transactions actually processed: 3/3"), output.out());
    }
  }

  @Test
  void aServiceInTheDbnameGivesTheDatabaseToo() throws Exception {
    for (Output output : both(serviceEnvironment(), "-S", "-t", "2", "service=bench")) {
      assertEquals(0, output.exitCode(), output.err());
      assertTrue(
          output.out().contains("number of transactions actually processed: 2/2"), output.out());
    }
  }

  @Test
  void aServiceNoFileDefinesGetsLibpqsWordsThenPgbenchs() throws Exception {
    for (Output output : both(serviceEnvironment("PGSERVICE", "nosuch"), "-S", "-t", "1")) {
      assertEquals(1, output.exitCode(), output.err());
      assertTrue(
          output.err().contains("error: definition of service \"nosuch\" not found\n"),
          output.err());
      assertTrue(
          output.err().contains("error: could not create connection for setup"), output.err());
    }
  }

  private static Output[] both(Map<String, String> environment, String... args) throws Exception {
    return new Output[] {pgbench(environment, args), ours(environment, args)};
  }

  private static Output pgbench(Map<String, String> environment, String... args) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(RealPgbench.locate().toString());
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().keySet().removeIf(name -> name.startsWith("PG"));
    builder.environment().putAll(environment);
    Process process = builder.start();
    byte[] err = process.getErrorStream().readAllBytes();
    byte[] out = process.getInputStream().readAllBytes();
    return new Output(
        process.waitFor(),
        new String(out, StandardCharsets.UTF_8),
        new String(err, StandardCharsets.UTF_8));
  }

  private static Output ours(Map<String, String> environment, String... args) {
    List<String> command = new ArrayList<>();
    command.add("tpcb");
    command.addAll(List.of(args));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code =
        TpccCli.execute(
            command.toArray(String[]::new),
            new PrintWriter(out),
            new PrintWriter(err),
            environment);
    return new Output(code, out.toString(), err.toString());
  }

  /** What a command printed. */
  private record Output(int exitCode, String out, String err) {}
}
