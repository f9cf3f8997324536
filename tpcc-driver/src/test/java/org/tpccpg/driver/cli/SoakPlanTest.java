package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.connect.SettingSource;
import org.tpccpg.driver.connect.SettingsResolver;

/** {@code tpcc soak-plan}: the target and the phases' arguments that bin/tpcc-soak uses. */
class SoakPlanTest {
  private static final String SECRET = "s3cr#t pw";

  @TempDir Path home;

  private Map<String, String> environment(String... pairs) {
    Map<String, String> environment = new HashMap<>();
    environment.put("HOME", home.toString()); // no ~/.pgpass of the machine's
    for (int i = 0; i < pairs.length; i += 2) {
      environment.put(pairs[i], pairs[i + 1]);
    }
    return environment;
  }

  private CliRun plan(Map<String, String> environment, String... args) {
    List<String> all = new ArrayList<>(List.of("soak-plan"));
    all.addAll(List.of(args));
    return CliRun.of(environment, all.toArray(String[]::new));
  }

  private static String value(CliRun run, String name) {
    return run.out()
        .lines()
        .filter(line -> line.startsWith(name + "="))
        .findFirst()
        .map(line -> line.substring(name.length() + 1))
        .orElseThrow(() -> new AssertionError("no " + name + "= line in " + run.out()));
  }

  /** The arguments of one phase, in order. */
  private static List<String> phase(CliRun run, String name) {
    List<String> args = new ArrayList<>();
    boolean in = false;
    for (String line : run.out().lines().toList()) {
      if (line.startsWith("phase=")) {
        in = line.equals("phase=" + name);
      } else if (in && line.startsWith("arg=")) {
        args.add(line.substring(4));
      }
    }
    assertFalse(args.isEmpty(), "phase " + name + " in " + run.out());
    return args;
  }

  private static void noSecret(CliRun run) {
    assertFalse(run.out().contains("s3cr"), run.out());
    assertFalse(run.err().contains("s3cr"), run.err());
  }

  @Test
  void aConfigFilesTargetAndRepeatedOrOldOptionsAreReadAsRunReadsThem() throws Exception {
    Path file =
        Files.writeString(
            home.resolve("sb.cfg"), "pgsql_host=db4\npgsql-port=6000\nreport-interval=5\n");
    CliRun run =
        plan(
            environment(),
            "--",
            "--pgsql-db=bench",
            "--config-file=" + file,
            "--pgsql-port=6001",
            "--threads=1",
            "--threads=3",
            "--num-threads=2");
    assertEquals(0, run.exitCode(), run.err());
    assertEquals("sbtest@db4:6001/bench", value(run, "target"));
    assertEquals("5", value(run, "report_interval"));
    List<String> args = phase(run, "run");
    assertTrue(args.contains("--pgsql-host=db4"), args.toString());
    assertFalse(args.stream().anyMatch(a -> a.startsWith("--config-file")), args.toString());
  }

  @Test
  void aConninfoTargetIsResolvedOnceAndEveryPhaseNamesItWithoutThePassword() {
    CliRun run =
        plan(
            environment("PGHOST", "db9", "PGPORT", "7777", "PGPASSWORD", "other"),
            "--results=/soak/results",
            "--",
            "--pgsql-conninfo=host=127.0.0.1 port=5499 dbname=bench user=bob password='"
                + SECRET
                + "' sslmode=disable",
            "--tables=1",
            "--use_fk=off");
    assertEquals(0, run.exitCode(), run.err());
    noSecret(run);
    assertEquals("bob@127.0.0.1:5499/bench", value(run, "target"));
    assertEquals("localhost:5499/bench", value(run, "lock"));
    assertEquals("bob", value(run, "user"));
    assertEquals("given (not shown)", value(run, "password"));
    assertTrue(run.out().contains("\nenv=PGSSLMODE=disable\n"), run.out());
    List<String> target =
        List.of(
            "--pgsql-host=127.0.0.1", "--pgsql-port=5499", "--pgsql-user=bob", "--pgsql-db=bench");
    for (String phase : List.of("cleanup", "prepare", "run", "check")) {
      List<String> args = phase(run, phase);
      assertEquals(phase, args.get(0));
      assertTrue(args.containsAll(target), args.toString());
      assertTrue(args.contains("--use-fk=false"), args.toString());
      assertFalse(args.stream().anyMatch(a -> a.startsWith("--pgsql-conninfo")), args.toString());
    }
    assertEquals("--results=/soak/results", phase(run, "run").get(1));
  }

  /** A failover pair: every phase gets both servers, and the lock names both. */
  @Test
  void aHostListReachesEveryPhaseAndItsLockNamesEveryServer() {
    CliRun run =
        plan(
            environment(),
            "--",
            "--pgsql-conninfo=host=db1,127.0.0.1 hostaddr=10.0.0.1, port=5432,5499 dbname=bench"
                + " user=bob target_session_attrs=read-write");
    assertEquals(0, run.exitCode(), run.err());
    assertEquals("bob@db1:5432,127.0.0.1:5499/bench", value(run, "target"));
    assertEquals("db1,127.0.0.1", value(run, "host"));
    assertEquals("5432,5499", value(run, "port"));
    assertEquals("db1:5432,localhost:5499/bench", value(run, "lock"));
    assertTrue(run.out().contains("\nenv=PGHOSTADDR=10.0.0.1,\n"), run.out());
    assertTrue(run.out().contains("\nenv=PGTARGETSESSIONATTRS=read-write\n"), run.out());
    for (String phase : List.of("cleanup", "prepare", "run", "check")) {
      List<String> args = phase(run, phase);
      assertTrue(
          args.containsAll(List.of("--pgsql-host=db1,127.0.0.1", "--pgsql-port=5432,5499")),
          args.toString());
    }
    CliRun tpcb = plan(environment(), "--workload=tpcb", "--", "-h", "db2,db1", "-p", "6432", "b");
    assertEquals(0, tpcb.exitCode(), tpcb.err());
    assertEquals("db1:6432,db2:6432/b", value(tpcb, "lock"), "either order, one lock");
    assertTrue(
        phase(tpcb, "run").containsAll(List.of("--host=db2,db1", "--port=6432")),
        phase(tpcb, "run").toString());
  }

  @Test
  void aServicesTargetAndAClientCertificateReachEveryPhase() throws Exception {
    Path services =
        Files.writeString(
            home.resolve("services"),
            "[bank]\nhost=db7\nport=6543\nuser=teller\nsslcert=/certs/c.crt\nsslkey=/certs/c.pk8\n");
    CliRun run =
        plan(
            environment("PGSERVICEFILE", services.toString(), "PGSERVICE", "bank"),
            "--workload=tpcb",
            "--init=-s 1",
            "--",
            "-T",
            "60",
            "ledger");
    assertEquals(0, run.exitCode(), run.err());
    assertEquals("teller@db7:6543/ledger", value(run, "target"));
    assertTrue(run.out().contains("\nenv=PGSSLCERT=/certs/c.crt\n"), run.out());
    assertTrue(run.out().contains("\nenv=PGSSLKEY=/certs/c.pk8\n"), run.out());
    assertTrue(phase(run, "run").contains("--host=db7"), phase(run, "run").toString());
  }

  @Test
  void aLibpqUriAndAJdbcUrlGiveTheirTargetAndNoPassword() {
    CliRun uri =
        plan(environment(), "--", "--pgsql-conninfo=postgresql://ann:s3cr%23t@[::1]:6000/shop");
    assertEquals(0, uri.exitCode(), uri.err());
    noSecret(uri);
    assertEquals("ann@::1:6000/shop", value(uri, "target"));
    assertEquals("localhost:6000/shop", value(uri, "lock"));

    CliRun url =
        plan(
            environment(),
            "--",
            "--pgsql-url=jdbc:postgresql://db1:6001/shop?user=ann&password=s3cr3t&prepareThreshold=3");
    assertEquals(0, url.exitCode(), url.err());
    noSecret(url);
    assertEquals("db1:6001/shop", value(url, "lock"));
    assertTrue(
        phase(url, "run")
            .contains("--pgsql-url=jdbc:postgresql://db1:6001/shop?prepareThreshold=3"),
        url.out());
  }

  @Test
  void theSameServerNamedTwoWaysHasOneLockKey() {
    CliRun options =
        plan(environment(), "--", "--pgsql-host=localhost", "--pgsql-port=5499", "--pgsql-db=b");
    CliRun conninfo =
        plan(environment(), "--", "--pgsql-conninfo=host=127.0.0.1 port=5499 dbname=b");
    CliRun variables =
        plan(environment("PGHOST", "::1", "PGPORT", "5499", "PGDATABASE", "b"), "--");
    assertEquals("localhost:5499/b", value(options, "lock"));
    assertEquals(value(options, "lock"), value(conninfo, "lock"));
    assertEquals(value(options, "lock"), value(variables, "lock"));
  }

  @Test
  void aSocketDirectoryIsLockedByItsRealPath() throws Exception {
    Path real = Files.createDirectories(home.resolve("sockets"));
    Path link = Files.createSymbolicLink(home.resolve("link"), real);
    CliRun run = plan(environment(), "--", "--pgsql-host=" + link + "/", "--pgsql-port=5499");
    assertEquals(0, run.exitCode(), run.err());
    assertEquals(real.toRealPath() + ":5499/sbtest", value(run, "lock"));
  }

  @Test
  void tpcbGluedOptionsAndDefinesGoToTheNamedServerNotTheEnvironments() {
    CliRun run =
        plan(
            environment("PGHOST", "10.9.9.9", "PGPORT", "1", "PGDATABASE", "elsewhere"),
            "--workload=tpcb",
            "--init=-s 2 -q",
            "--",
            "-h127.0.0.1",
            "-p5499",
            "-Ubench",
            "-c2",
            "-D",
            "NAME=VALUE",
            "-Dx=y",
            "-n",
            "bank");
    assertEquals(0, run.exitCode(), run.err());
    assertEquals("bench@127.0.0.1:5499/bank", value(run, "target"));
    List<String> target = List.of("--host=127.0.0.1", "--port=5499", "--username=bench", "bank");
    assertEquals(
        List.of(
            "tpcb",
            "--initialize",
            "--scale=2",
            "--quiet",
            "--host=127.0.0.1",
            "--port=5499",
            "--username=bench",
            "bank"),
        phase(run, "init"));
    for (String phase : List.of("run", "check")) {
      List<String> args = phase(run, phase);
      assertEquals(target, args.subList(args.size() - 4, args.size()), args.toString());
      assertTrue(args.contains("--define=NAME=VALUE"), args.toString());
      assertTrue(args.contains("--define=x=y"), args.toString());
      assertTrue(args.contains("--no-vacuum"), args.toString());
    }
    assertEquals(List.of("tpcb", "--check"), phase(run, "check").subList(0, 2));
  }

  @Test
  void keepAlivesTimeoutsAndTheSessionKindReachEveryPhaseOfBothWorkloads() {
    String conninfo =
        "host=db7 hostaddr=10.0.0.7 dbname=bank connect_timeout=7 keepalives_idle=30"
            + " keepalives_count=4"
            + " gssencmode=disable channel_binding=prefer target_session_attrs=read-write"
            + " ssl_min_protocol_version=TLSv1.3";
    CliRun tpcb = plan(environment(), "--workload=tpcb", "--", "-T", "60", conninfo);
    assertEquals(0, tpcb.exitCode(), tpcb.err());
    assertEquals(
        "dbname='bank' keepalives_idle=30 keepalives_interval=0 keepalives_count=4",
        phase(tpcb, "run").get(phase(tpcb, "run").size() - 1));
    for (String variable :
        List.of(
            "PGHOSTADDR=10.0.0.7",
            "PGCONNECT_TIMEOUT=7",
            "PGGSSENCMODE=disable",
            "PGCHANNELBINDING=prefer",
            "PGTARGETSESSIONATTRS=read-write",
            "PGSSLMINPROTOCOLVERSION=TLSv1.3")) {
      assertTrue(tpcb.out().contains("\nenv=" + variable + "\n"), tpcb.out());
    }

    CliRun tpcc =
        plan(environment(), "--", "--pgsql-conninfo=" + conninfo + " keepalives=0", "--time=60");
    assertEquals(0, tpcc.exitCode(), tpcc.err());
    String url =
        phase(tpcc, "run").stream().filter(a -> a.startsWith("--pgsql-url=")).findFirst().get();
    for (String property :
        List.of(
            "keepalives_idle=30",
            "keepalives_count=4",
            "tcpKeepAlive=false",
            "connectTimeout=7",
            "targetServerType=primary",
            "ssl_min_protocol_version=TLSv1.3")) {
      assertTrue(url.contains(property), url);
    }
    // the phase resolves the URL it is given, the tool's own TLS factory in it
    Map<String, String> again =
        SettingsResolver.resolve(
                List.of(SettingSource.jdbcUrl(url.substring("--pgsql-url=".length()), "--url")),
                home)
            .settings()
            .client()
            .driverProperties();
    assertEquals("TLSv1.3", again.get("ssl_min_protocol_version"));
  }

  @Test
  void requirepeerReachesEveryPhaseOfBothWorkloads() {
    String conninfo = "host=/run/pg dbname=bank requirepeer=postgres";
    CliRun tpcb = plan(environment(), "--workload=tpcb", "--", "-T", "60", conninfo);
    CliRun tpcc = plan(environment(), "--", "--pgsql-conninfo=" + conninfo, "--time=60");
    for (CliRun plan : List.of(tpcb, tpcc)) {
      assertEquals(0, plan.exitCode(), plan.err());
      assertTrue(plan.out().contains("\nenv=PGREQUIREPEER=postgres\n"), plan.out());
    }
    CliRun without = plan(environment(), "--", "--pgsql-conninfo=host=/run/pg", "--time=60");
    assertFalse(without.out().contains("PGREQUIREPEER"), without.out());
  }

  @Test
  void aTpcbConninfoDbnameWithAPasswordIsExpandedAndThePasswordKeptApart() throws Exception {
    Path secret = home.resolve("secret");
    CliRun run =
        plan(
            environment("PGUSER", "ann"),
            "--workload=tpcb",
            "--secret-file=" + secret,
            "--",
            "host=127.0.0.1 port=5499 password='" + SECRET + "' dbname=bank");
    assertEquals(0, run.exitCode(), run.err());
    noSecret(run);
    assertEquals("ann@127.0.0.1:5499/bank", value(run, "target"));
    assertEquals("bank", phase(run, "run").get(phase(run, "run").size() - 1));
    assertEquals(SECRET, Files.readString(secret, StandardCharsets.UTF_8));
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(secret)));
  }

  @Test
  void aPasswordFromThePasswordFileIsFoundAndNotShown() throws Exception {
    Path pgpass = home.resolve(".pgpass");
    Files.writeString(pgpass, "127.0.0.1:5499:bank:ann:" + SECRET + "\n");
    Files.setPosixFilePermissions(pgpass, PosixFilePermissions.fromString("rw-------"));
    Path secret = home.resolve("secret");
    CliRun run =
        plan(
            environment(),
            "--workload=tpcb",
            "--secret-file=" + secret,
            "--",
            "-h",
            "127.0.0.1",
            "-p",
            "5499",
            "-U",
            "ann",
            "bank");
    assertEquals(0, run.exitCode(), run.err());
    noSecret(run);
    assertEquals("given (not shown)", value(run, "password"));
    assertEquals(SECRET, Files.readString(secret, StandardCharsets.UTF_8));
  }

  @Test
  void tpcbDashDIsTheDatabaseAsInPgbench17AndDebugWithPgbench15() {
    Map<String, String> elsewhere = environment("PGDATABASE", "elsewhere", "PGPORT", "5499");
    CliRun dashD = plan(elsewhere, "--workload=tpcb", "--", "-c2", "-d", "bank");
    assertEquals(0, dashD.exitCode(), dashD.err());
    assertTrue(value(dashD, "target").endsWith(":5499/bank"), dashD.out());
    for (String phase : List.of("init", "run", "check")) {
      List<String> args = phase(dashD, phase);
      assertEquals("bank", args.get(args.size() - 1), args.toString());
      assertFalse(args.contains("--debug"), args.toString());
      assertFalse(args.stream().anyMatch(a -> a.startsWith("--dbname")), args.toString());
    }
    CliRun glued = plan(elsewhere, "--workload=tpcb", "--", "-ndbank");
    assertEquals(0, glued.exitCode(), glued.err());
    assertTrue(value(glued, "target").endsWith(":5499/bank"), glued.out());

    CliRun debug =
        plan(elsewhere, "--workload=tpcb", "--", "--pgbench-version=15", "-d", "-c2", "bank");
    assertEquals(0, debug.exitCode(), debug.err());
    assertTrue(value(debug, "target").endsWith(":5499/bank"), debug.out());
    assertTrue(phase(debug, "run").contains("--debug"), debug.out());

    CliRun twice = plan(elsewhere, "--workload=tpcb", "--", "-d", "bank", "other");
    assertEquals(2, twice.exitCode());
    assertTrue(
        twice.err().contains("too many command-line arguments (first is \"other\")"), twice.err());
    CliRun old = plan(elsewhere, "--workload=tpcb", "--", "--pgbench-version=16", "--dbname=x");
    assertEquals(2, old.exitCode());
    assertTrue(old.err().contains("--dbname is pgbench 17's"), old.err());
  }

  @Test
  void badOptionsAndTargetsAreRefusedInOneLineWithExitCodeTwo() {
    CliRun results = plan(environment(), "--", "--results=/x");
    assertEquals(2, results.exitCode());
    assertTrue(
        results.err().startsWith("tpcc soak-plan: --results is set by the soak"), results.err());
    CliRun port =
        plan(environment(), "--", "--pgsql-conninfo=port=99999 password='" + SECRET + "'");
    assertEquals(2, port.exitCode());
    assertTrue(port.err().contains("--pgsql-conninfo port=99999 is not a port number"), port.err());
    noSecret(port);
    CliRun initHost = plan(environment(), "--workload=tpcb", "--init=-s 1 -h db2", "--", "bank");
    assertEquals(2, initHost.exitCode());
    assertTrue(initHost.err().contains("--init takes initialization options only"), initHost.err());
    CliRun twoNames = plan(environment(), "--workload=tpcb", "--", "bank", "extra");
    assertEquals(2, twoNames.exitCode());
    assertTrue(twoNames.err().contains("too many command-line arguments"), twoNames.err());
    CliRun secretProperty =
        plan(environment(), "--", "--pgsql-url=jdbc:postgresql://db1/x?sslpassword=" + SECRET);
    assertEquals(2, secretProperty.exitCode());
    assertTrue(secretProperty.err().contains("sslpassword"), secretProperty.err());
    noSecret(secretProperty);
    CliRun workload = plan(environment(), "--workload=tpcd", "--");
    assertEquals(2, workload.exitCode());
    assertTrue(workload.err().contains("--workload=tpcd is not a workload"), workload.err());
  }

  @Test
  void theStorageVariablesAreRecorded() {
    CliRun run =
        plan(
            environment("pgsql_table_options", "tablespace tbs1", "pgsql_index_options", ""), "--");
    assertTrue(run.out().contains("\nstorage=pgsql_table_options=tablespace tbs1\n"), run.out());
    assertTrue(run.out().contains("\nstorage=pgsql_index_options=\n"), run.out());
  }
}
