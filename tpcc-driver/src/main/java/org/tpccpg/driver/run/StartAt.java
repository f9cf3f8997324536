package org.tpccpg.driver.run;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/**
 * The wall-clock time at which several drivers of a scale-out run start together ({@code
 * --start-at}): an ISO-8601 date and time with an offset ({@code 2026-12-01T03:00:00Z}), one
 * without (local time), or a time of day {@code HH:MM[:SS]} (today, local time). A time already
 * past is refused: a driver that starts late would measure another window than the others.
 */
public final class StartAt {
  private StartAt() {}

  /**
   * The instant {@code text} names.
   *
   * @throws IllegalArgumentException saying what is wrong: not a time, or in the past
   */
  public static Instant parse(String text, Clock clock) {
    Instant at = instant(text.strip(), clock);
    Instant now = clock.instant();
    if (!at.isAfter(now)) {
      throw new IllegalArgumentException("it is in the past (now is " + now + ")");
    }
    return at;
  }

  private static Instant instant(String text, Clock clock) {
    try {
      return OffsetDateTime.parse(text).toInstant();
    } catch (DateTimeParseException notWithOffset) {
      // a local date and time, or a time of day
    }
    try {
      return LocalDateTime.parse(text).atZone(clock.getZone()).toInstant();
    } catch (DateTimeParseException notLocal) {
      // a time of day
    }
    try {
      LocalTime time = LocalTime.parse(text);
      return LocalDate.now(clock).atTime(time).atZone(clock.getZone()).toInstant();
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          "it must be an ISO-8601 time such as 2026-12-01T03:00:00Z or a time of day HH:MM:SS", e);
    }
  }
}
