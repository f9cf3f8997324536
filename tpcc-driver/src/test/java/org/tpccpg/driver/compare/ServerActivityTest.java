package org.tpccpg.driver.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ServerActivityTest {
  private static final double MB = 1024 * 1024;

  private static ComparedRun run(ServerActivity server) {
    return new ComparedRun(
        Path.of("r"), "id", "tpcb", List.of("tpcb"), Map.of(), Map.of(), server, Map.of());
  }

  private static RunGroup group(String label, ServerActivity... runs) {
    return new RunGroup(
        label, Path.of(label), java.util.Arrays.stream(runs).map(ServerActivityTest::run).toList());
  }

  @Test
  void aSummarysServerActivityIsRead() {
    Map<String, Object> summary =
        Map.of(
            "server_activity",
            Map.of(
                "intervals", 60L, "checkpoints", 2L, "checkpoints_requested", 1L, "wal_bytes", 5L));
    assertEquals(new ServerActivity(2, 1, 5), ServerActivity.of(summary));
    assertEquals(ServerActivity.NONE, ServerActivity.of(Map.of("totals", Map.of())));
  }

  @Test
  void theNoteGivesEachSidesMedianPerRun() {
    RunGroup a =
        group(
            "a",
            new ServerActivity(1, 1, 96 * MB),
            new ServerActivity(2, 2, 100 * MB),
            new ServerActivity(1, 1, 90 * MB));
    RunGroup b = group("b", new ServerActivity(0, 0, 95 * MB), new ServerActivity(0, 0, 96 * MB));
    assertEquals(
        Optional.of(
            "server during the runs (median per run): A 1 checkpoint (1 requested), 96.0 MB of"
                + " WAL; B 0 checkpoints (0 requested), 95.5 MB of WAL"),
        ServerActivity.note(a, b));
  }

  @Test
  void aSideWithoutServerStatisticsSaysSoAndNeitherGivesNoNote() {
    RunGroup a = group("a", new ServerActivity(1, 1, 96 * MB));
    RunGroup none = group("b", ServerActivity.NONE);
    assertEquals(
        Optional.of(
            "server during the runs (median per run): A 1 checkpoint (1 requested), 96.0 MB of"
                + " WAL; B checkpoints not recorded, WAL not recorded"),
        ServerActivity.note(a, none));
    assertEquals(Optional.empty(), ServerActivity.note(none, none));
  }
}
