package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.connect.ConnectionSettings;

/** The database pgbench names when no dbname is given, and a connection service beside it. */
class TpcbConnectionArgumentsTest {
  @TempDir Path home;

  private ConnectionSettings resolve(String user, String database, Map<String, String> variables) {
    Map<String, String> environment = new HashMap<>(variables);
    environment.put("HOME", home.toString());
    environment.put("PGSYSCONFDIR", home.toString());
    return TpcbConnectionArguments.resolve(
        null, null, user, database, "setup", environment, new ArrayList<>());
  }

  @Test
  void withoutADbnameTheDatabaseIsPgdatabaseThenPguserThenTheOsUserNeverTheUsernameOption() {
    String osUser = System.getProperty("user.name");
    assertEquals(osUser, resolve("bob", null, Map.of()).database());
    assertEquals("carol", resolve("bob", null, Map.of("PGUSER", "carol")).database());
    assertEquals("bob", resolve("bob", null, Map.of("PGUSER", "carol")).user());
    assertEquals(
        "bench", resolve("bob", null, Map.of("PGUSER", "carol", "PGDATABASE", "bench")).database());
    assertEquals(osUser, resolve("bob", null, Map.of("PGUSER", "", "PGDATABASE", "")).database());
    assertEquals("given", resolve("bob", "given", Map.of("PGDATABASE", "bench")).database());
  }

  @Test
  void aServiceGivesHostPortAndUserButNotTheDatabasePgbenchNamesItself() throws IOException {
    Path services =
        Files.writeString(
            home.resolve("services"), "[bench]\nhost=db1\nport=5433\nuser=svc\ndbname=tpcc\n");
    Map<String, String> environment =
        Map.of("PGSERVICE", "bench", "PGSERVICEFILE", services.toString(), "PGHOST", "env");
    ConnectionSettings settings = resolve(null, null, environment);
    assertEquals("db1", settings.host());
    assertEquals(5433, settings.port());
    assertEquals("svc", settings.user());
    assertEquals(System.getProperty("user.name"), settings.database());
  }

  @Test
  void aServiceInTheDbnamesConnectionStringGivesTheDatabaseToo() throws IOException {
    Path services = Files.writeString(home.resolve("services"), "[bench]\nhost=db1\ndbname=tpcc\n");
    ConnectionSettings settings =
        resolve("bob", "service=bench", Map.of("PGSERVICEFILE", services.toString()));
    assertEquals("db1", settings.host());
    assertEquals("tpcc", settings.database());
    assertEquals("bob", settings.user());
  }
}
