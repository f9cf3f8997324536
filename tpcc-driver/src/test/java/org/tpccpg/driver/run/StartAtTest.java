package org.tpccpg.driver.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

class StartAtTest {
  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-12-01T02:30:00Z"), ZoneId.of("Europe/Berlin"));

  @Test
  void takesAnIsoInstantALocalDateTimeAndATimeOfDayToday() {
    assertEquals(
        Instant.parse("2026-12-01T03:00:00Z"), StartAt.parse("2026-12-01T03:00:00Z", CLOCK));
    assertEquals(
        Instant.parse("2026-12-01T03:00:00Z"), StartAt.parse("2026-12-01T04:00:00+01:00", CLOCK));
    // Berlin is UTC+1 in December: 04:00 local is 03:00 UTC.
    assertEquals(Instant.parse("2026-12-01T03:00:00Z"), StartAt.parse("2026-12-01T04:00", CLOCK));
    assertEquals(Instant.parse("2026-12-01T03:00:05Z"), StartAt.parse("04:00:05", CLOCK));
  }

  @Test
  void refusesATimeInThePastAndWhatIsNoTime() {
    IllegalArgumentException past =
        assertThrows(IllegalArgumentException.class, () -> StartAt.parse("03:29:59", CLOCK));
    assertTrue(past.getMessage().contains("in the past"), past.getMessage());
    assertThrows(
        IllegalArgumentException.class, () -> StartAt.parse("2026-12-01T02:30:00Z", CLOCK));
    IllegalArgumentException bad =
        assertThrows(IllegalArgumentException.class, () -> StartAt.parse("soon", CLOCK));
    assertTrue(bad.getMessage().contains("ISO-8601"), bad.getMessage());
  }
}
