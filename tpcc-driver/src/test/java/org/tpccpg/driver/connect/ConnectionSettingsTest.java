package org.tpccpg.driver.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.postgresql.Driver;

class ConnectionSettingsTest {
  /** The system property that PgJDBC's own .pgpass lookup reads first. */
  private static final String PGJDBC_PASSFILE = "org.postgresql.pgpassfile";

  private static final ClientSettings VERIFIED =
      new ClientSettings(
          SslMode.VERIFY_FULL, "/etc/ca.crt", "tpcc", "-c jit=off", Map.of("tcpKeepAlive", "true"));

  @Test
  void theFiveArgumentFormUsesPgjdbcDefaults() {
    ConnectionSettings settings = new ConnectionSettings("db1", 5432, "u", "", "d");
    assertEquals(ClientSettings.DEFAULT, settings.client());
    assertEquals("jdbc:postgresql://db1:5432/d", settings.jdbcUrl());
    assertEquals("u@db1:5432/d", settings.toString());
  }

  @Test
  void aSocketDirectoryConnectsThroughTheUnixSocketFactoryWithoutTls()
      throws NoSuchMethodException {
    ConnectionSettings settings =
        new ConnectionSettings("/var/run/postgresql", 5433, "u", "", "d", VERIFIED);
    assertTrue(settings.unixSocket());
    assertEquals("/var/run/postgresql/.s.PGSQL.5433", settings.socketPath());
    assertEquals("jdbc:postgresql://localhost:5433/d", settings.jdbcUrl());
    Properties properties = settings.properties(new Properties());
    assertEquals(
        "org.tpccpg.driver.connect.UnixSocketFactory", properties.getProperty("socketFactory"));
    assertEquals("/var/run/postgresql/.s.PGSQL.5433", properties.getProperty("socketFactoryArg"));
    assertEquals("disable", properties.getProperty("sslmode"));
    assertNull(properties.getProperty("sslrootcert"));
    // PgJDBC instantiates the factory with socketFactoryArg, through a public String constructor.
    UnixSocketFactory.class.getConstructor(String.class);
    assertEquals("u@socket /var/run/postgresql/.s.PGSQL.5433/d", settings.toString());
  }

  @Test
  void tcpCarriesTlsApplicationNameOptionsAndDriverProperties() {
    ConnectionSettings settings = new ConnectionSettings("db1", 5432, "u", "pw", "d", VERIFIED);
    Properties extra = new Properties();
    extra.setProperty("prepareThreshold", "0");
    Properties properties = settings.properties(extra);
    assertEquals("verify-full", properties.getProperty("sslmode"));
    assertEquals("/etc/ca.crt", properties.getProperty("sslrootcert"));
    assertEquals("tpcc", properties.getProperty("ApplicationName"));
    assertEquals("-c jit=off", properties.getProperty("options"));
    assertEquals("true", properties.getProperty("tcpKeepAlive"));
    assertEquals("0", properties.getProperty("prepareThreshold"));
    assertEquals("u", properties.getProperty("user"));
    assertEquals("pw", properties.getProperty("password"));
    assertNull(properties.getProperty("socketFactory"));
  }

  @Test
  void noPasswordIsAnEmptyPasswordAnsweredByThePluginThatSaysNoneWasGiven() {
    Properties properties =
        new ConnectionSettings("db1", 5432, "u", "", "d").properties(new Properties());
    assertEquals("", properties.getProperty("password"));
    assertEquals(
        NoPasswordGiven.class.getName(),
        properties.getProperty(ConnectionSettings.AUTHENTICATION_PLUGIN));
  }

  @Test
  void aPasswordNeedsNoPluginAndAUrlsOwnPluginIsKept() {
    ConnectionSettings given = new ConnectionSettings("db1", 5432, "u", "pw", "d");
    assertNull(
        given.properties(new Properties()).getProperty(ConnectionSettings.AUTHENTICATION_PLUGIN));
    ClientSettings tokens =
        new ClientSettings(
            SslMode.PREFER,
            "",
            "tpcc",
            "",
            Map.of(ConnectionSettings.AUTHENTICATION_PLUGIN, "com.example.Tokens"));
    Properties properties =
        new ConnectionSettings("db1", 5432, "u", "", "d", tokens).properties(new Properties());
    assertEquals(
        "com.example.Tokens", properties.getProperty(ConnectionSettings.AUTHENTICATION_PLUGIN));
  }

  /** PgJDBC's own .pgpass lookup runs only when no password property is given. */
  @Test
  void pgjdbcNeverLooksUpAPasswordFileOfItsOwn(@TempDir Path dir) throws IOException {
    Path file = Files.writeString(dir.resolve("pgpass"), "*:*:*:*:from-pgjdbcs-lookup\n");
    String before = System.getProperty(PGJDBC_PASSFILE);
    System.setProperty(PGJDBC_PASSFILE, file.toString());
    try {
      ConnectionSettings settings = new ConnectionSettings("db1", 5432, "u", "", "d");
      Properties parsed =
          Driver.parseURL(settings.jdbcUrl(), settings.properties(new Properties()));
      assertEquals("", parsed.getProperty("password"));
      Properties unguarded = new Properties();
      unguarded.setProperty("user", "u");
      assertEquals(
          "from-pgjdbcs-lookup",
          Driver.parseURL(settings.jdbcUrl(), unguarded).getProperty("password"),
          "the lookup this guards against");
    } finally {
      if (before == null) {
        System.clearProperty(PGJDBC_PASSFILE);
      } else {
        System.setProperty(PGJDBC_PASSFILE, before);
      }
    }
  }

  @Test
  void theDescriptionMasksThePasswordAndNamesTlsButNoPropertyValues() {
    String text = new ConnectionSettings("db1", 5432, "u", "s3cret", "d", VERIFIED).toString();
    assertEquals(
        "u@db1:5432/d, sslmode=verify-full sslrootcert=/etc/ca.crt options set"
            + " properties [tcpKeepAlive] (password ********)",
        text);
  }

  @Test
  void driverPropertiesMayNotOverrideWhatHasItsOwnSetting() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                new ClientSettings(SslMode.PREFER, "", "tpcc", "", Map.of("socketFactory", "x.Y")));
    assertEquals(
        "driverProperties must not set socketFactory, which has a setting of its own",
        e.getMessage());
  }
}
