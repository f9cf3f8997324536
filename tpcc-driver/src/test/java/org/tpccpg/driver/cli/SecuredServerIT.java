package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.cluster.LocalCluster;
import org.tpccpg.driver.connect.ConnectionSettings;
import org.tpccpg.driver.connect.SettingSource;
import org.tpccpg.driver.connect.SettingsResolver;
import org.tpccpg.testkit.OsUser;

/**
 * A throwaway cluster with TLS (a certificate for localhost signed by a CA the test makes) and a
 * role that must give a password, to connect with verify-full and with a password from .pgpass.
 */
class SecuredServerIT {
  private static final String ROLE = "bench";
  private static final String PASSWORD = "pw-s3cret-4711";

  @TempDir static Path dir;
  private static LocalCluster cluster;
  private static TestCertificates certificates;

  @BeforeAll
  static void startServerWithTlsAndPasswords() throws Exception {
    certificates = TestCertificates.create(dir);
    cluster = LocalCluster.start(List.of("log_min_messages = warning"));
    Path cert = Files.copy(certificates.serverCert(), cluster.directory().resolve("server.crt"));
    Path key = Files.copy(certificates.serverKey(), cluster.directory().resolve("server.key"));
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
    if (OsUser.isRoot()) {
      OsUser.giveToPostgres(cert);
      OsUser.giveToPostgres(key);
    }
    Path hba = cluster.directory().resolve("data").resolve("pg_hba.conf");
    String rules = Files.readString(hba, StandardCharsets.UTF_8);
    Path ca = Files.copy(certificates.caCert(), cluster.directory().resolve("ca.crt"));
    if (OsUser.isRoot()) {
      OsUser.giveToPostgres(ca);
    }
    Files.writeString(
        hba,
        "host all "
            + ROLE
            + " 127.0.0.1/32 scram-sha-256\nhostssl all "
            + TestCertificates.CLIENT_ROLE
            + " 127.0.0.1/32 cert\n"
            + rules);
    try (Connection c = cluster.settings("postgres").open();
        Statement s = c.createStatement()) {
      s.execute("CREATE ROLE " + ROLE + " LOGIN PASSWORD '" + PASSWORD + "'");
      s.execute("CREATE ROLE " + TestCertificates.CLIENT_ROLE + " LOGIN");
      s.execute("ALTER SYSTEM SET ssl_cert_file = '" + cert + "'");
      s.execute("ALTER SYSTEM SET ssl_key_file = '" + key + "'");
      s.execute("ALTER SYSTEM SET ssl_ca_file = '" + ca + "'");
      s.execute("ALTER SYSTEM SET ssl = on");
      s.execute("SELECT pg_reload_conf()");
    }
    awaitTls();
  }

  /** The reload takes effect for new connections shortly after pg_reload_conf() returns. */
  private static void awaitTls() throws Exception {
    for (int attempt = 0; attempt < 100; attempt++) {
      try (Connection c = cluster.settings("postgres").open();
          Statement s = c.createStatement();
          ResultSet rows = s.executeQuery("SHOW ssl")) {
        rows.next();
        if (rows.getString(1).equals("on")) {
          return;
        }
      }
      Thread.sleep(50);
    }
    throw new IllegalStateException("ssl did not turn on after pg_reload_conf()");
  }

  @AfterAll
  static void stopServer() {
    if (cluster != null) {
      cluster.close();
    }
  }

  private static CliRun tpcc(Map<String, String> environment, String... more) {
    List<String> args = new ArrayList<>(List.of("--pgsql-port=" + cluster.port(), "cleanup"));
    args.addAll(List.of(more));
    return CliRun.of(environment, args.toArray(String[]::new));
  }

  @Test
  void verifyFullAgainstTheTestCaConnectsOverTls() throws SQLException {
    CliRun run =
        tpcc(
            Map.of(),
            "--pgsql-host=localhost",
            "--pgsql-user=postgres",
            "--pgsql-db=postgres",
            "--pgsql-sslmode=verify-full",
            "--pgsql-sslrootcert=" + certificates.caCert());
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.out().contains("cleanup: no table sets found"), run.out());
    Map<String, String> environment =
        Map.of(
            "PGHOST", "localhost",
            "PGPORT", Integer.toString(cluster.port()),
            "PGUSER", "postgres",
            "PGDATABASE", "postgres",
            "PGSSLMODE", "verify-full",
            "PGSSLROOTCERT", certificates.caCert().toString());
    ConnectionSettings settings =
        SettingsResolver.resolve(List.of(SettingSource.environment(environment)), dir).settings();
    try (Connection c = settings.open();
        Statement s = c.createStatement();
        ResultSet rows =
            s.executeQuery("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")) {
      assertTrue(rows.next());
      assertTrue(rows.getBoolean(1), "the session is encrypted");
    }
  }

  @Test
  void withHostaddrVerifyFullChecksTheCertificateAgainstTheHostNameAsLibpqDoes() {
    // the server's certificate names localhost and 127.0.0.1: the address alone would pass
    String verifyFull =
        " hostaddr=127.0.0.1 user=postgres dbname=postgres sslmode=verify-full sslrootcert="
            + certificates.caCert();
    CliRun named = tpcc(Map.of(), "--pgsql-conninfo=host=localhost" + verifyFull);
    assertEquals(0, named.exitCode(), named.err());
    CliRun other = tpcc(Map.of(), "--pgsql-conninfo=host=db1.invalid" + verifyFull);
    assertEquals(1, other.exitCode(), other.out());
    assertTrue(
        other
            .err()
            .contains(
                "connection to server at \"127.0.0.1\", port "
                    + cluster.port()
                    + " failed: server certificate does not match host name \"db1.invalid\""),
        other.err());
  }

  /**
   * libpq 16's sslrootcert=system, as cloud providers' connection strings carry it: the system's CA
   * bundle (SSL_CERT_FILE, as OpenSSL reads it, else the distribution's), verify-full by default,
   * and a weaker sslmode refused in libpq's words. The test CA is the "system's" here through
   * SSL_CERT_FILE; the distribution's bundle does not hold it.
   */
  @Test
  void sslrootcertSystemVerifiesFullAgainstTheSystemsCertificates() {
    String system =
        "--pgsql-conninfo=host=localhost user=postgres dbname=postgres sslrootcert=system";
    CliRun trusted = tpcc(Map.of("SSL_CERT_FILE", certificates.caCert().toString()), system);
    assertEquals(0, trusted.exitCode(), trusted.err());
    assertTrue(trusted.out().contains("cleanup: no table sets found"), trusted.out());
    CliRun distributions = tpcc(Map.of(), system);
    assertEquals(1, distributions.exitCode(), distributions.out());
    assertTrue(
        distributions.err().contains("TLS connection to localhost:" + cluster.port() + " failed"),
        distributions.err());
    assertTrue(distributions.err().contains("sslmode=verify-full"), distributions.err());
    CliRun weak = tpcc(Map.of(), system + " sslmode=require");
    assertEquals(2, weak.exitCode(), weak.out());
    assertTrue(
        weak.err()
            .startsWith(
                "tpcc cleanup: --pgsql-conninfo sslmode=require may not be used with"
                    + " sslrootcert=system (use \"verify-full\")"),
        weak.err());
  }

  /** Our session and psql's (libpq 15) with the same conninfo negotiate the same TLS version. */
  @Test
  void theTlsVersionRangeGivesTheVersionLibpqNegotiatesAndARangeNoneCanMeetIsRefused()
      throws Exception {
    String server =
        "host=localhost port=" + cluster.port() + " user=postgres dbname=postgres sslmode=require ";
    Map<String, String> ranges =
        Map.of(
            "ssl_min_protocol_version=TLSv1.3", "TLSv1.3",
            "ssl_max_protocol_version=TLSv1.2", "TLSv1.2");
    String version = "SELECT version FROM pg_stat_ssl WHERE pid = pg_backend_pid()";
    for (Map.Entry<String, String> range : ranges.entrySet()) {
      ConnectionSettings settings =
          SettingsResolver.resolve(
                  List.of(SettingSource.conninfo(server + range.getKey(), "--conninfo")), dir)
              .settings();
      try (Connection c = settings.open();
          Statement s = c.createStatement();
          ResultSet rows = s.executeQuery(version)) {
        assertTrue(rows.next());
        assertEquals(range.getValue(), rows.getString(1), range.getKey());
      }
      Psql libpqs = psql(server + range.getKey(), version);
      assertEquals(0, libpqs.exitCode(), libpqs.output());
      assertEquals(range.getValue(), libpqs.output().strip(), range.getKey());
    }
    // TLSv1 and TLSv1.1 are refused by the JDK and OpenSSL 3 alike, and by the server's default
    String tooOld = "ssl_min_protocol_version=TLSv1 ssl_max_protocol_version=TLSv1.1";
    CliRun ours = tpcc(Map.of(), "--pgsql-conninfo=" + server + tooOld);
    assertEquals(1, ours.exitCode(), ours.out());
    assertTrue(ours.err().contains("TLS connection to localhost:"), ours.err());
    assertEquals(2, psql(server + tooOld, version).exitCode(), "psql refuses it too");
  }

  private record Psql(int exitCode, String output) {}

  private static Psql psql(String conninfo, String query) throws Exception {
    ProcessBuilder builder =
        new ProcessBuilder("psql", "-X", "-A", "-t", "-c", query, conninfo)
            .redirectErrorStream(true);
    builder.environment().keySet().removeIf(name -> name.startsWith("PG"));
    builder.environment().put("HOME", dir.toString()); // no ~/.postgresql of the user's
    Process process = builder.start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    return new Psql(process.waitFor(), output);
  }

  @Test
  void verifyFullAgainstAnotherCaFailsInOneLine() {
    CliRun run =
        tpcc(
            Map.of(),
            "--pgsql-host=localhost",
            "--pgsql-user=postgres",
            "--pgsql-db=postgres",
            "--pgsql-sslmode=verify-full",
            "--pgsql-sslrootcert=" + certificates.otherCaCert());
    assertEquals(1, run.exitCode(), run.out());
    List<String> lines = run.err().lines().toList();
    assertEquals(1, lines.size(), run.err());
    assertTrue(
        lines
            .get(0)
            .startsWith(
                "tpcc cleanup: TLS connection to localhost:"
                    + cluster.port()
                    + " failed (sslmode=verify-full sslrootcert="
                    + certificates.otherCaCert()
                    + "): "),
        run.err());
  }

  @Test
  void aPasswordFromPgpassLogsInOverTcpAndIsNeverPrinted() throws IOException {
    Path home = Files.createDirectories(dir.resolve("home-private"));
    pgpass(home, "rw-------");
    CliRun run =
        tpcc(
            Map.of("HOME", home.toString()),
            "--pgsql-host=127.0.0.1",
            "--pgsql-user=" + ROLE,
            "--pgsql-db=postgres");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.out().contains("cleanup: no table sets found"), run.out());
    assertFalse((run.out() + run.err()).contains(PASSWORD));
  }

  @Test
  void aWorldReadablePgpassIsRefusedWithLibpqsWarning() throws IOException {
    Path home = Files.createDirectories(dir.resolve("home-exposed"));
    Path file = pgpass(home, "rw-r--r--");
    CliRun run =
        tpcc(
            Map.of("HOME", home.toString()),
            "--pgsql-host=127.0.0.1",
            "--pgsql-user=" + ROLE,
            "--pgsql-db=postgres");
    assertEquals(1, run.exitCode(), run.out());
    List<String> lines = run.err().lines().toList();
    assertEquals(
        "WARNING: password file \""
            + file
            + "\" has group or world access; permissions should be u=rw (0600) or less",
        lines.get(0));
    assertEquals(2, lines.size(), run.err());
    assertTrue(lines.get(1).startsWith("tpcc cleanup: "), run.err());
    assertFalse(run.err().contains(PASSWORD));
  }

  @Test
  void aClientCertificateFromTheConnectionStringOrTheEnvironmentLogsInWhereCertIsAsked()
      throws Exception {
    String tls = "sslmode=verify-full sslrootcert=" + certificates.caCert();
    String[] asCertUser = {
      "--pgsql-host=localhost",
      "--pgsql-user=" + TestCertificates.CLIENT_ROLE,
      "--pgsql-db=postgres"
    };
    List<String> fromConninfo = new ArrayList<>(List.of(asCertUser));
    fromConninfo.add(
        "--pgsql-conninfo="
            + tls
            + " sslcert="
            + certificates.clientCert()
            + " sslkey="
            + certificates.clientKey());
    CliRun conninfo = tpcc(Map.of(), fromConninfo.toArray(String[]::new));
    assertEquals(0, conninfo.exitCode(), conninfo.err());
    assertTrue(conninfo.out().contains("cleanup: no table sets found"), conninfo.out());
    Map<String, String> environment =
        Map.of(
            "PGSSLMODE", "verify-full",
            "PGSSLROOTCERT", certificates.caCert().toString(),
            "PGSSLCERT", certificates.clientCert().toString(),
            "PGSSLKEY", certificates.clientKey().toString());
    CliRun variables = tpcc(environment, asCertUser);
    assertEquals(0, variables.exitCode(), variables.err());
    List<String> withoutKey = new ArrayList<>(List.of(asCertUser));
    withoutKey.add("--pgsql-conninfo=" + tls + " sslcert=" + certificates.clientCert());
    CliRun refused = tpcc(Map.of("HOME", dir.toString()), withoutKey.toArray(String[]::new));
    assertEquals(1, refused.exitCode(), "no key, no login: " + refused.out());
  }

  @Test
  void anEcKeyIsReadInPkcs8PemAndDerAndItsTraditionalFormIsRefusedWithTheRemedy() throws Exception {
    String[] asCertUser = {
      "--pgsql-host=localhost",
      "--pgsql-user=" + TestCertificates.CLIENT_ROLE,
      "--pgsql-db=postgres"
    };
    Map<String, String> pem =
        Map.of(
            "PGSSLMODE", "verify-full",
            "PGSSLROOTCERT", certificates.caCert().toString(),
            "PGSSLCERT", certificates.clientEcCert().toString(),
            "PGSSLKEY", certificates.clientEcKey().toString());
    CliRun read = tpcc(pem, asCertUser);
    assertEquals(0, read.exitCode(), read.err()); // PgJDBC alone reads a PEM key as RSA only
    Map<String, String> der = new HashMap<>(pem);
    der.put("PGSSLKEY", TestCertificates.pkcs8Der(certificates.clientEcKey()).toString());
    CliRun readDer = tpcc(der, asCertUser);
    assertEquals(0, readDer.exitCode(), readDer.err());

    Path traditional = TestCertificates.traditionalEc(certificates.clientEcKey());
    assertTrue(Files.readString(traditional).contains("BEGIN EC PRIVATE KEY"));
    Map<String, String> sec1 = new HashMap<>(pem);
    sec1.put("PGSSLKEY", traditional.toString());
    CliRun refused = tpcc(sec1, asCertUser);
    assertEquals(1, refused.exitCode(), refused.out());
    assertTrue(
        refused
            .err()
            .startsWith(
                "tpcc cleanup: the client key sslkey="
                    + traditional
                    + " could not be read: PgJDBC reads a PEM key only in PKCS-8 form (BEGIN"
                    + " PRIVATE KEY); convert it (openssl pkcs8 -topk8 -nocrypt -in KEY -out"
                    + " KEY.pem), which libpq reads too"),
        refused.err());
  }

  private static Path pgpass(Path home, String mode) throws IOException {
    Path file = home.resolve(".pgpass");
    Path written =
        Files.writeString(
            dir.resolve("pgpass.tmp"),
            "# test\n127.0.0.1:" + cluster.port() + ":*:" + ROLE + ":" + PASSWORD + "\n");
    Files.move(written, file, StandardCopyOption.REPLACE_EXISTING);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(mode));
    return file;
  }
}
