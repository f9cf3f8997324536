package org.tpccpg.driver.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tpccpg.driver.results.SavedSummary.Activity;

class ServerActivityTest {
  private static final double MB = 1024 * 1024;

  private static ComparedRun run(Activity server) {
    return new ComparedRun(
        Path.of("r"), "id", "tpcb", List.of("tpcb"), Map.of(), Map.of(), server, Map.of());
  }

  private static RunGroup group(String label, Activity... runs) {
    return new RunGroup(
        label, Path.of(label), java.util.Arrays.stream(runs).map(ServerActivityTest::run).toList());
  }

  @Test
  void theNoteGivesEachSidesMedianPerRun() {
    RunGroup a =
        group(
            "a",
            new Activity(1, 1, 96 * MB),
            new Activity(2, 2, 100 * MB),
            new Activity(1, 1, 90 * MB));
    RunGroup b = group("b", new Activity(0, 0, 95 * MB), new Activity(0, 0, 96 * MB));
    assertEquals(
        Optional.of(
            "server during the runs (median per run): A 1 checkpoint (1 requested), 96.0 MB of"
                + " WAL; B 0 checkpoints (0 requested), 95.5 MB of WAL"),
        ServerActivity.note(a, b));
  }

  @Test
  void aSideWithoutServerStatisticsSaysSoAndNeitherGivesNoNote() {
    RunGroup a = group("a", new Activity(1, 1, 96 * MB));
    RunGroup none = group("b", Activity.NONE);
    assertEquals(
        Optional.of(
            "server during the runs (median per run): A 1 checkpoint (1 requested), 96.0 MB of"
                + " WAL; B checkpoints not recorded, WAL not recorded"),
        ServerActivity.note(a, none));
    assertEquals(Optional.empty(), ServerActivity.note(none, none));
  }
}
