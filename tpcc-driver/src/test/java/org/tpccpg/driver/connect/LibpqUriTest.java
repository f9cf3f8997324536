package org.tpccpg.driver.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class LibpqUriTest {
  @Test
  void everyPartBecomesItsKeyword() {
    Map<String, String> values =
        LibpqUri.parse(
            "postgresql://alice:pw@db1.example:5433/bench?sslmode=require&options=-c%20x=1");
    assertEquals(
        Map.of(
            "user", "alice",
            "password", "pw",
            "host", "db1.example",
            "port", "5433",
            "dbname", "bench",
            "sslmode", "require",
            "options", "-c x=1"),
        values);
  }

  @Test
  void partsMayBeLeftOutAndBothSchemesCount() {
    assertEquals(Map.of(), LibpqUri.parse("postgresql://"));
    assertEquals(Map.of("dbname", "bench"), LibpqUri.parse("postgres:///bench"));
    assertEquals(Map.of("host", "h", "user", "u"), LibpqUri.parse("POSTGRESQL://u@h"));
    assertTrue(LibpqUri.isUri("Postgres://x"));
    assertFalse(LibpqUri.isUri("host=x"));
  }

  @Test
  void anIpv6HostIsInBracketsAndAPercentEncodedSlashNamesASocketDirectory() {
    assertEquals(Map.of("host", "::1", "port", "5432"), LibpqUri.parse("postgresql://[::1]:5432"));
    assertEquals(
        Map.of("host", "/var/run/postgresql", "dbname", "db"),
        LibpqUri.parse("postgresql://%2Fvar%2Frun%2Fpostgresql/db"));
    assertEquals(Map.of("user", "ü@x"), LibpqUri.parse("postgresql://%C3%BC%40x@"));
  }

  @Test
  void whatLibpqRefusesIsRefusedWithoutRepeatingTheUri() {
    for (String bad :
        new String[] {
          "postgresql://u:secret@h/db?sslmode",
          "postgresql://u:secret@[::1/db",
          "postgresql://u:secret@h/db%zz",
          "postgresql://u:secret@h/db%00",
          "postgresql://u:secret@h1,[::1/db",
          "host=h"
        }) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> LibpqUri.parse(bad), bad);
      assertFalse(e.getMessage().contains("secret"), e.getMessage());
    }
  }

  /** libpq's several hosts, each with its port or the default: the lists host=... port=.... */
  @Test
  void severalHostsBecomeLibpqsHostAndPortLists() {
    assertEquals(
        Map.of("user", "u", "host", "db1,db2", "port", "5433,5434", "dbname", "tpcc"),
        LibpqUri.parse("postgresql://u@db1:5433,db2:5434/tpcc"));
    assertEquals(
        Map.of("host", "db1,::1,/tmp", "port", ",5434,"),
        LibpqUri.parse("postgresql://db1,[::1]:5434,%2Ftmp"));
    assertEquals(Map.of("host", "db1,db2"), LibpqUri.parse("postgres://db1,db2"));
  }

  @Test
  void aDbnameIsExpandedOnlyWhenItIsAConnectionString() {
    assertNull(SettingSource.expandedDbname("bench", "dbname"));
    SettingSource conninfo = SettingSource.expandedDbname("host=h port=6000", "dbname");
    assertEquals(
        Map.of(ConnectionKeyword.HOST, "h", ConnectionKeyword.PORT, "6000"), conninfo.values());
    assertEquals("dbname port", conninfo.label(ConnectionKeyword.PORT));
    SettingSource uri = SettingSource.expandedDbname("postgresql://u@h/b", "dbname");
    assertEquals("b", uri.values().get(ConnectionKeyword.DBNAME));
    assertEquals(
        "invalid connection option \"hots\"",
        assertThrows(
                IllegalArgumentException.class,
                () -> SettingSource.expandedDbname("hots=h", "dbname"))
            .getMessage());
    assertEquals(
        "invalid URI query parameter: \"foo\"",
        assertThrows(
                IllegalArgumentException.class,
                () -> SettingSource.expandedDbname("postgresql://h/b?foo=1", "dbname"))
            .getMessage());
  }
}
