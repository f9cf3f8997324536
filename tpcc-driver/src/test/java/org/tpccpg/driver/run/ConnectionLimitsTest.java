package org.tpccpg.driver.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.tpccpg.core.jdbc.ServerVersion;

/** The server's admission rules, as PostgreSQL's InitPostgres applies them. */
class ConnectionLimitsTest {
  private static ConnectionLimits limits(
      boolean superuser, int reserved, int roleLimit, int databaseLimit, int others) {
    return new ConnectionLimits(
        new ConnectionLimits.Slots(10, 3, reserved, others),
        superuser,
        new ConnectionLimits.Limit("bench", roleLimit, 1),
        new ConnectionLimits.Limit("tpcc", databaseLimit, 2),
        5432);
  }

  @Test
  void aRoleGetsMaxConnectionsLessTheReservedSlotsAndThoseInUse() {
    ConnectionLimits limits = limits(false, 0, -1, -1, 0);
    assertEquals(7, limits.available());
    assertEquals(
        "max_connections=10, superuser_reserved_connections=3, 0 other connections on the server",
        limits.binding());
    assertEquals(5, limits(false, 0, -1, -1, 2).available());
  }

  @Test
  void aSuperuserMayUseTheReservedSlotsAndIgnoresConnectionLimits() {
    ConnectionLimits limits = limits(true, 2, 1, 1, 4);
    assertEquals(6, limits.available());
    assertEquals("max_connections=10, 4 other connections on the server", limits.binding());
  }

  @Test
  void reservedConnectionsOfPostgres16CountForRolesWithoutTheirPrivilege() {
    ConnectionLimits limits = limits(false, 2, -1, -1, 1);
    assertEquals(4, limits.available());
    assertEquals(
        "max_connections=10, superuser_reserved_connections=3, reserved_connections=2,"
            + " 1 other connection on the server",
        limits.binding());
  }

  @Test
  void theRolesConnectionLimitCountsItsOtherConnections() {
    ConnectionLimits limits = limits(false, 0, 5, -1, 1);
    assertEquals(4, limits.available(), "5 less the role's 1 other connection");
    assertEquals(
        "role bench has CONNECTION LIMIT 5, 1 other connection of bench", limits.binding());
  }

  @Test
  void theDatabasesConnectionLimitCountsItsOtherConnections() {
    ConnectionLimits limits = limits(false, 0, -1, 3, 2);
    assertEquals(1, limits.available(), "3 less the database's 2 other connections");
    assertEquals(
        "database tpcc has CONNECTION LIMIT 3, 2 other connections to tpcc", limits.binding());
  }

  @Test
  void limitsThatBindEquallyAreAllNamedAndNoneGoesBelowZero() {
    ConnectionLimits limits = limits(false, 0, 8, -1, 0);
    assertEquals(7, limits.available());
    assertEquals(
        "max_connections=10, superuser_reserved_connections=3, 0 other connections on the server,"
            + " role bench has CONNECTION LIMIT 8, 1 other connection of bench",
        limits.binding());
    assertEquals(0, limits(false, 0, -1, -1, 12).available());
  }

  @Test
  void before10TheSessionsAreCountedWithoutBackendTypeWhichDidNotExist() {
    String old = ConnectionLimits.query(new ServerVersion(90624));
    assertFalse(old.contains("backend_type"), old);
    String current = ConnectionLimits.query(new ServerVersion(100000));
    assertTrue(current.contains("coalesce(a.backend_type, 'client backend')"), current);
    for (String query : new String[] {old, current}) {
      assertTrue(query.contains("a.pid <> pg_backend_pid()"), query);
    }
  }

  @Test
  void reservedConnectionsAreReadFrom16WhichBroughtThem() {
    for (int num : new int[] {90124, 90624, 150004}) {
      String query = ConnectionLimits.query(new ServerVersion(num));
      assertFalse(query.contains("('reserved_connections"), num + ": " + query);
    }
    String query = ConnectionLimits.query(new ServerVersion(160000));
    assertTrue(query.contains("current_setting('reserved_connections')::int"), query);
  }

  @Test
  void before92TheProcessIdIsProcpid() {
    assertTrue(ConnectionLimits.query(new ServerVersion(90124)).contains("a.procpid <>"));
    assertFalse(ConnectionLimits.query(new ServerVersion(90200)).contains("procpid"));
  }
}
