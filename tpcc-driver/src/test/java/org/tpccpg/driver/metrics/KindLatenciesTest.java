package org.tpccpg.driver.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class KindLatenciesTest {
  private static final int KINDS = 4;

  @Test
  void anIntervalHoldsOnlyWhatWasRecordedSinceThePreviousOne() {
    KindLatencies r = new KindLatencies(KINDS);
    r.record(0, 5_000_000);
    r.record(1, 2_000_000);
    assertEquals(2, r.sampleInterval().getTotalCount());

    r.record(1, 3_000_000);
    Histogram second = r.sampleInterval();

    assertEquals(1, second.getTotalCount());
    assertEquals(3_000, second.getMaxValue(), 3);
  }

  @Test
  void latenciesAreStoredInMicroseconds() {
    KindLatencies r = new KindLatencies(KINDS);
    r.record(3, 1_234_567);
    assertEquals(1_234, r.cumulativeCopies().get(3).getMinValue());
  }

  @Test
  void aLatencyBeyondADayIsRecordedAsADay() {
    KindLatencies r = new KindLatencies(KINDS);
    r.record(2, TimeUnit.HOURS.toNanos(25));
    r.record(2, TimeUnit.HOURS.toNanos(23));

    Histogram h = r.cumulativeCopies().get(2);

    assertEquals(2, h.getTotalCount());
    assertEquals(
        KindLatencies.HIGHEST_MICROS, h.getMaxValue(), KindLatencies.HIGHEST_MICROS / 1000);
    assertEquals(TimeUnit.HOURS.toMicros(23), h.getMinValue(), TimeUnit.HOURS.toMicros(23) / 1000);
  }

  @Test
  void cumulativeHistogramsKeepEveryIntervalPerKind() {
    KindLatencies r = new KindLatencies(KINDS);
    r.record(0, 1_000_000);
    r.sampleInterval();
    r.record(0, 2_000_000);
    r.record(2, 4_000_000);

    List<Histogram> cumulative = r.cumulativeCopies();

    assertEquals(2, cumulative.get(0).getTotalCount());
    assertEquals(1, cumulative.get(2).getTotalCount());
    assertEquals(0, cumulative.get(3).getTotalCount());
    assertEquals(KINDS, cumulative.size());
  }

  @Test
  void resettingTheCumulativeStateForgetsEverythingRecordedSoFar() {
    KindLatencies r = new KindLatencies(KINDS);
    r.record(0, 1_000_000);
    r.sampleInterval();
    r.record(0, 1_000_000);
    r.resetCumulative();
    r.record(1, 1_000_000);

    List<Histogram> cumulative = r.cumulativeCopies();

    assertEquals(0, cumulative.get(0).getTotalCount());
    assertEquals(1, cumulative.get(1).getTotalCount());
  }

  @Test
  void badArgumentsAreRejected() {
    assertThrows(IllegalArgumentException.class, () -> new KindLatencies(KINDS).record(0, -1));
    assertEquals(
        "kinds must be >= 1 but was 0",
        assertThrows(IllegalArgumentException.class, () -> new KindLatencies(0)).getMessage());
  }

  @Test
  void theLastIntervalPerKindIsTheSameIntervalAsTheMergedSample() {
    KindLatencies r = new KindLatencies(KINDS);
    r.record(0, 1_000_000);
    r.record(0, 3_000_000);
    r.record(3, 2_000_000);
    Histogram merged = r.sampleInterval();
    List<Histogram> perKind = r.lastInterval();

    assertEquals(3, merged.getTotalCount());
    assertEquals(2, perKind.get(0).getTotalCount());
    assertEquals(1, perKind.get(3).getTotalCount());
    assertEquals(0, perKind.get(1).getTotalCount());
    assertEquals(KINDS, perKind.size());
    // Reading it did not drain the recorders twice: the cumulative state has all three.
    assertEquals(2, r.cumulativeCopies().get(0).getTotalCount());
  }
}
