package org.tpccpg.driver.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class DueSchedulerTest {
  private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

  private record Item(int id, long dueNanos) implements DueScheduler.Due {}

  @Test
  void itemsComeOutInDueOrderAndNotBeforeTheyAreDue() throws InterruptedException {
    DueScheduler<Item> scheduler = new DueScheduler<>();
    long base = System.nanoTime();
    List<Item> items = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      items.add(new Item(i, base + (20 + i) * MS)); // due 20..69 ms from now
    }
    Collections.shuffle(items, new java.util.Random(3));
    items.forEach(scheduler::schedule);
    for (int i = 0; i < 50; i++) {
      Item next = scheduler.next();
      assertEquals(i, next.id());
      assertTrue(System.nanoTime() - next.dueNanos() >= 0, "not before its due time");
    }
  }

  @Test
  void dueTimesAreComparedByDifferenceSoTheyMayWrapAroundTheLongRange() {
    Item before = new Item(1, Long.MAX_VALUE - 5);
    Item after = new Item(2, Long.MIN_VALUE + 5); // 11 ns later, past the wrap
    assertTrue(before.compareTo(after) < 0);
    assertTrue(after.compareTo(before) > 0);
  }

  @Test
  void aFewWorkersShareManyItemsEachTakenOnceAndNearItsDueTime() throws InterruptedException {
    DueScheduler<Item> scheduler = new DueScheduler<>();
    long base = System.nanoTime() + 200 * MS; // after the workers have started
    int count = 2_000;
    for (int i = 0; i < count; i++) {
      scheduler.schedule(new Item(i, base + (i % 200) * MS)); // ten items due each ms
    }
    scheduler.endAt(base + 600 * MS);
    ConcurrentLinkedQueue<Long> lags = new ConcurrentLinkedQueue<>();
    ConcurrentLinkedQueue<Integer> taken = new ConcurrentLinkedQueue<>();
    List<Thread> workers = new ArrayList<>();
    for (int w = 0; w < 4; w++) {
      Thread worker =
          new Thread(
              () -> {
                try {
                  for (Item item = scheduler.next(); item != null; item = scheduler.next()) {
                    lags.add(System.nanoTime() - item.dueNanos());
                    taken.add(item.id());
                  }
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              });
      workers.add(worker);
      worker.start();
    }
    for (Thread worker : workers) {
      worker.join();
    }
    assertEquals(count, taken.size());
    assertEquals(count, taken.stream().distinct().count());
    List<Long> sorted = new ArrayList<>(lags);
    Collections.sort(sorted);
    long median = sorted.get(sorted.size() / 2);
    // loose, as the machine may be busy: the point is that due items do not wait for a poll
    assertTrue(median < 100 * MS, "half start within 100 ms of their due time: " + median);
    assertTrue(sorted.get(0) >= 0, "none before its due time");
  }

  @Test
  void nothingIsHandedOutAfterTheEndOrOnceClosed() throws InterruptedException {
    DueScheduler<Item> scheduler = new DueScheduler<>();
    long now = System.nanoTime();
    scheduler.schedule(new Item(1, now + 200 * MS));
    scheduler.endAt(now + 50 * MS);
    assertNull(scheduler.next());
    DueScheduler<Item> closed = new DueScheduler<>();
    closed.schedule(new Item(2, now));
    closed.close();
    assertNull(closed.next());
    assertEquals(1, closed.size());
  }
}
