package org.tpccpg.driver.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tpccpg.driver.connect.ConnectionTarget;

/** How a target's connection resolves, before anything connects. */
class TargetServerTest {
  private static Target target(String connection) {
    return SweepFile.parse(
            "[sweep]\nclients=1\nduration=2\n[target a]\n"
                + connection
                + "\n[workload w]\nkind=tpcc\n")
        .targets()
        .get(0);
  }

  @Test
  void aConninfoWinsOverTheEnvironmentWhichFillsInTheRest() {
    TargetServer server =
        TargetServer.of(
            target("conninfo = host=db1 port=6432 dbname=bench"),
            Map.of("PGHOST", "elsewhere", "PGUSER", "bench", "HOME", "/nonexistent"));
    assertEquals(
        new ConnectionTarget("db1", 6432, "bench", "bench", false),
        server.settings().connectionTarget());
  }

  @Test
  void aUrlsPgJdbcPropertiesReachTheConnection() {
    TargetServer server =
        TargetServer.of(
            target("url = jdbc:postgresql://db1/bench?user=me&connectTimeout=7"),
            Map.of("HOME", "/nonexistent"));
    assertEquals(
        new ConnectionTarget("db1", 5432, "me", "bench", false),
        server.settings().connectionTarget());
    assertEquals("7", server.settings().client().driverProperties().get("connectTimeout"));
  }

  @Test
  void aBadValueInAConninfoIsNamedByTargetKeyAndKeyword() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                TargetServer.of(
                    target("conninfo = port=70000 dbname=bench"), Map.of("HOME", "/nonexistent")));
    assertTrue(e.getMessage().startsWith("[target a] conninfo port"), e.getMessage());
  }
}
