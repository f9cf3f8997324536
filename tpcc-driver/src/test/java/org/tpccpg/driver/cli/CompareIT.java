package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.results.JsonReader;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestDatabase;

/**
 * {@code compare} on real runs: four 6 s {@code tpcb -S} runs, two at 400 tps and two at 100 tps,
 * compared one run against one (batch means of the intervals) and repeats against repeats (Welch's
 * t over the runs). The runs follow a rate with one {@code --random-seed}, so the two runs of one
 * setting have the same schedule: their comparison is {@code ~} every time, not 95 % of the time as
 * two free-running runs would be at alpha = 0.05.
 */
class CompareIT {
  @RegisterExtension
  static final PostgresFixture POSTGRES = new PostgresFixture(TpccDataSets.oneWarehouse());

  @TempDir static Path results;

  @BeforeAll
  static void makeRuns() throws Exception {
    CliRun init = tpcb("-i", "-s", "1", "-q");
    assertEquals(0, init.exitCode(), init.err());
    // The four rate-limited runs at once: 1,000 select-only transactions a second in all, which
    // keep their schedules on an idle machine, in 6 s instead of 24 s of waiting one after another.
    ExecutorService runs = Executors.newFixedThreadPool(4);
    try {
      List<Future<CliRun>> selects =
          List.of(
              runs.submit(() -> select("same/r1", 400)),
              runs.submit(() -> select("same/r2", 400)),
              runs.submit(() -> select("slow/r1", 100)),
              runs.submit(() -> select("slow/r2", 100)));
      for (Future<CliRun> select : selects) {
        CliRun tpcb = select.get();
        assertEquals(0, tpcb.exitCode(), tpcb.err());
      }
    } finally {
      runs.shutdownNow();
    }
    for (String run : List.of("tpcc/r1", "tpcc/r2")) {
      CliRun tpcc =
          tpcc(
              "--threads=2",
              "--time=5",
              "--report-interval=1",
              "--results=" + results.resolve(run),
              "run");
      assertEquals(0, tpcc.exitCode(), tpcc.err());
    }
  }

  private static CliRun tpcc(String... args) {
    TestDatabase db = POSTGRES.database();
    List<String> command = CliRun.connectedTo(db, "--tables=1", "--scale=1");
    command.addAll(List.of(args));
    return CliRun.of(Map.of("PGPASSWORD", db.password()), command.toArray(String[]::new));
  }

  private static CliRun select(String run, int rate) {
    return tpcb(
        "-S",
        "-c",
        "2",
        "-T",
        "6",
        "-P",
        "1",
        "-R",
        Integer.toString(rate),
        "--random-seed=7",
        "--results=" + results.resolve(run));
  }

  private static CliRun tpcb(String... args) {
    TestDatabase db = POSTGRES.database();
    List<String> command = new ArrayList<>(List.of("tpcb"));
    command.addAll(List.of(args));
    command.add(db.name());
    Map<String, String> environment = new HashMap<>();
    environment.put("PGHOST", db.host());
    environment.put("PGPORT", Integer.toString(db.port()));
    environment.put("PGUSER", db.user());
    environment.put("PGPASSWORD", db.password());
    return CliRun.of(environment, command.toArray(String[]::new));
  }

  private static CliRun compare(String a, String b, String... options) throws IOException {
    List<String> command = new ArrayList<>(List.of("compare"));
    command.addAll(List.of(options));
    command.add(results.resolve(a).toString());
    command.add(results.resolve(b).toString());
    CliRun run = CliRun.of(command.toArray(String[]::new));
    // kept for docs/compare.md's example
    Path example = Path.of("target", "compare-examples.txt");
    Files.writeString(
        example,
        "$ tpcc " + String.join(" ", command) + "\n" + run.out() + run.err() + "\n",
        Files.exists(example) ? new OpenOption[] {StandardOpenOption.APPEND} : new OpenOption[0]);
    return run;
  }

  private static String row(CliRun run, String metric) {
    return run.out()
        .lines()
        .filter(line -> line.startsWith(metric + " "))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no row " + metric + ": " + run.out()));
  }

  @Test
  void twoRunsOfTheSameSettingsAreNotSignificantlyDifferentInTps() throws IOException {
    CliRun same = compare("same/r1", "same/r2", "--fail-if-worse=10");
    assertEquals(0, same.exitCode(), same.out() + same.err());
    assertTrue(same.out().contains("samples: batch means"), same.out());
    assertTrue(row(same, "tps").endsWith(" ~"), same.out());
  }

  @Test
  void aRunAtAQuarterOfTheRateIsSignificantlyWorseAndFailsTheGate() throws IOException {
    CliRun slower = compare("same/r1", "slow/r1", "--fail-if-worse=10");
    assertEquals(3, slower.exitCode(), slower.out() + slower.err());
    assertTrue(row(slower, "tps").endsWith(" worse"), slower.out());
    assertTrue(
        slower.err().startsWith("tpcc compare: B is significantly worse than A on tps: -7"),
        slower.err());
    CliRun faster = compare("slow/r1", "same/r1", "--fail-if-worse=10");
    assertTrue(row(faster, "tps").endsWith(" better"), faster.out());
    // the gate does not trip on the faster tps; it may on latency, which at four times the rate
    // on a loaded machine can be worse (p95 +75 %, p = 0.045, in CI at 8376919)
    assertFalse(faster.err().contains(" on tps"), faster.err());
    assertTrue(
        faster.exitCode() == 0
            || (faster.exitCode() == 3
                && faster.err().matches("(?s).* worse than A on p\\d+_ms: .*")),
        "B faster passes, or is worse only in latency: " + faster.exitCode() + " " + faster.err());
  }

  @Test
  void tpccRunsAreComparedOnTheRunsPercentilesFromTheMergedHlogsAndEachKind() throws IOException {
    CliRun tpcc = compare("tpcc/r1", "tpcc/r2");
    assertEquals(0, tpcc.exitCode(), tpcc.out() + tpcc.err());
    assertTrue(tpcc.out().startsWith("compare tpcc: "), tpcc.out());
    assertTrue(
        row(tpcc, "p95_ms").matches(".* (\\d\\.\\d{4}|<0\\.0001) +\\d+/\\d+ +(~|better|worse)"),
        tpcc.out());
    for (String kind : List.of("new_order", "payment", "order_status", "delivery", "stock_level")) {
      row(tpcc, kind + " p95_ms");
    }
  }

  @Test
  void aTpccRunAgainstATpcbRunIsRefusedInOneLine() throws IOException {
    CliRun mixed = compare("tpcc/r1", "same/r1");
    assertEquals(1, mixed.exitCode(), mixed.out() + mixed.err());
    assertEquals("", mixed.out());
    assertEquals(
        "tpcc compare: cannot compare runs of different workloads: "
            + results.resolve("tpcc/r1")
            + " is tpcc, "
            + results.resolve("same/r1")
            + " is tpcb\n",
        mixed.err());
  }

  @Test
  void repeatsAreComparedRunByRun() throws IOException {
    CliRun cells = compare("same", "slow", "--fail-if-worse=10");
    assertEquals(3, cells.exitCode(), cells.out() + cells.err());
    assertTrue(cells.out().contains("A = " + results.resolve("same") + " (2 runs)"), cells.out());
    assertTrue(cells.out().contains("samples: one value per run"), cells.out());
    assertTrue(row(cells, "tps").contains(" 2/2 "), cells.out());
    assertTrue(row(cells, "tps").endsWith(" worse"), cells.out());
    CliRun json = compare("same", "slow", "--json");
    assertEquals(0, json.exitCode(), json.err());
    Map<String, Object> comparison = JsonReader.object(json.out().strip());
    assertEquals("tpcb", comparison.get("workload"));
    assertEquals("runs", comparison.get("samples"));
    Map<?, ?> tps = (Map<?, ?>) ((List<?>) comparison.get("metrics")).get(0);
    assertEquals(-75.0, (Double) tps.get("change_percent"), 5.0);
    assertTrue((Double) tps.get("p") < 0.05, json.out());
  }
}
