package org.tpccpg.driver.htmlreport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SoakCheckTest {
  @TempDir Path soak;

  @Test
  void theLastCheckInSoakLogIsTheVerdictAndASoakWithoutOneSaysNotRun() throws IOException {
    assertEquals(Map.of(), SoakCheck.facts(soak), "not a soak directory");
    Files.writeString(
        soak.resolve("soak.log"), "2026-01-02T03:00:00Z phase run started: tpcc run\n");
    assertEquals(Map.of("check", "not run"), SoakCheck.facts(soak));
    Files.writeString(
        soak.resolve("soak.log"),
        "2026-01-02T03:00:00Z phase check ended with exit code 0\n"
            + "2026-01-03T03:00:00Z check started (tpcc-soak check): tpcc check\n"
            + "2026-01-03T03:01:00Z check ended with exit code 1\n");
    assertEquals(
        Map.of("check", "failed (exit code 1, 2026-01-03T03:01:00Z): see check.log"),
        SoakCheck.facts(soak));
  }
}
