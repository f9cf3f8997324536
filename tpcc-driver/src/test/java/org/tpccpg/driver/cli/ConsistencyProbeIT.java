package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.results.JsonParser;
import org.tpccpg.driver.results.ResultsFiles;
import org.tpccpg.driver.results.ResultsSchema;
import org.tpccpg.testkit.Background;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.ServerControl;
import org.tpccpg.testkit.TestDatabase;

/**
 * {@code run --check-every} on a real run: the probes hold while nothing breaks the data (exit 0,
 * "all held"); a violation planted mid-run by another session (warehouse 1's W_YTD moved off the
 * sum of its districts', condition 1) is found by the next probe of that warehouse, recorded in its
 * interval and the summary, named in the text, and the run exits with 1.
 */
class ConsistencyProbeIT {
  @RegisterExtension
  static final PostgresFixture POSTGRES = new PostgresFixture(TpccDataSets.twoWarehouses());

  @TempDir Path tmp;

  private static CliRun tpcc(String... args) {
    TestDatabase db = POSTGRES.database();
    List<String> command = CliRun.connectedTo(db, "--tables=1", "--scale=2", "--threads=2");
    command.addAll(List.of(args));
    return CliRun.of(Map.of("PGPASSWORD", db.password()), command.toArray(String[]::new));
  }

  private static Map<?, ?> probeSummary(Path dir) throws Exception {
    Map<String, Object> summary =
        JsonParser.object(Files.readString(dir.resolve(ResultsFiles.SUMMARY)));
    return (Map<?, ?>) summary.get("consistency_during_run");
  }

  /** The summary's verdict on consistency: yes, NO or not judged. */
  private static Object consistentVerdict(Path dir) throws Exception {
    Map<String, Object> summary =
        JsonParser.object(Files.readString(dir.resolve(ResultsFiles.SUMMARY)));
    Map<?, ?> verdict = (Map<?, ?>) summary.get("verdict");
    return ((Map<?, ?>) verdict.get("consistent")).get("verdict");
  }

  private static void shiftWarehouseYtd(double by) throws Exception {
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement()) {
      s.executeUpdate("UPDATE warehouse1 SET w_ytd = w_ytd + " + by + " WHERE w_id = 1");
    }
  }

  @Test
  void probesHoldOnAGoodRunAndAPlantedViolationFailsTheRun() throws Exception {
    Path good = tmp.resolve("good");
    // 10 s for two probes: each counts the order lines of two warehouses, and a 5 s run finished
    // only one on a CI machine running four test classes at once
    CliRun clean =
        tpcc("--time=10", "--report-interval=1", "--check-every=1", "--results=" + good, "run");
    assertEquals(0, clean.exitCode(), clean.err());
    assertTrue(clean.out().contains(": all held"), clean.out());
    Map<?, ?> held = probeSummary(good);
    assertTrue(((Number) held.get("probes")).intValue() >= 2, held.toString());
    assertEquals(0, ((Number) held.get("violated")).intValue(), held.toString());
    ResultsSchema.assertConforms(good);
    assertEquals("yes", consistentVerdict(good));
    String goodIntervals = Files.readString(good.resolve(ResultsFiles.INTERVALS));
    assertTrue(
        goodIntervals.contains(
            "\"conditions\":{\"1\":\"passed\",\"2\":\"passed\",\"3\":\"passed\",\"4\":\"passed\"}"),
        goodIntervals);

    Path bad = tmp.resolve("bad");
    CompletableFuture<CliRun> run =
        Background.supply(
            () ->
                tpcc(
                    "--time=16", // a probe after the violation must finish: 4 + 2 probes' time
                    "--report-interval=1",
                    "--check-every=1",
                    "--results=" + bad,
                    "run"));
    // counted from the clients' connections, not from the start of a run that may still be
    // checking the data set on a loaded machine: the probes must see it whole first
    ServerControl.awaitBackends(POSTGRES.database(), "tpcc", 2);
    TimeUnit.SECONDS.sleep(4);
    shiftWarehouseYtd(1);
    CliRun broken = run.get(120, TimeUnit.SECONDS);
    shiftWarehouseYtd(-1); // the data set as it was, for whatever runs on it next
    assertEquals(1, broken.exitCode(), broken.out() + broken.err());
    assertTrue(broken.err().contains("a consistency condition was violated"), broken.err());
    assertTrue(broken.out().contains(": VIOLATED in "), broken.out());
    Map<?, ?> violated = probeSummary(bad);
    Map<?, ?> first = (Map<?, ?>) violated.get("first_violation");
    assertEquals(1, ((Number) first.get("condition")).intValue(), violated.toString());
    assertTrue(((Number) first.get("at_s")).doubleValue() >= 3, violated.toString());
    assertTrue(String.valueOf(first.get("offending")).contains("1"), violated.toString());
    String intervals = Files.readString(bad.resolve(ResultsFiles.INTERVALS));
    assertTrue(intervals.contains("\"consistency\":[{"), "probes in the intervals");
    assertTrue(intervals.contains("\"1\":\"FAILED\""), "the failed condition in its interval");
    ResultsSchema.assertConforms(bad);
    assertEquals("NO", consistentVerdict(bad));
  }
}
