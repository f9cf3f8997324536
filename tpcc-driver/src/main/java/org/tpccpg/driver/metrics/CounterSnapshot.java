package org.tpccpg.driver.metrics;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.tpccpg.core.tpcc.TransactionType;

/**
 * A reading of all worker threads' counters at one moment: the sum, the sums per transaction kind
 * and each thread's fairness data (in thread order).
 *
 * @param total the counters summed over all threads
 * @param perKind the outcomes per transaction kind; holds every {@link TransactionType}
 * @param perThread each thread's events and latency sum, in the order of the threads
 */
public record CounterSnapshot(
    CounterTotals total, Map<TransactionType, KindTotals> perKind, List<ThreadTotals> perThread) {

  /** Rejects nulls and a map that lacks a kind; copies the collections. */
  public CounterSnapshot {
    if (total == null) {
      throw new IllegalArgumentException("total must not be null");
    }
    if (perKind == null || perKind.size() != TransactionType.values().length) {
      throw new IllegalArgumentException(
          "perKind must hold every TransactionType but was " + perKind);
    }
    if (perThread == null) {
      throw new IllegalArgumentException("perThread must not be null");
    }
    perKind = Map.copyOf(new EnumMap<>(perKind));
    perThread = List.copyOf(perThread);
  }

  /** The outcomes of one kind. */
  public KindTotals kind(TransactionType kind) {
    return perKind.get(kind);
  }

  /** Reads the counters of every thread, without locks, and sums them. */
  public static CounterSnapshot of(List<ThreadCounters> threads) {
    CounterTotals total = CounterTotals.ZERO;
    Map<TransactionType, KindTotals> perKind = zeroKinds();
    List<ThreadTotals> perThread = new ArrayList<>(threads.size());
    for (ThreadCounters t : threads) {
      CounterTotals c = t.totals();
      total = total.plus(c);
      perThread.add(new ThreadTotals(c.events(), c.latencySumNanos()));
      for (TransactionType kind : TransactionType.values()) {
        perKind.put(kind, perKind.get(kind).plus(t.kind(kind)));
      }
    }
    return new CounterSnapshot(total, perKind, perThread);
  }

  /** What happened since {@code baseline}, an earlier snapshot of the same threads. */
  public CounterSnapshot minus(CounterSnapshot baseline) {
    if (baseline.perThread.size() != perThread.size()) {
      throw new IllegalArgumentException(
          "baseline must have "
              + perThread.size()
              + " threads but had "
              + baseline.perThread.size());
    }
    Map<TransactionType, KindTotals> kinds = new EnumMap<>(TransactionType.class);
    for (TransactionType kind : TransactionType.values()) {
      kinds.put(kind, kind(kind).minus(baseline.kind(kind)));
    }
    List<ThreadTotals> threads = new ArrayList<>(perThread.size());
    for (int i = 0; i < perThread.size(); i++) {
      threads.add(perThread.get(i).minus(baseline.perThread.get(i)));
    }
    return new CounterSnapshot(total.minus(baseline.total), kinds, threads);
  }

  private static Map<TransactionType, KindTotals> zeroKinds() {
    Map<TransactionType, KindTotals> kinds = new EnumMap<>(TransactionType.class);
    for (TransactionType kind : TransactionType.values()) {
      kinds.put(kind, KindTotals.ZERO);
    }
    return kinds;
  }
}
