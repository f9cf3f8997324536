package org.tpccpg.driver.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tpccpg.driver.results.SavedSummary;
import org.tpccpg.driver.results.ServerInfo;

class ServerDifferencesTest {
  private static RunGroup side(String label, List<Map<String, String>> servers) {
    return new RunGroup(
        label,
        Path.of(label),
        servers.stream()
            .map(
                server ->
                    new ComparedRun(
                        Path.of(label),
                        "id",
                        "tpcb",
                        List.of("tpcb"),
                        Map.of(),
                        Map.of(),
                        SavedSummary.Activity.NONE,
                        server))
            .toList());
  }

  /** Name-value pairs in their order, as a summary lists its settings. */
  private static Map<String, String> server(String... pairs) {
    Map<String, String> server = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      server.put(pairs[i], pairs[i + 1]);
    }
    return server;
  }

  @Test
  void aSummarysServerIsItsShortVersionAndSettingsWithoutTheVersionNumber() {
    assertEquals(
        Map.of("version", "15.18", "fsync", "on"),
        ServerDifferences.of(
            new ServerInfo(
                "PostgreSQL 15.18 (Debian 15.18-0+deb12u1) on x86_64-pc-linux-gnu",
                Map.of("server_version_num", "150018", "fsync", "on"))));
    assertEquals(Map.of(), ServerDifferences.of(null));
  }

  @Test
  void theNoteNamesEachVersionAndSettingThatDiffersAndNothingWhenNoneDoes() {
    Map<String, String> a = server("version", "15.18", "fsync", "on", "work_mem", "4MB");
    Map<String, String> b = server("version", "16.10", "fsync", "off", "work_mem", "4MB");
    assertEquals(
        Optional.of("the servers differ: version A 15.18, B 16.10; fsync A on, B off"),
        ServerDifferences.note(side("a", List.of(a)), side("b", List.of(b))));
    assertEquals(
        Optional.empty(), ServerDifferences.note(side("a", List.of(a, a)), side("b", List.of(a))));
  }

  @Test
  void aSideWhoseRunsDifferListsItsValuesAndAnUnrecordedSettingIsADash() {
    Map<String, String> small = server("version", "15.18", "shared_buffers", "128MB");
    Map<String, String> large = server("version", "15.18", "shared_buffers", "2GB", "jit", "on");
    assertEquals(
        Optional.of("the servers differ: shared_buffers A 128MB/2GB, B 2GB; jit A -/on, B on"),
        ServerDifferences.note(side("a", List.of(small, large)), side("b", List.of(large))));
  }
}
