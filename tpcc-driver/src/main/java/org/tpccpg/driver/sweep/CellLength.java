package org.tpccpg.driver.sweep;

import java.util.List;

/**
 * How long a cell runs: a fixed time ({@code duration}, pgbench's {@code -T}) or a fixed number of
 * transactions per client ({@code events}, pgbench's {@code -t}), never both. It does not decide
 * which section's length applies; {@link SweepFile#length(Workload)} does.
 *
 * @param seconds the measured seconds, or null with {@code events}
 * @param eventsPerClient transactions each client runs, or null with {@code seconds}
 */
public record CellLength(Integer seconds, Long eventsPerClient) {
  public CellLength {
    if ((seconds == null) == (eventsPerClient == null)) {
      throw new IllegalArgumentException("give seconds or events per client, one of them");
    }
  }

  /** The length of a section with {@code duration} or {@code events}, or null with neither. */
  static CellLength of(SectionValues values, boolean required) {
    boolean duration = values.optionalText("duration") != null;
    boolean events = values.optionalText("events") != null;
    if (duration && events) {
      throw values.invalid(
          "events",
          "duration and events exclude each other: give duration (seconds per cell, -T)"
              + " or events (transactions per client, -t), not both");
    }
    if (duration) {
      return new CellLength(values.integer("duration", null, 1), null);
    }
    if (events) {
      return new CellLength(null, values.positiveLong("events"));
    }
    if (required) {
      throw values.invalid(
          "duration",
          "is required: give duration (seconds per cell) or events (transactions" + " per client)");
    }
    return null;
  }

  /** The arguments of a {@code tpcc tpcb} run of this length. */
  List<String> tpcbArguments() {
    return seconds != null
        ? List.of("-T", Integer.toString(seconds))
        : List.of("-t", Long.toString(eventsPerClient));
  }

  /**
   * The arguments of a {@code tpcc run} of this length with {@code clients} threads: {@code
   * --events} counts the transactions of all threads together (as sysbench's does), so it is the
   * per-client number times the clients, and {@code --time=0} lifts the time limit.
   */
  List<String> tpccArguments(int clients) {
    return seconds != null
        ? List.of("--time=" + seconds)
        : List.of("--time=0", "--events=" + Math.multiplyExact(eventsPerClient, clients));
  }
}
