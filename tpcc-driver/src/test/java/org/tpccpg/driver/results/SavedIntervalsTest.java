package org.tpccpg.driver.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** intervals.jsonl read back: streamed for report and compare, whole as plain values for merge. */
class SavedIntervalsTest {
  @TempDir Path directory;

  private static final String FIRST =
      "{\"time\":\"2026-12-05T10:00:01Z\",\"seconds\":1.0,\"interval_s\":1.0,\"tps\":10.5,"
          + "\"kinds\":{\"payment\":{\"p95_ms\":2.5}},"
          + "\"server\":{\"commits\":9,\"checkpoints\":null,\"wait_events\":{\"Lock\":2}}}";
  private static final String SECOND =
      "{\"time\":\"2026-12-05T10:00:02Z\",\"seconds\":2.0,\"interval_s\":1.0,\"tps\":11.0,"
          + "\"kinds\":{\"payment\":{\"p95_ms\":3.0}}}";

  private void write(String... lines) throws IOException {
    Files.writeString(directory.resolve("intervals.jsonl"), String.join("\n", lines) + "\n");
  }

  @Test
  void mergeGetsEveryLineWholeInOrderAndBlankLinesArePassedOver() throws IOException {
    write(FIRST, "", SECOND);
    List<Map<String, Object>> lines = SavedIntervals.members(directory);
    assertEquals(2, lines.size());
    assertEquals("2026-12-05T10:00:01Z", lines.get(0).get("time"));
    assertEquals(11.0, lines.get(1).get("tps"));
    Map<?, ?> server = (Map<?, ?>) lines.get(0).get("server");
    assertTrue(server.containsKey("checkpoints") && server.get("checkpoints") == null, "kept null");
    assertEquals(Map.of("Lock", 2.0), server.get("wait_events"));
  }

  @Test
  void aLineThatIsNotAnObjectIsNamedWithTheFileAndItsNumber() throws IOException {
    write(FIRST, SECOND.substring(0, 40));
    IOException e = assertThrows(IOException.class, () -> SavedIntervals.members(directory));
    assertTrue(
        e.getMessage().startsWith(directory.resolve("intervals.jsonl") + " line 2: "),
        e.getMessage());
  }

  @Test
  void aMissingFileIsNamed() {
    IOException e = assertThrows(IOException.class, () -> SavedIntervals.members(directory));
    assertEquals(directory.resolve("intervals.jsonl") + " does not exist", e.getMessage());
    IOException streamed = assertThrows(IOException.class, () -> SavedIntervals.open(directory));
    assertEquals(directory.resolve("intervals.jsonl") + " does not exist", streamed.getMessage());
  }

  @Test
  void theStreamGivesTheSameLinesFigureByFigure() throws IOException {
    write(FIRST, "", SECOND);
    try (SavedIntervals intervals = SavedIntervals.open(directory)) {
      SavedIntervals.Interval first = intervals.next();
      assertEquals(10.5, first.tps());
      assertEquals(2.5, first.kinds().get("payment").get("p95_ms"));
      assertEquals(9.0, first.server().get("commits"));
      assertTrue(Double.isNaN(first.server().get("checkpoints")), "null is NaN");
      assertEquals(Map.of("Lock", 2.0), first.waitEvents());
      SavedIntervals.Interval second = intervals.next();
      assertEquals(2.0, second.seconds());
      assertNull(second.server());
      assertTrue(Double.isNaN(second.latencyAvgMs()), "absent is NaN");
      assertNull(intervals.next());
    }
  }
}
