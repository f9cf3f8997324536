package org.tpccpg.driver.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsResolverTest {
  @TempDir Path home;

  private static SettingSource options(ConnectionKeyword keyword, String value) {
    Map<ConnectionKeyword, String> values = new EnumMap<>(ConnectionKeyword.class);
    values.put(keyword, value);
    return SettingSource.of(values, k -> "--opt-" + k.keyword());
  }

  private SettingsResolver.Resolution resolve(SettingSource... sources) {
    return SettingsResolver.resolve(List.of(sources), home);
  }

  private ConnectionSettings settings(SettingSource... sources) {
    return resolve(sources).settings();
  }

  @Test
  void withNothingGivenTheDefaultsAreSysbenchs() {
    ConnectionSettings settings = settings(SettingSource.environment(Map.of()));
    assertEquals(new ConnectionSettings("localhost", 5432, "sbtest", "", "sbtest"), settings);
    assertEquals(ClientSettings.DEFAULT, settings.client());
  }

  @Test
  void everyLibpqVariableIsRead() {
    ConnectionSettings settings =
        settings(
            SettingSource.environment(
                Map.of(
                    "PGHOST", "/var/run/postgresql",
                    "PGPORT", "5433",
                    "PGUSER", "bench",
                    "PGPASSWORD", "pw",
                    "PGDATABASE", "tpcc",
                    "PGSSLMODE", "verify-full",
                    "PGSSLROOTCERT", "/etc/ca.crt",
                    "PGAPPNAME", "nightly",
                    "PGOPTIONS", "-c work_mem=64MB")));
    assertEquals("/var/run/postgresql", settings.host());
    assertEquals(5433, settings.port());
    assertEquals("bench", settings.user());
    assertEquals("pw", settings.password());
    assertEquals("tpcc", settings.database());
    assertEquals(
        new ClientSettings(
            SslMode.VERIFY_FULL, "/etc/ca.crt", "nightly", "-c work_mem=64MB", Map.of()),
        settings.client());
  }

  @Test
  void earlierSourcesWinAndEmptyValuesCountAsNotGiven() {
    ConnectionSettings settings =
        settings(
            options(ConnectionKeyword.HOST, ""),
            SettingSource.conninfo("port=6432 host=pooler", "--conninfo"),
            SettingSource.environment(Map.of("PGHOST", "env", "PGPORT", "1", "PGUSER", "u")));
    assertEquals("pooler", settings.host());
    assertEquals(6432, settings.port());
    assertEquals("u", settings.user());
  }

  @Test
  void aJdbcUrlGivesTargetAndKnownParametersAndPassesOtherPropertiesOn() {
    ConnectionSettings settings =
        settings(
            SettingSource.jdbcUrl(
                "jdbc:postgresql://db1:6543/tpcc?user=bench&sslmode=require"
                    + "&preferQueryMode=simple&tcpKeepAlive=true",
                "--url"));
    assertEquals(new ConnectionSettings("db1", 6543, "bench", "", "tpcc"), strip(settings));
    assertEquals(SslMode.REQUIRE, settings.client().sslMode());
    assertEquals(
        Map.of("preferQueryMode", "simple", "tcpKeepAlive", "true"),
        settings.client().driverProperties());
  }

  @Test
  void badValuesAreNamedByTheirSource() {
    assertEquals(
        "PGPORT=54x is not a port number (1 to 65535)",
        failure(SettingSource.environment(Map.of("PGPORT", "54x"))));
    assertEquals(
        "--opt-port=0 is not a port number (1 to 65535)",
        failure(options(ConnectionKeyword.PORT, "0")));
    assertEquals(
        "--conninfo sslmode=strict is not an sslmode (one of disable, allow, prefer, require,"
            + " verify-ca, verify-full)",
        failure(SettingSource.conninfo("sslmode=strict", "--conninfo")));
    assertEquals(
        "PGPORT=5432,5433,5434 could not match 3 port numbers to 2 hosts",
        failure(SettingSource.environment(Map.of("PGHOST", "a,b", "PGPORT", "5432,5433,5434"))));
    assertEquals(
        "--conninfo host=a,b could not match 2 host names to 1 hostaddr values",
        failure(SettingSource.conninfo("host=a,b hostaddr=10.0.0.1", "--conninfo")));
    assertEquals(
        "--conninfo port=5432,x is not a port number (1 to 65535)",
        failure(SettingSource.conninfo("host=a,b port=5432,x", "--conninfo")));
  }

  /** libpq's lists: one port for all hosts or one each, an empty element the default. */
  @Test
  void aHostListPairsEachHostWithItsPort() {
    ConnectionSettings one =
        settings(SettingSource.conninfo("host=db1,db2,db3 port=6432", "--conninfo"));
    assertEquals(
        List.of("db1:6432", "db2:6432", "db3:6432"),
        one.hosts().stream().map(h -> h.host() + ":" + h.port()).toList());
    assertEquals("db1,db2,db3", one.hostList());
    assertEquals("6432", one.portList());
    ConnectionSettings each =
        settings(SettingSource.conninfo("host=db1,,/tmp port=,5433,5434 user=u dbname=d", "--c"));
    assertEquals(
        List.of("db1:5432", "localhost:5433", "/tmp:5434"),
        each.hosts().stream().map(h -> h.host() + ":" + h.port()).toList());
    assertEquals("5432,5433,5434", each.portList());
    assertEquals("u@db1:5432,localhost:5433,/tmp:5434/d", each.target());
    assertEquals("u@db1:5432,localhost:5433,socket /tmp/.s.PGSQL.5434/d", each.toString());
    assertEquals("db1", each.host(), "the first server's host and port");
    assertEquals(5432, each.port());
  }

  /** tpcc tpcb's default host, a socket directory, does not pair with an address list. */
  @Test
  void anAddressListWithTheDefaultHostGoesToEachAddress() {
    Map<ConnectionKeyword, String> defaults = new EnumMap<>(ConnectionKeyword.class);
    defaults.put(ConnectionKeyword.HOST, "/var/run/postgresql");
    ConnectionSettings settings =
        settings(
            SettingSource.conninfo("hostaddr=10.0.0.1,10.0.0.2 port=5433", "--c"),
            SettingSource.of(defaults, k -> "default " + k.keyword()));
    assertEquals(
        List.of("jdbc:postgresql://10.0.0.1:5433/sbtest", "jdbc:postgresql://10.0.0.2:5433/sbtest"),
        settings.hosts().stream().map(ConnectionSettings::jdbcUrl).toList());
  }

  @Test
  void loadBalanceHostsRandomIsPgjdbcsLoadBalanceHosts() {
    assertEquals(
        "true",
        settings(SettingSource.environment(Map.of("PGLOADBALANCEHOSTS", "random")))
            .client()
            .driverProperties()
            .get("loadBalanceHosts"));
    assertEquals(
        "false",
        settings(SettingSource.conninfo("host=a,b load_balance_hosts=disable", "--c"))
            .client()
            .driverProperties()
            .get("loadBalanceHosts"));
    assertEquals(
        "--c load_balance_hosts=on is not a valid load_balance_hosts (one of disable, random)",
        failure(SettingSource.conninfo("load_balance_hosts=on", "--c")));
  }

  @Test
  void eachHostOfAListHasItsOwnAddressAndPasswordFileEntry() throws IOException {
    Path file = home.resolve(".pgpass");
    Files.write(file, List.of("db1:5432:tpcc:bench:one", "db2:5432:tpcc:bench:two"));
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    ConnectionSettings settings =
        settings(
            SettingSource.conninfo(
                "host=db1,db2,db3 hostaddr=10.0.0.1,,10.0.0.3 dbname=tpcc user=bench", "--c"));
    List<ConnectionSettings> hosts = settings.hosts();
    assertEquals(List.of("one", "two", ""), hosts.stream().map(h -> h.password()).toList());
    assertEquals(
        List.of("10.0.0.1", "", "10.0.0.3"),
        hosts.stream().map(h -> h.client().hostAddress()).toList());
    assertEquals("jdbc:postgresql://10.0.0.3:5432/tpcc", hosts.get(2).jdbcUrl());
    assertEquals("jdbc:postgresql://db2:5432/tpcc", hosts.get(1).jdbcUrl());
    assertTrue(settings.connectionTarget().passwordGiven());
    assertFalse(settings.toString().contains("one") || settings.toString().contains("two"));
    assertTrue(settings.toString().endsWith(" (password ********)"), settings.toString());
  }

  @Test
  void anUnknownConninfoKeywordIsRefusedByName() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> SettingSource.conninfo("host=x prepareThreshold=0", "--conninfo"));
    assertTrue(
        e.getMessage().startsWith("--conninfo has the unknown keyword \"prepareThreshold\""));
  }

  @Test
  void aBadUrlIsRefusedWithoutRepeatingIt() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> SettingSource.jdbcUrl("jdbc:mysql://h/db?password=s3cret", "--url"));
    assertTrue(e.getMessage().startsWith("--url is not a PostgreSQL JDBC URL"), e.getMessage());
    assertFalse(e.getMessage().contains("s3cret"));
  }

  @Test
  void withoutAPasswordTheHomePgpassIsReadForTheResolvedTarget() throws IOException {
    pgpass(home.resolve(".pgpass"), "rw-------", "db1:5432:tpcc:bench:from-file");
    SettingsResolver.Resolution resolution =
        resolve(SettingSource.conninfo("host=db1 dbname=tpcc user=bench", "--conninfo"));
    assertEquals("from-file", resolution.settings().password());
    assertEquals(List.of(), resolution.warnings());
  }

  @Test
  void aGivenPasswordIsNotLookedUp() throws IOException {
    pgpass(home.resolve(".pgpass"), "rw-------", "*:*:*:*:from-file");
    assertEquals("given", settings(options(ConnectionKeyword.PASSWORD, "given")).password());
  }

  @Test
  void pgpassfileNamesAnotherFile() throws IOException {
    Path file = pgpass(home.resolve("elsewhere"), "rw-------", "*:*:*:*:other");
    assertEquals(
        "other",
        settings(SettingSource.environment(Map.of("PGPASSFILE", file.toString()))).password());
  }

  @Test
  void aWorldReadablePgpassIsIgnoredWithAWarning() throws IOException {
    Path file = pgpass(home.resolve(".pgpass"), "rw-r--r--", "*:*:*:*:exposed");
    SettingsResolver.Resolution resolution = resolve(SettingSource.environment(Map.of()));
    assertEquals("", resolution.settings().password());
    assertEquals(
        List.of(
            "WARNING: password file \""
                + file
                + "\" has group or world access; permissions should be u=rw (0600) or less"),
        resolution.warnings());
  }

  /** PgJDBC's URL parser would fill in a password from its own .pgpass lookup, unchecked. */
  @Test
  void aJdbcUrlTakesNoPasswordFromPgjdbcsOwnPasswordFileLookup() throws IOException {
    Path file = pgpass(home.resolve(".pgpass"), "rw-r--r--", "*:*:*:*:exposed");
    String before = System.setProperty("org.postgresql.pgpassfile", file.toString());
    try {
      SettingsResolver.Resolution resolution =
          resolve(SettingSource.jdbcUrl("jdbc:postgresql://db1/tpcc?user=bench", "--url"));
      assertEquals("", resolution.settings().password());
      assertEquals(1, resolution.warnings().size(), resolution.warnings().toString());
    } finally {
      if (before == null) {
        System.clearProperty("org.postgresql.pgpassfile");
      } else {
        System.setProperty("org.postgresql.pgpassfile", before);
      }
    }
  }

  @Test
  void aConninfoMayBeLibpqsUriAsLibpqTakesEither() {
    ConnectionSettings settings =
        settings(
            SettingSource.conninfo(
                "postgresql://bench:s3cret@db1.example:6432/tpcc?sslmode=require"
                    + "&application_name=nightly",
                "--conninfo"));
    assertEquals("db1.example", settings.host());
    assertEquals(6432, settings.port());
    assertEquals("bench", settings.user());
    assertEquals("s3cret", settings.password());
    assertEquals("tpcc", settings.database());
    assertEquals(SslMode.REQUIRE, settings.client().sslMode());
    assertEquals("nightly", settings.client().applicationName());
    IllegalArgumentException unknown =
        assertThrows(
            IllegalArgumentException.class,
            () -> SettingSource.conninfo("postgres://u:s3cret@h/db?tcpKeepAlive=true", "--c"));
    assertTrue(
        unknown.getMessage().startsWith("--c has the unknown keyword \"tcpKeepAlive\""),
        unknown.getMessage());
    ConnectionSettings twoHosts =
        settings(SettingSource.conninfo("postgresql://u:s3cret@h1,h2:5433/db", "--c"));
    assertEquals("h1,h2", twoHosts.hostList());
    assertEquals("5432,5433", twoHosts.portList());
    assertEquals(
        List.of("s3cret", "s3cret"), twoHosts.hosts().stream().map(h -> h.password()).toList());
    assertFalse(twoHosts.toString().contains("s3cret"), twoHosts.toString());
  }

  @Test
  void aPasswordNeverAppearsInMessagesOrDescriptions() {
    ConnectionSettings settings =
        settings(SettingSource.conninfo("password='s3cret' sslmode=require", "--conninfo"));
    assertEquals("s3cret", settings.password());
    assertFalse(settings.toString().contains("s3cret"), settings.toString());
    assertTrue(settings.toString().contains("(password ********)"), settings.toString());
  }

  @Test
  void aServiceGivesWhatTheOptionsAndConnectionStringLeaveAndWinsOverTheEnvironment()
      throws IOException {
    Path services =
        Files.writeString(
            home.resolve("services"),
            "[bench]\nhost=db1\nport=5433\nuser=svc\ndbname=tpcc\npassword=s3cret\n");
    ConnectionSettings settings =
        settings(
            options(ConnectionKeyword.USER, "bob"),
            SettingSource.conninfo("port=6432", "--conninfo"),
            SettingSource.environment(
                Map.of(
                    "PGSERVICE", "bench",
                    "PGSERVICEFILE", services.toString(),
                    "PGHOST", "env",
                    "PGDATABASE", "envdb")));
    assertEquals(new ConnectionSettings("db1", 6432, "bob", "s3cret", "tpcc"), strip(settings));
  }

  @Test
  void aConnectionStringNamesTheServiceAndItsFileBeforeTheEnvironment() throws IOException {
    Path services = Files.writeString(home.resolve("mine"), "[a]\nhost=from-a\n");
    Path others = Files.writeString(home.resolve("others"), "[b]\nhost=from-b\n");
    ConnectionSettings settings =
        settings(
            SettingSource.conninfo("service=a servicefile=" + services, "--conninfo"),
            SettingSource.environment(
                Map.of("PGSERVICE", "b", "PGSERVICEFILE", others.toString())));
    assertEquals("from-a", settings.host());
  }

  @Test
  void theSystemServiceFileIsFoundThroughPgsysconfdir() throws IOException {
    Path etc = Files.createDirectories(home.resolve("etc"));
    Files.writeString(etc.resolve("pg_service.conf"), "[bench]\nport=7777\n");
    Map<String, String> environment =
        Map.of("PGSERVICE", "bench", "PGSYSCONFDIR", etc.toString(), "HOME", home.toString());
    ConnectionSettings settings =
        SettingsResolver.resolve(List.of(SettingSource.environment(environment)), environment)
            .settings();
    assertEquals(7777, settings.port());
    assertEquals(Path.of("/etc/postgresql-common"), SettingsResolver.systemDirectory(Map.of()));
  }

  @Test
  void aBadValueFromAServiceIsNamedByTheServiceAndAMissingServiceInLibpqsWords()
      throws IOException {
    Path services = Files.writeString(home.resolve("bad"), "[bench]\nport=54x\n");
    assertEquals(
        "service bench port=54x is not a port number (1 to 65535)",
        failure(
            SettingSource.environment(
                Map.of("PGSERVICE", "bench", "PGSERVICEFILE", services.toString()))));
    assertEquals(
        "definition of service \"nosuch\" not found",
        failure(SettingSource.conninfo("service=nosuch", "--conninfo")));
  }

  @Test
  void aClientCertificateAndKeyBecomePgjdbcsPropertiesTheEarlierSourceWinning() {
    ConnectionSettings settings =
        settings(
            SettingSource.conninfo("sslcert=/c/client.crt", "--conninfo"),
            SettingSource.environment(
                Map.of("PGSSLCERT", "/env/client.crt", "PGSSLKEY", "/env/client.key")));
    assertEquals(
        Map.of("sslcert", "/c/client.crt", "sslkey", "/env/client.key"),
        settings.client().driverProperties());
    ConnectionSettings fromUrl =
        settings(SettingSource.jdbcUrl("jdbc:postgresql://h/db?sslkey=/u/k.pk8", "--url"));
    assertEquals(Map.of("sslkey", "/u/k.pk8"), fromUrl.client().driverProperties());
  }

  @Test
  void aConnectTimeoutBoundsTheConnectAndTheLoginInWholeSecondsAtLeastTwoNoneAtZeroOrLess() {
    assertEquals(
        Map.of("connectTimeout", "5", "loginTimeout", "5"),
        settings(SettingSource.environment(Map.of("PGCONNECT_TIMEOUT", " 5")))
            .client()
            .driverProperties());
    assertEquals(
        Map.of("connectTimeout", "2", "loginTimeout", "2"),
        settings(SettingSource.conninfo("connect_timeout=1", "--conninfo"))
            .client()
            .driverProperties(),
        "libpq's minimum");
    assertEquals(
        "0",
        settings(SettingSource.conninfo("connect_timeout=-3", "--conninfo"))
            .client()
            .driverProperties()
            .get("connectTimeout"));
    assertEquals(
        "PGCONNECT_TIMEOUT=2.5 is not a whole number of seconds",
        failure(SettingSource.environment(Map.of("PGCONNECT_TIMEOUT", "2.5"))));
  }

  @Test
  void tcpKeepAlivesAreOnAsInLibpqUnlessKeepalivesIsZeroOrTheUrlSaysOtherwise() {
    Properties byDefault =
        settings(SettingSource.environment(Map.of())).properties(new Properties());
    assertEquals("true", byDefault.getProperty("tcpKeepAlive"));
    assertEquals(
        "false",
        settings(SettingSource.conninfo("keepalives=0", "--conninfo"))
            .properties(new Properties())
            .getProperty("tcpKeepAlive"));
    assertEquals(
        "true",
        settings(SettingSource.conninfo("keepalives=1", "--conninfo"))
            .properties(new Properties())
            .getProperty("tcpKeepAlive"));
    assertEquals(
        "false",
        settings(SettingSource.jdbcUrl("jdbc:postgresql://h/db?tcpKeepAlive=false", "--url"))
            .properties(new Properties())
            .getProperty("tcpKeepAlive"));
    assertEquals(
        "--conninfo keepalives=on is not a whole number (0 turns keep-alives off)",
        failure(SettingSource.conninfo("keepalives=on", "--conninfo")));
  }

  @Test
  void keepAliveTimingGoesToTheSocketFactoryOverTcpOnlyAndZeroOrLessIsTheSystemsDefault() {
    ConnectionSettings timed =
        settings(
            SettingSource.conninfo(
                "keepalives_idle=30 keepalives_interval=5 keepalives_count=-1", "--conninfo"));
    assertEquals(new TcpKeepAlive(30, 5, 0), timed.client().keepAlive());
    Properties properties = timed.properties(new Properties());
    assertEquals(
        TcpKeepAliveSocketFactory.class.getName(), properties.getProperty("socketFactory"));
    assertEquals("30,5,0", properties.getProperty("socketFactoryArg"));
    assertTrue(timed.toString().contains("keep-alive timing 30,5,0"), timed.toString());

    Properties none =
        settings(SettingSource.conninfo("keepalives_idle=0", "--conninfo"))
            .properties(new Properties());
    assertFalse(none.containsKey("socketFactory"), none.toString());
    Properties socket =
        settings(SettingSource.conninfo("host=/tmp keepalives_idle=30", "--conninfo"))
            .properties(new Properties());
    assertEquals(UnixSocketFactory.class.getName(), socket.getProperty("socketFactory"));
    assertEquals(
        "--conninfo keepalives_count=3x is not a whole number",
        failure(SettingSource.conninfo("keepalives_count=3x", "--conninfo")));
  }

  @Test
  void gssencmodeAndChannelBindingGoToPgjdbcAsTheyAreAndOtherValuesAreRefused() {
    Map<String, String> properties =
        settings(
                SettingSource.environment(
                    Map.of("PGGSSENCMODE", "disable", "PGCHANNELBINDING", "require")))
            .client()
            .driverProperties();
    assertEquals(Map.of("gssEncMode", "disable", "channelBinding", "require"), properties);
    assertEquals(
        "--conninfo gssencmode=allow is not a valid gssencmode (one of disable, prefer, require)",
        failure(SettingSource.conninfo("gssencmode=allow", "--conninfo")));
    assertEquals(
        "PGCHANNELBINDING=on is not a valid channel_binding (one of disable, prefer, require)",
        failure(SettingSource.environment(Map.of("PGCHANNELBINDING", "on"))));
    assertEquals(
        "prefer",
        settings(SettingSource.jdbcUrl("jdbc:postgresql://h/db?gssEncMode=prefer", "--url"))
            .client()
            .driverProperties()
            .get("gssEncMode"),
        "a URL's own PgJDBC property is passed on as it is");
  }

  @Test
  void targetSessionAttrsBecomesTheTargetServerTypeThatChecksTheSame() {
    Map<String, String> expected =
        Map.of(
            "any", "any",
            "read-write", "primary",
            "primary", "primary",
            "read-only", "secondary",
            "standby", "secondary",
            "prefer-standby", "preferSecondary");
    expected.forEach(
        (attrs, serverType) ->
            assertEquals(
                serverType,
                settings(SettingSource.environment(Map.of("PGTARGETSESSIONATTRS", attrs)))
                    .client()
                    .driverProperties()
                    .get("targetServerType"),
                attrs));
    assertEquals(
        "--conninfo target_session_attrs=master is not a valid target_session_attrs (one of any,"
            + " prefer-standby, primary, read-only, read-write, standby)",
        failure(SettingSource.conninfo("target_session_attrs=master", "--conninfo")));
  }

  @Test
  void aLibpqKeywordThisToolDoesNotTakeIsRefusedWithoutBeingCalledUnknown() {
    String libpqs =
        assertThrows(
                IllegalArgumentException.class,
                () -> SettingSource.conninfo("tcp_user_timeout=1000", "--conninfo"))
            .getMessage();
    assertTrue(
        libpqs.startsWith(
            "--conninfo has libpq's keyword \"tcp_user_timeout\", which this tool does not take"
                + " (it takes: host, hostaddr,"),
        libpqs);
    String typo =
        assertThrows(
                IllegalArgumentException.class,
                () -> SettingSource.conninfo("hots=x", "--conninfo"))
            .getMessage();
    assertTrue(typo.startsWith("--conninfo has the unknown keyword \"hots\" (known: host,"), typo);
    String dbname =
        assertThrows(
                IllegalArgumentException.class,
                () -> SettingSource.expandedDbname("sslcrl=/etc/crl.pem dbname=d", "dbname"))
            .getMessage();
    assertTrue(
        dbname.startsWith(
            "connection option \"sslcrl\" is libpq's but not one this tool takes (it takes:"),
        dbname);
  }

  @Test
  void hostaddrIsWhereTheConnectionGoesWhileTheHostNamesTheServerForThePasswordFile()
      throws IOException {
    Path passfile = pgpass(home.resolve("pw"), "rw-------", "db1.example:5432:*:u:from-file");
    ConnectionSettings named =
        settings(
            SettingSource.conninfo(
                "host=db1.example hostaddr=10.0.0.5 user=u passfile=" + passfile, "--conninfo"));
    assertEquals("db1.example", named.host());
    assertEquals("from-file", named.password());
    assertEquals("jdbc:postgresql://10.0.0.5:5432/sbtest", named.jdbcUrl());
    assertEquals("10.0.0.5", named.displayedHost());
    Properties properties = named.properties(new Properties());
    assertEquals(HostNameVerifier.class.getName(), properties.getProperty("sslhostnameverifier"));
    assertEquals("db1.example", properties.getProperty(HostNameVerifier.HOST_PROPERTY));

    ConnectionSettings alone =
        settings(SettingSource.environment(Map.of("PGHOSTADDR", "::1", "PGHOST", "/tmp")));
    assertFalse(alone.unixSocket(), "hostaddr goes over TCP whatever socket host names");
    assertEquals("jdbc:postgresql://[::1]:5432/sbtest", alone.jdbcUrl());
    assertEquals(
        "--conninfo hostaddr=db1 is not a numeric network address (IPv4 or IPv6)",
        failure(SettingSource.conninfo("hostaddr=db1", "--conninfo")));
  }

  @Test
  void requirepeerIsTheServersUserOverASocketFromAConninfoOrPgrequirepeer() {
    ConnectionSettings given =
        settings(SettingSource.conninfo("host=/run/pg requirepeer=postgres", "--conninfo"));
    assertEquals("postgres", given.client().requiredPeer());
    assertEquals(
        "postgres/run/pg/.s.PGSQL.5432",
        given.properties(new Properties()).getProperty("socketFactoryArg"));
    ConnectionSettings fromVariable =
        settings(SettingSource.environment(Map.of("PGHOST", "/run/pg", "PGREQUIREPEER", "pg")));
    assertEquals("pg", fromVariable.client().requiredPeer());
    assertEquals(
        "/run/pg/.s.PGSQL.5432",
        settings(SettingSource.environment(Map.of("PGHOST", "/run/pg")))
            .properties(new Properties())
            .getProperty("socketFactoryArg"),
        "no check unless asked");
  }

  @Test
  void aClientEncodingOtherThanUtf8IsWarnedAboutAndNotUsed() {
    for (String utf8 : List.of("UTF8", "utf-8", "Unicode", "auto")) {
      SettingsResolver.Resolution resolution =
          resolve(SettingSource.conninfo("client_encoding=" + utf8, "--conninfo"));
      assertEquals(List.of(), resolution.warnings(), utf8);
    }
    SettingsResolver.Resolution latin1 =
        resolve(SettingSource.environment(Map.of("PGCLIENTENCODING", "LATIN1")));
    assertEquals(
        List.of(
            "WARNING: PGCLIENTENCODING=LATIN1 is not used: PgJDBC speaks UTF8 only (scripts of"
                + " pgbench's -f are read as UTF-8)"),
        latin1.warnings());
    assertEquals(ClientSettings.DEFAULT, latin1.settings().client());
  }

  @Test
  void theKeywordsLibpqTakesAndThisToolSetsAsideChangeNothing() {
    ConnectionSettings given =
        settings(
            SettingSource.conninfo(
                "fallback_application_name=nightly sslcompression=1 gsslib=gssapi", "--conninfo"),
            SettingSource.environment(Map.of("PGSSLCOMPRESSION", "0", "PGGSSLIB", "sspi")));
    assertEquals(ClientSettings.DEFAULT, given.client());
    assertEquals(new ConnectionSettings("localhost", 5432, "sbtest", "", "sbtest"), given);
  }

  @Test
  void sslrootcertSystemIsOpensslsDefaultFileAndVerifyFullByDefault() {
    ClientSettings client =
        SettingsResolver.resolve(
                List.of(SettingSource.conninfo("sslrootcert=system", "--conninfo")),
                Map.of("HOME", home.toString(), "SSL_CERT_FILE", "/etc/corp/ca.pem"))
            .settings()
            .client();
    assertEquals(SslMode.VERIFY_FULL, client.sslMode());
    assertEquals("/etc/corp/ca.pem", client.sslRootCert());
    assertEquals(
        "--conninfo sslmode=verify-ca may not be used with sslrootcert=system (use"
            + " \"verify-full\")",
        failure(SettingSource.conninfo("sslrootcert=system sslmode=verify-ca", "--conninfo")));
  }

  private String failure(SettingSource source) {
    return assertThrows(IllegalArgumentException.class, () -> resolve(source)).getMessage();
  }

  private static ConnectionSettings strip(ConnectionSettings s) {
    return new ConnectionSettings(s.host(), s.port(), s.user(), s.password(), s.database());
  }

  private static Path pgpass(Path file, String mode, String line) throws IOException {
    Files.write(file, List.of(line));
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(mode));
    return file;
  }
}
