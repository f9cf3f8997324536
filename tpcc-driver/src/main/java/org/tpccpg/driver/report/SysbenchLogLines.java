package org.tpccpg.driver.report;

import java.util.ArrayList;
import java.util.List;
import org.tpccpg.driver.metrics.ThreadTotals;

/**
 * sysbench 1.0.20's lines above its notice level, as it prints them: its threads starting and its
 * {@code --debug} and {@code --db-debug} statistics (level 5, "DEBUG: "), and why the threads
 * stopped (level 4). Only the text: which level prints is the run's {@code SysbenchLog}.
 */
public final class SysbenchLogLines {
  private static final String DEBUG = "DEBUG: ";

  private SysbenchLogLines() {}

  /**
   * The threads starting, before "Threads started!": the reporting thread with a report interval,
   * the event generator with a rate, each worker started then initialized (in sysbench they race;
   * here they come in thread order).
   */
  public static List<String> threadsStarting(int workers, boolean reporting, boolean generating) {
    List<String> lines = new ArrayList<>(2 * workers + 2);
    if (reporting) {
      lines.add(DEBUG + "Reporting thread started");
    }
    if (generating) {
      lines.add(DEBUG + "Event generating thread started");
    }
    for (int i = 0; i < workers; i++) {
      lines.add(DEBUG + "Worker thread (#" + i + ") started");
      lines.add(DEBUG + "Worker thread (#" + i + ") initialized");
    }
    return lines;
  }

  /**
   * Each worker says it stops at the time or event limit, and sysbench's logger folds the repeats;
   * then "Done." and a blank line, after the last report line.
   *
   * @param eventLimit whether {@code --events} ended the run, not {@code --time}
   */
  public static List<String> limitReached(int workers, boolean eventLimit) {
    List<String> lines = new ArrayList<>(4);
    lines.add((eventLimit ? "Event" : "Time") + " limit exceeded, exiting...");
    if (workers > 1) {
      lines.add("(last message repeated " + (workers - 1) + " times)");
    }
    lines.add("Done.");
    lines.add("");
    return lines;
  }

  /**
   * {@code --db-debug}'s timers after "SQL statistics": sysbench 1.0.20 allocates them but never
   * starts them, so every figure is zero.
   */
  public static List<String> queryTimers() {
    List<String> lines = new ArrayList<>(11);
    lines.add(DEBUG);
    for (String timer : List.of("Query execution statistics:", "Results fetching statistics:")) {
      lines.add(DEBUG + timer);
      lines.add(DEBUG + "    min:                                0.0000s");
      lines.add(DEBUG + "    avg:                                0.0000s");
      lines.add(DEBUG + "    max:                                0.0000s");
      lines.add(DEBUG + "  total:                                0.0000s");
    }
    return lines;
  }

  /**
   * {@code --debug}'s statistics per thread after "Threads fairness", each with its shortest,
   * average and longest latency (the average in whole nanoseconds, as sysbench's timer divides),
   * events and their total time; then a blank line.
   */
  public static List<String> perThread(List<ThreadTotals> threads) {
    List<String> lines = new ArrayList<>(2 * threads.size() + 3);
    lines.add(DEBUG + "Verbose per-thread statistics:");
    lines.add("");
    for (int i = 0; i < threads.size(); i++) {
      ThreadTotals t = threads.get(i);
      long avg = t.events() == 0 ? 0 : t.latencySumNanos() / t.events();
      lines.add(
          DEBUG
              + "    thread #"
              + CFormat.right(Integer.toString(i), 3)
              + ": min: "
              + seconds(t.latencyMinNanos())
              + "s  avg: "
              + seconds(avg)
              + "s  max: "
              + seconds(t.latencyMaxNanos())
              + "s  events: "
              + t.events());
      lines.add(
          DEBUG
              + "                 total time taken by event execution: "
              + seconds(t.latencySumNanos())
              + "s");
    }
    lines.add("");
    return lines;
  }

  private static String seconds(long nanos) {
    return CFormat.fixed(nanos / 1e9, 4);
  }
}
