package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
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
import org.tpccpg.driver.results.DriverProcess;

/**
 * A password file that others can read is ignored, as libpq ignores it, by every command and by the
 * pool: the packaged driver runs with {@code PGPASSFILE} in its real environment (where PgJDBC's
 * own lookup would find the file too) against a server that asks for passwords, SCRAM for one role
 * and md5 for another.
 */
class PasswordFileIT {
  private static final String SCRAM_ROLE = "bench";
  private static final String MD5_ROLE = "bench_md5";
  private static final String PASSWORD = "pw-s3cret-0644";
  private static final String DATABASE = "tpcc";

  @TempDir static Path dir;
  private static LocalCluster cluster;

  @BeforeAll
  static void startServerThatAsksForPasswords() throws Exception {
    cluster = LocalCluster.start(List.of("log_min_messages = warning"));
    Path hba = cluster.directory().resolve("data").resolve("pg_hba.conf");
    String rules = Files.readString(hba, StandardCharsets.UTF_8);
    Files.writeString(
        hba,
        "host all "
            + SCRAM_ROLE
            + " 127.0.0.1/32 scram-sha-256\nhost all "
            + MD5_ROLE
            + " 127.0.0.1/32 md5\n"
            + rules);
    try (Connection c = cluster.settings("postgres").open();
        Statement s = c.createStatement()) {
      s.execute("CREATE ROLE " + SCRAM_ROLE + " LOGIN PASSWORD '" + PASSWORD + "'");
      s.execute("SET password_encryption = 'md5'");
      s.execute("CREATE ROLE " + MD5_ROLE + " LOGIN PASSWORD '" + PASSWORD + "'");
      s.execute("CREATE DATABASE " + DATABASE + " OWNER " + SCRAM_ROLE);
      s.execute("GRANT ALL ON DATABASE " + DATABASE + " TO " + MD5_ROLE);
      s.execute("SELECT pg_reload_conf()");
    }
    try (Connection c = cluster.settings(DATABASE).open();
        Statement s = c.createStatement()) {
      s.execute("GRANT ALL ON SCHEMA public TO " + MD5_ROLE);
    }
    awaitPasswordsRequired();
  }

  /** The reload takes effect for new connections shortly after pg_reload_conf() returns. */
  private static void awaitPasswordsRequired() throws InterruptedException {
    ConnectionSettings withoutPassword =
        new ConnectionSettings("127.0.0.1", cluster.port(), SCRAM_ROLE, "", DATABASE);
    for (int attempt = 0; attempt < 100; attempt++) {
      try {
        withoutPassword.open().close();
      } catch (SQLException e) {
        return;
      }
      Thread.sleep(50);
    }
    throw new IllegalStateException("pg_hba.conf did not take effect after pg_reload_conf()");
  }

  @AfterAll
  static void stopServer() {
    if (cluster != null) {
      cluster.close();
    }
  }

  /** The driver in a process of its own whose environment names the password file. */
  private static Ran tpcc(Path passfile, String... args) throws Exception {
    return tpcc(Map.of("PGPASSFILE", passfile.toString()), List.of(args));
  }

  /** The driver in a process of its own with these variables and {@code HOME}. */
  private static Ran tpcc(Map<String, String> variables, List<String> args) throws Exception {
    Path home = Files.createDirectories(dir.resolve("home"));
    Map<String, String> environment = new HashMap<>(variables);
    environment.put("HOME", home.toString());
    try (DriverProcess process = DriverProcess.start(args, environment, home)) {
      int exitCode = process.finish();
      return new Ran(exitCode, process.output());
    }
  }

  /** One finished driver process: exit code, standard output and error together. */
  private record Ran(int exitCode, String output) {}

  private static List<String> tpccOptions(String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "--pgsql-host=127.0.0.1",
                "--pgsql-port=" + cluster.port(),
                "--pgsql-user=" + SCRAM_ROLE,
                "--pgsql-db=" + DATABASE,
                "--tables=1",
                "--scale=1",
                "--threads=2"));
    args.addAll(List.of(more));
    return args;
  }

  private static List<String> tpcbOptions(String... more) {
    List<String> args =
        new ArrayList<>(List.of("tpcb", "-h", "127.0.0.1", "-p", Integer.toString(cluster.port())));
    args.addAll(List.of("-U", MD5_ROLE));
    args.addAll(List.of(more));
    args.add(DATABASE);
    return args;
  }

  private static Path passfile(String name, String mode) throws IOException {
    Path file =
        Files.writeString(
            dir.resolve(name),
            "# test\n127.0.0.1:" + cluster.port() + ":*:*:" + PASSWORD + "\n",
            StandardCharsets.UTF_8);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(mode));
    return file;
  }

  private static void assertRefused(Path file, Ran ran) {
    assertEquals(1, ran.exitCode(), ran.output());
    assertTrue(
        ran.output()
            .contains(
                "WARNING: password file \""
                    + file
                    + "\" has group or world access; permissions should be u=rw (0600) or less"),
        ran.output());
    assertTrue(ran.output().contains("fe_sendauth: no password supplied"), ran.output());
    assertFalse(ran.output().contains(PASSWORD), ran.output());
  }

  @Test
  void aWorldReadablePasswordFileIsIgnoredByEveryTpccCommandAndThePool() throws Exception {
    Path file = passfile("pgpass-0644", "rw-r--r--");
    assertRefused(file, tpcc(file, tpccOptions("cleanup").toArray(String[]::new)));
    assertRefused(file, tpcc(file, tpccOptions("prepare").toArray(String[]::new)));
    assertRefused(
        file, tpcc(file, tpccOptions("--time=1", "--pool-size=2", "run").toArray(String[]::new)));
    assertRefused(file, tpcc(file, tpccOptions("check").toArray(String[]::new)));
  }

  @Test
  void aWorldReadablePasswordFileIsIgnoredByTpcbOverMd5() throws Exception {
    Path file = passfile("pgpass-0644-tpcb", "rw-r--r--");
    assertRefused(file, tpcc(file, tpcbOptions("-i", "-s", "1").toArray(String[]::new)));
    assertRefused(file, tpcc(file, tpcbOptions("-T", "1", "-c", "2").toArray(String[]::new)));
  }

  @Test
  void thePasswordFileOnlyItsOwnerCanReadLogsEveryCommandIn() throws Exception {
    Path file = passfile("pgpass-0600", "rw-------");
    for (List<String> args :
        List.of(
            tpccOptions("cleanup"),
            tpccOptions("prepare"),
            tpccOptions("--time=1", "--pool-size=2", "run"),
            tpccOptions("check"),
            tpccOptions("cleanup"),
            tpcbOptions("-i", "-s", "1"),
            tpcbOptions("-T", "1", "-c", "2"))) {
      Ran ran = tpcc(file, args.toArray(String[]::new));
      assertEquals(0, ran.exitCode(), args + ":\n" + ran.output());
      assertFalse(ran.output().contains("WARNING: password file"), ran.output());
      assertFalse(ran.output().contains(PASSWORD), ran.output());
    }
  }

  @Test
  void aServiceFileGivesTheServerTheRoleAndItsPasswordAndNoCommandPrintsThePassword()
      throws Exception {
    String server = "host=127.0.0.1\nport=" + cluster.port() + "\ndbname=" + DATABASE + "\n";
    Path services =
        Files.writeString(
            dir.resolve("pg_service.conf"),
            "[bench]\n"
                + server
                + "user="
                + SCRAM_ROLE
                + "\npassword="
                + PASSWORD
                + "\n[bank]\n"
                + server
                + "user="
                + MD5_ROLE
                + "\npassword="
                + PASSWORD
                + "\n");
    Files.setPosixFilePermissions(services, PosixFilePermissions.fromString("rw-------"));
    Map<String, String> file =
        Map.of(
            "PGSERVICEFILE", services.toString(),
            "PGSYSCONFDIR", dir.resolve("no-system-file").toString());
    Map<String, String> bench = new HashMap<>(file);
    bench.put("PGSERVICE", "bench");
    Map<String, String> bank = new HashMap<>(file);
    bank.put("PGSERVICE", "bank");
    List<Ran> ran =
        List.of(
            tpcc(file, List.of("--pgsql-conninfo=service=bench", "--tables=1", "cleanup")),
            tpcc(bench, List.of("--tables=1", "cleanup")),
            tpcc(bank, List.of("tpcb", "-i", "-s", "1", DATABASE)),
            tpcc(bank, List.of("tpcb", "-S", "-t", "2", DATABASE)));
    for (Ran one : ran) {
      assertEquals(0, one.exitCode(), one.output());
      assertFalse(one.output().contains(PASSWORD), one.output());
    }
    assertTrue(ran.get(3).output().contains("processed: 2/2"), ran.get(3).output());
  }
}
