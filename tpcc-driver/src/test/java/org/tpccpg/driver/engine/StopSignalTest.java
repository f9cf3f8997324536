package org.tpccpg.driver.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class StopSignalTest {
  @Test
  void aStopAskedBeforeTheEngineExistsStopsItWhenAttached() {
    StopSignal signal = new StopSignal();
    AtomicInteger stops = new AtomicInteger();
    signal.request();
    assertTrue(signal.requested());
    signal.attach(stops::incrementAndGet);
    assertEquals(1, stops.get());
  }

  @Test
  void aStopAskedAfterwardsReachesWhatIsAttached() {
    StopSignal signal = new StopSignal();
    AtomicInteger stops = new AtomicInteger();
    signal.attach(stops::incrementAndGet);
    assertFalse(signal.requested());
    assertEquals(0, stops.get());
    signal.request();
    assertEquals(1, stops.get());
    assertTrue(signal.requested());
  }

  @Test
  void aLaterAttachmentReplacesTheFirst() {
    StopSignal signal = new StopSignal();
    AtomicInteger first = new AtomicInteger();
    AtomicInteger second = new AtomicInteger();
    signal.attach(first::incrementAndGet);
    signal.attach(second::incrementAndGet);
    signal.request();
    assertEquals(0, first.get());
    assertEquals(1, second.get());
  }
}
