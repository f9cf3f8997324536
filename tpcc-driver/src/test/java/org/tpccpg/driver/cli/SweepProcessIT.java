package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.cluster.LocalCluster;
import org.tpccpg.driver.cluster.PostgresBinaries;
import org.tpccpg.driver.results.DriverProcess;
import org.tpccpg.driver.results.JsonReader;

/**
 * The sweep's processes (issue 32, point 7) against a throwaway cluster of its own: after {@code
 * kill -9} of the sweep its cell's child stops by itself, a second sweep on a running bundle is
 * refused, and the resume runs the cell alone; a cell whose server went away for part of its run is
 * marked {@code outage}, not done, unless the sweep is asked to keep it ({@code --keep-outages}).
 */
class SweepProcessIT {
  @TempDir static Path work;

  private static LocalCluster server;
  private static String pgCtl;

  @BeforeAll
  static void startServer() throws Exception {
    server = LocalCluster.start(List.of("log_min_messages = warning", "fsync = off"));
    server.createDatabase("bench");
    pgCtl =
        "runuser -u postgres -- "
            + PostgresBinaries.locate().resolve("pg_ctl")
            + " -D "
            + server.directory().resolve("data");
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  private static Path sweepFile(String name, int seconds) throws IOException {
    Path file = work.resolve(name + ".sweep");
    Files.writeString(
        file,
        String.join(
            "\n",
            "[sweep]",
            "clients = 1",
            "duration = " + seconds,
            "[target a]",
            "host = 127.0.0.1",
            "port = " + server.port(),
            "dbname = bench",
            "user = postgres",
            "[workload select]",
            "kind = tpcb",
            "options = -S",
            "prepare = true",
            "prepare_options = -s 1 -q",
            ""),
        StandardCharsets.UTF_8);
    return file;
  }

  /** The pid in running-cell once it names the measured cell (not the preparation). */
  private static long awaitCell(Path bundle, String cell) throws Exception {
    Path running = bundle.resolve("running-cell");
    for (int i = 0; i < 600; i++) {
      if (Files.exists(running)) {
        String[] parts = Files.readString(running).strip().split(" ");
        if (parts.length == 3 && parts[2].equals(cell)) {
          return Long.parseLong(parts[0]);
        }
      }
      Thread.sleep(100);
    }
    throw new AssertionError("the cell " + cell + " did not start");
  }

  /** Waits until the cell's run has written its first interval (-P 1): it is measuring. */
  private static void awaitMeasuring(Path results) throws Exception {
    Path intervals = results.resolve("intervals.jsonl");
    for (int i = 0; i < 600; i++) {
      if (Files.exists(intervals) && Files.readString(intervals).contains("\n")) {
        return;
      }
      Thread.sleep(100);
    }
    throw new AssertionError("the cell wrote no interval to " + intervals + " in 60 s");
  }

  private static Map<String, Object> cell(Path bundle) throws IOException {
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> cells =
        (List<Map<String, Object>>)
            JsonReader.object(Files.readString(bundle.resolve("manifest.json"))).get("cells");
    return cells.get(0);
  }

  @Test
  void aKilledSweepsCellStopsAndTheResumeRunsItAlone() throws Exception {
    Path file = sweepFile("killed", 8);
    Path bundle = work.resolve("killed-bundle");
    List<String> args = List.of("sweep", file.toString(), "--bundle", bundle.toString());
    long child;
    try (DriverProcess sweep = DriverProcess.start(args, Map.of(), work)) {
      child = awaitCell(bundle, "a.select.c1.r1");
      CliRun second = CliRun.of(args.toArray(String[]::new));
      assertEquals(1, second.exitCode(), second.out() + second.err());
      assertTrue(
          second
              .err()
              .startsWith("tpcc sweep: --bundle=" + bundle + " is in use by a running sweep"),
          second.err());
      sweep.signal("KILL");
      sweep.finish();
    }
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false)
        && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
    assertFalse(
        ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false),
        "the cell's child (pid " + child + ") outlived the killed sweep by 10 s");
    assertEquals("pending", cell(bundle).get("status"));

    CliRun resumed = CliRun.of(args.toArray(String[]::new));
    assertEquals(0, resumed.exitCode(), resumed.out() + resumed.err());
    assertTrue(resumed.out().contains("sweep: 1 cells (0 done before)"), resumed.out());
    assertEquals("done", cell(bundle).get("status"));
    assertFalse(Files.exists(bundle.resolve("running-cell")), "no child recorded");
  }

  @Test
  void aCellWithAnOutageIsMarkedNotDoneAndKeptOnlyWhenAsked() throws Exception {
    Path file = sweepFile("outage", 10);
    Path bundle = work.resolve("outage-bundle");
    List<String> args = List.of("sweep", file.toString(), "--bundle", bundle.toString());
    String output;
    int exitCode;
    try (DriverProcess sweep = DriverProcess.start(args, Map.of(), work)) {
      awaitCell(bundle, "a.select.c1.r1");
      // the outage must come while the cell measures: before that (its setup connection on a busy
      // machine), the cell fails as any run that cannot start does
      awaitMeasuring(bundle.resolve("runs/a.select.c1.r1"));
      shell(pgCtl + " -m immediate -w stop");
      Thread.sleep(3000);
      shell(pgCtl + " -l " + server.directory().resolve("server.log") + " -w -t 60 start");
      exitCode = sweep.finish();
      output = sweep.output();
    }
    Map<String, Object> cell = cell(bundle);
    assertEquals(1, exitCode, output);
    assertEquals("outage", cell.get("status"), cell.toString());
    String error = String.valueOf(cell.get("error"));
    assertTrue(error.matches("1 outage, \\d+\\.\\d s without the server .*"), error);
    assertTrue(
        output.contains("[1/1] a.select.c1.r1: outage: 1 outage, ")
            && output.contains(" tps not used)"),
        output);
    assertTrue(Files.exists(bundle.resolve("runs/a.select.c1.r1/summary.json")), "kept");

    // asked to keep them, a resume takes the outage cell as it ran: done, nothing runs again
    String summary = Files.readString(bundle.resolve("runs/a.select.c1.r1/summary.json"));
    CliRun kept =
        CliRun.of("sweep", file.toString(), "--bundle", bundle.toString(), "--keep-outages");
    assertEquals(0, kept.exitCode(), kept.out() + kept.err());
    assertTrue(kept.out().contains("kept in the samples (--keep-outages)"), kept.out());
    Map<String, Object> keptCell = cell(bundle);
    assertEquals("done", keptCell.get("status"), keptCell.toString());
    assertTrue(
        String.valueOf(keptCell.get("error"))
            .matches("1 outage, \\d+\\.\\d s without the server .*: kept in the samples .*"),
        keptCell.toString());
    assertEquals(summary, Files.readString(bundle.resolve("runs/a.select.c1.r1/summary.json")));
  }

  private static void shell(String command) throws Exception {
    Process p = new ProcessBuilder("sh", "-c", command).inheritIO().start();
    assertEquals(0, p.waitFor(), command);
  }
}
