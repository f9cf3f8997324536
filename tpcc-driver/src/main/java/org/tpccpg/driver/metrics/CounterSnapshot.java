package org.tpccpg.driver.metrics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * A reading of all clients' counters at one moment: sysbench's counters summed, the totals per kind
 * (in the workload's kind order), failed tries by cause, and each client's share (in client order).
 *
 * @param total sysbench's counters summed over all clients
 * @param perKind the totals per kind, summed over all clients
 * @param tryFailures failed tries per cause, summed over all clients; holds every cause
 * @param perThread each client's events and latency sum, in the order of the clients
 */
public record CounterSnapshot(
    CounterTotals total,
    List<KindTotals> perKind,
    Map<FailureCause, Long> tryFailures,
    List<ThreadTotals> perThread) {

  /** Rejects nulls and a map that lacks a cause; copies the collections. */
  public CounterSnapshot {
    if (total == null) {
      throw new IllegalArgumentException("total must not be null");
    }
    if (perKind == null || perKind.isEmpty()) {
      throw new IllegalArgumentException("perKind must hold >= 1 kind but was " + perKind);
    }
    if (tryFailures == null || tryFailures.size() != FailureCause.values().length) {
      throw new IllegalArgumentException(
          "tryFailures must hold every FailureCause but was " + tryFailures);
    }
    if (perThread == null) {
      throw new IllegalArgumentException("perThread must not be null");
    }
    perKind = List.copyOf(perKind);
    tryFailures = Map.copyOf(new EnumMap<>(tryFailures));
    perThread = List.copyOf(perThread);
  }

  /** The totals of one kind. */
  public KindTotals kind(int kind) {
    return perKind.get(kind);
  }

  /** The totals of all kinds together. */
  public KindTotals allKinds() {
    KindTotals sum = KindTotals.ZERO;
    for (KindTotals k : perKind) {
      sum = sum.plus(k);
    }
    return sum;
  }

  /** Failed tries of one cause. */
  public long tryFailures(FailureCause cause) {
    return tryFailures.get(cause);
  }

  /**
   * Reads the counters of every client, without locks, and sums them. Sums in primitives, one
   * object per client and kind at most: the reporting thread does this every interval for every
   * client, and at 400 clients on busy cores it gets little CPU (docs/benchmarks.md).
   */
  public static CounterSnapshot of(List<ClientCounters> clients) {
    if (clients.isEmpty()) {
      throw new IllegalArgumentException("clients must not be empty");
    }
    int kinds = clients.get(0).kinds();
    KindTotals[] perKind = new KindTotals[kinds];
    Arrays.fill(perKind, KindTotals.ZERO);
    FailureCause[] causes = FailureCause.values();
    long[] causeSums = new long[causes.length];
    long events = 0;
    long reads = 0;
    long writes = 0;
    long others = 0;
    long errors = 0;
    long reconnects = 0;
    long latencySum = 0;
    List<ThreadTotals> perThread = new ArrayList<>(clients.size());
    for (ClientCounters client : clients) {
      long clientEvents = 0;
      long clientLatencySum = 0;
      for (int k = 0; k < kinds; k++) {
        KindTotals kind = client.kind(k);
        perKind[k] = perKind[k].plus(kind);
        clientEvents += kind.completed();
        clientLatencySum += kind.latencySumNanos();
        errors += kind.tryFailures() + kind.rolledBack(); // sysbench counts rollbacks as errors
      }
      for (int c = 0; c < causes.length; c++) {
        causeSums[c] += client.tryFailures(causes[c]);
      }
      events += clientEvents;
      latencySum += clientLatencySum;
      reads += client.reads();
      writes += client.writes();
      others += client.others();
      reconnects += client.reconnects();
      perThread.add(
          new ThreadTotals(
              clientEvents,
              clientLatencySum,
              clientEvents == 0 ? 0 : client.latencyMinNanos(),
              client.latencyMaxNanos()));
    }
    Map<FailureCause, Long> byCause = new EnumMap<>(FailureCause.class);
    for (int c = 0; c < causes.length; c++) {
      byCause.put(causes[c], causeSums[c]);
    }
    CounterTotals total =
        new CounterTotals(events, reads, writes, others, errors, reconnects, latencySum);
    return new CounterSnapshot(total, Arrays.asList(perKind), byCause, perThread);
  }

  /** What happened since {@code baseline}, an earlier snapshot of the same clients. */
  public CounterSnapshot minus(CounterSnapshot baseline) {
    if (baseline.perThread.size() != perThread.size()
        || baseline.perKind.size() != perKind.size()) {
      throw new IllegalArgumentException(
          "baseline must have "
              + perThread.size()
              + " clients and "
              + perKind.size()
              + " kinds but had "
              + baseline.perThread.size()
              + " and "
              + baseline.perKind.size());
    }
    List<KindTotals> kinds = new ArrayList<>(perKind.size());
    for (int k = 0; k < perKind.size(); k++) {
      kinds.add(perKind.get(k).minus(baseline.perKind.get(k)));
    }
    Map<FailureCause, Long> causes = new EnumMap<>(FailureCause.class);
    tryFailures.forEach((cause, n) -> causes.put(cause, n - baseline.tryFailures.get(cause)));
    List<ThreadTotals> threads = new ArrayList<>(perThread.size());
    for (int i = 0; i < perThread.size(); i++) {
      threads.add(perThread.get(i).minus(baseline.perThread.get(i)));
    }
    return new CounterSnapshot(total.minus(baseline.total), kinds, causes, threads);
  }
}
