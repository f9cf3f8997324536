package org.tpccpg.driver.htmlreport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunTimelineTest {
  @TempDir Path dir;

  @Test
  void intervalsAreDownsampledIntoBucketsKeepingEachBucketsLowestAndHighestTps()
      throws IOException {
    ReportFixture.run(dir, "tpcb", List.of("builtin"), 100, 5_000, false);
    RunTimeline t = RunTimeline.read(dir, 100);
    assertEquals(5_000, t.sampling.lines());
    assertEquals(50, t.sampling.perBucket());
    assertEquals(100, t.seconds.length);
    assertEquals(1, t.seconds[0]);
    assertEquals(51, t.seconds[1]);
    assertTrue(Arrays.stream(t.tps.mins()).allMatch(v -> v == 100), "every bucket dips to 100");
    assertTrue(Arrays.stream(t.tps.maxes()).allMatch(v -> v == 109));
    assertEquals(104.5, t.tps.means()[0], 1e-9);
    assertEquals(List.of("p50", "p90", "p95", "p99", "max"), List.copyOf(t.latency.keySet()));
    assertFalse(t.hasServer());
  }

  @Test
  void severalKindsDrawEachKindsP95AndTheMeanOfAll() throws IOException {
    ReportFixture.run(dir, "tpcc", List.of("new_order", "payment"), 100, 10, false);
    RunTimeline t = RunTimeline.read(dir, 2_000);
    assertEquals(
        List.of("new_order p95", "payment p95", "mean, all kinds"),
        List.copyOf(t.latency.keySet()));
    assertEquals(5, t.latency.get("payment p95").means()[3]);
  }

  @Test
  void theServerObjectGivesWalCheckpointsAutovacuumAndTheMostWaitedOnEvents() throws IOException {
    ReportFixture.run(dir, "tpcb", List.of("builtin"), 100, 90, true);
    RunTimeline t = RunTimeline.read(dir, 2_000);
    assertTrue(t.hasServer());
    assertEquals(1.0, t.walMbPerSecond.means()[0], 1e-9);
    double[] checkpoints = t.checkpoints.sums();
    assertEquals(3, Arrays.stream(checkpoints).sum());
    assertEquals(1, checkpoints[29]);
    assertEquals(List.of("Lock:tuple", "LWLock:WALWrite"), t.topWaitEvents(5));
    assertArrayEquals(
        new double[] {0, 2, 4}, Arrays.copyOf(t.waitEvents.get("Lock:tuple").sums(), 3));
  }

  @Test
  void aBrokenLineIsRefusedNamingTheFileAndLine() throws IOException {
    ReportFixture.run(dir, "tpcb", List.of("builtin"), 100, 3, false);
    Files.writeString(
        dir.resolve("intervals.jsonl"), "{\"tps\":\n", java.nio.file.StandardOpenOption.APPEND);
    IOException e = assertThrows(IOException.class, () -> RunTimeline.read(dir, 2_000));
    assertTrue(
        e.getMessage().startsWith(dir.resolve("intervals.jsonl") + " line 4: "), e.getMessage());
  }
}
