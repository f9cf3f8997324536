package org.tpccpg.driver.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tpccpg.driver.metrics.ThreadTotals;

/** The lines as sysbench 1.0.20 printed them running tpcc.lua with --debug and --db-debug. */
class SysbenchLogLinesTest {

  @Test
  void threadsStartWithTheReporterAndTheGeneratorFirstThenEachWorker() {
    assertEquals(
        List.of(
            "DEBUG: Reporting thread started",
            "DEBUG: Event generating thread started",
            "DEBUG: Worker thread (#0) started",
            "DEBUG: Worker thread (#0) initialized",
            "DEBUG: Worker thread (#1) started",
            "DEBUG: Worker thread (#1) initialized"),
        SysbenchLogLines.threadsStarting(2, true, true));
    assertEquals(
        List.of("DEBUG: Worker thread (#0) started", "DEBUG: Worker thread (#0) initialized"),
        SysbenchLogLines.threadsStarting(1, false, false));
  }

  @Test
  void eachWorkerSaysItStopsAndTheLoggerFoldsTheRepeats() {
    assertEquals(
        List.of("Event limit exceeded, exiting...", "(last message repeated 1 times)", "Done.", ""),
        SysbenchLogLines.limitReached(2, true));
    assertEquals(
        List.of("Time limit exceeded, exiting...", "(last message repeated 2 times)", "Done.", ""),
        SysbenchLogLines.limitReached(3, false));
    assertEquals(
        List.of("Time limit exceeded, exiting...", "Done.", ""),
        SysbenchLogLines.limitReached(1, false));
  }

  @Test
  void theQueryTimersAreZerosAsSysbenchNeverStartsThem() {
    assertEquals(
        List.of(
            "DEBUG: ",
            "DEBUG: Query execution statistics:",
            "DEBUG:     min:                                0.0000s",
            "DEBUG:     avg:                                0.0000s",
            "DEBUG:     max:                                0.0000s",
            "DEBUG:   total:                                0.0000s",
            "DEBUG: Results fetching statistics:",
            "DEBUG:     min:                                0.0000s",
            "DEBUG:     avg:                                0.0000s",
            "DEBUG:     max:                                0.0000s",
            "DEBUG:   total:                                0.0000s"),
        SysbenchLogLines.queryTimers());
  }

  @Test
  void eachThreadHasItsShortestAverageLongestEventsAndTotal() {
    assertEquals(
        List.of(
            "DEBUG: Verbose per-thread statistics:",
            "",
            "DEBUG:     thread #  0: min: 0.0033s  avg: 0.0376s  max: 0.1253s  events: 7",
            "DEBUG:                  total time taken by event execution: 0.2631s",
            "DEBUG:     thread #  1: min: 0.0000s  avg: 0.0000s  max: 0.0000s  events: 0",
            "DEBUG:                  total time taken by event execution: 0.0000s",
            ""),
        SysbenchLogLines.perThread(
            List.of(
                new ThreadTotals(7, 263_100_000L, 3_300_000L, 125_300_000L),
                new ThreadTotals(0, 0, 0, 0))));
  }
}
