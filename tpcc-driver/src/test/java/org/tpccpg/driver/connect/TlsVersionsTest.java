package org.tpccpg.driver.connect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TlsVersionsTest {
  @Test
  void theRangeHoldsTheVersionsFromTheOldestToTheNewestOrToTheLast() {
    assertArrayEquals(
        new String[] {"TLSv1.2", "TLSv1.3"}, new TlsVersions("TLSv1.2", "").protocols());
    assertArrayEquals(new String[] {"TLSv1.3"}, new TlsVersions("TLSv1.3", "").protocols());
    assertArrayEquals(
        new String[] {"TLSv1", "TLSv1.1", "TLSv1.2"},
        new TlsVersions("TLSv1", "TLSv1.2").protocols());
  }

  @Test
  void anOldestAboveTheNewestIsLibpqsInvalidRange() {
    assertEquals(
        "invalid SSL protocol version range",
        assertThrows(IllegalArgumentException.class, () -> new TlsVersions("TLSv1.3", "TLSv1.2"))
            .getMessage());
  }

  @Test
  void namesAreComparedAsLibpqComparesThem() {
    assertEquals(Optional.of("TLSv1.3"), TlsVersions.name("tlsv1.3"));
    assertEquals(Optional.of("TLSv1"), TlsVersions.name("TLSV1"));
    assertEquals(Optional.empty(), TlsVersions.name("TLSv1.4"));
    assertEquals(Optional.empty(), TlsVersions.name("1.3"));
  }

  @Test
  void theResolverGivesTheRangeToTheFactoryAndRefusesABadOne() {
    Map<String, String> properties =
        SettingsResolver.resolve(
                java.util.List.of(
                    SettingSource.conninfo("ssl_min_protocol_version=tlsv1.3", "--conninfo")),
                Map.of("HOME", "/nonexistent"))
            .settings()
            .client()
            .driverProperties();
    assertEquals(TlsVersionsFactory.class.getName(), properties.get("sslfactory"));
    assertEquals("TLSv1.3", properties.get("ssl_min_protocol_version"));
    assertEquals(
        "--conninfo ssl_min_protocol_version=TLSv1.4 is not a TLS version (one of TLSv1, TLSv1.1,"
            + " TLSv1.2, TLSv1.3)",
        refusal("ssl_min_protocol_version=TLSv1.4"));
    assertEquals(
        "--conninfo ssl_max_protocol_version=TLSv1.2 is older than the oldest version allowed:"
            + " invalid SSL protocol version range",
        refusal("ssl_min_protocol_version=TLSv1.3 ssl_max_protocol_version=TLSv1.2"));
    assertEquals(
        "PGSSLMAXPROTOCOLVERSION=TLSv1.1 is older than the oldest version allowed: invalid SSL"
            + " protocol version range",
        assertThrows(
                IllegalArgumentException.class,
                () ->
                    SettingsResolver.resolve(
                        java.util.List.of(
                            SettingSource.environment(
                                Map.of("PGSSLMAXPROTOCOLVERSION", "TLSv1.1"))),
                        Map.of("HOME", "/nonexistent")))
            .getMessage());
    assertEquals(
        "--url ssl_min_protocol_version=TLSv1.3 cannot be held beside the URL's own sslfactory",
        assertThrows(
                IllegalArgumentException.class,
                () ->
                    SettingsResolver.resolve(
                        java.util.List.of(
                            SettingSource.jdbcUrl(
                                "jdbc:postgresql://db1/d?sslfactory=x.Y"
                                    + "&ssl_min_protocol_version=TLSv1.3",
                                "--url")),
                        Map.of("HOME", "/nonexistent")))
            .getMessage());
  }

  private static String refusal(String conninfo) {
    return assertThrows(
            IllegalArgumentException.class,
            () ->
                SettingsResolver.resolve(
                    java.util.List.of(SettingSource.conninfo(conninfo, "--conninfo")),
                    Map.of("HOME", "/nonexistent")))
        .getMessage();
  }
}
