package org.tpccpg.driver.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** manifest.json's one writer, read back by its one reader, {@link SweepBundle#read}. */
class SweepManifestJsonTest {
  @TempDir Path bundle;

  private static SweepManifest manifest() {
    SweepManifest.Head head =
        new SweepManifest.Head(
            "0.1.0",
            "abc1234",
            new SweepManifest.Host("box", "cpu", 2, "6.1", "Debian"),
            "2026-12-06T01:00:00Z",
            "a.sweep",
            7,
            List.of(2, 4),
            new SweepManifest.Length(3, null),
            0,
            2,
            Map.of("work_mem", List.of("8MB")));
    Map<String, String> original = new HashMap<>();
    original.put("work_mem", null); // none in postgresql.auto.conf: reset, not set, on restore
    SweepManifest.Target pooled =
        new SweepManifest.Target(
            "b-pool",
            "15.8",
            Map.of("post_auth_delay", "1s"),
            "127.0.0.1",
            6432,
            "bench",
            "postgres",
            "conninfo",
            "host=127.0.0.1 port=6432 dbname=bench",
            Map.of("tpcc", List.of("--db-ps-mode=disable")),
            false,
            null,
            original,
            Map.of("work_mem", "4096"));
    SweepManifest.Workload events =
        new SweepManifest.Workload(
            "sel", "tpcb", List.of("-S"), true, new SweepManifest.Length(null, 50L), List.of());
    DatabaseSizes sizes =
        new DatabaseSizes(1000, Map.of("t", new DatabaseSizes.TableSize(600, 300, 950)));
    SweepCell done =
        SweepCell.planned("b-pool.sel.c2.r1", "b-pool", "sel", 2, 1, Map.of("work_mem", "8MB"), 7)
            .with(SweepCell.DONE, new SweepCell.Run("s", "e", null, 3.5, sizes, null));
    SweepCell pending =
        SweepCell.planned("b-pool.sel.c4.r1", "b-pool", "sel", 4, 1, Map.of("work_mem", "8MB"), 7);
    return new SweepManifest(
        head,
        false,
        List.of(pooled),
        List.of(events),
        List.of("b-pool/sel"),
        List.of(),
        List.of(done, pending));
  }

  @Test
  void whatIsWrittenIsReadBackAsTheSweepWroteIt() throws IOException {
    SweepManifestJson.write(bundle, manifest());
    SweepBundle read = SweepBundle.read(bundle);
    assertEquals(List.of("b-pool"), read.targets());
    assertEquals(List.of("sel"), read.workloads());
    assertEquals("tpcb", read.kind("sel"));
    assertEquals(manifest().cells(), read.cells(), "every cell with its run and sizes");
    SweepBundle.Saved saved = read.sweep();
    assertEquals(7L, saved.seed());
    assertEquals("2026-12-06T01:00:00Z", saved.created());
    assertFalse(saved.settingsRestored());
    assertEquals(List.of("b-pool/sel"), saved.prepared());
    SweepBundle.TargetSettings settings = saved.targetSettings().get("b-pool");
    assertTrue(settings.originals().containsKey("work_mem"));
    assertNull(settings.originals().get("work_mem"), "a null original stays null");
    assertEquals(Map.of("work_mem", "4096"), settings.originalsInForce());
    assertEquals(Map.of("post_auth_delay", "1s"), settings.nonDefault());
    assertFalse(Files.exists(bundle.resolve("manifest.json.tmp")), "renamed into place");
  }

  @Test
  void theMembersTheReaderSkipsAreWrittenInTheContractsOrder() throws IOException {
    SweepManifestJson.write(bundle, manifest());
    Map<String, Object> json = JsonReader.objectFile(bundle.resolve(SweepBundle.MANIFEST));
    assertEquals(
        List.of(
            "schema_version",
            "kind",
            "tool",
            "host",
            "created",
            "sweep_file",
            "seed",
            "clients",
            "duration",
            "warmup",
            "repeats",
            "settings_dimension",
            "settings_restored",
            "targets",
            "workloads",
            "prepared",
            "preparing",
            "cells"),
        List.copyOf(json.keySet()));
    Map<?, ?> target = (Map<?, ?>) ((List<?>) json.get("targets")).get(0);
    assertEquals(
        List.of("host", "port", "dbname", "user", "conninfo"),
        List.copyOf(((Map<?, ?>) target.get("connection")).keySet()));
    assertTrue(target.containsKey("restart_command") && target.get("restart_command") == null);
    Map<?, ?> workload = (Map<?, ?>) ((List<?>) json.get("workloads")).get(0);
    assertEquals(50.0, workload.get("events"), "a workload's own length");
    assertFalse(workload.containsKey("duration"));
  }
}
