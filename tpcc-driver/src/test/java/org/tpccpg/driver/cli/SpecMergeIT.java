package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.results.DriverProcess;
import org.tpccpg.driver.results.JsonReader;
import org.tpccpg.driver.results.ResultsSchema;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestDatabase;

/**
 * Two spec-mode drivers on warehouses 1-1 and 2-2 of a data set of 3, run together, then {@code
 * merge}: each driver says its share is no TPC-C result on its own; the merge judges the share
 * again and names warehouse 3, which had no terminals, carries the drivers' other reasons once, and
 * writes a {@code spec} object that conforms to the schema (#30).
 */
class SpecMergeIT {
  @RegisterExtension
  static final PostgresFixture POSTGRES = new PostgresFixture(TpccDataSets.threeWarehouses());

  @TempDir static Path results;

  private static List<String> options(String... more) {
    TestDatabase db = POSTGRES.database();
    List<String> args =
        new ArrayList<>(
            List.of(
                "--pgsql-host=" + db.host(),
                "--pgsql-port=" + db.port(),
                "--pgsql-user=" + db.user(),
                "--pgsql-db=" + db.name(),
                "--tables=1",
                "--scale=3"));
    args.addAll(List.of(more));
    return args;
  }

  private static DriverProcess driver(String range, Path dir, String startAt) throws Exception {
    return DriverProcess.start(
        options(
            "--spec",
            "--warehouses=" + range,
            "--pool-size=2",
            "--keying-multiplier=0.02",
            "--think-multiplier=0.02",
            "--warmup-time=1",
            "--time=6",
            "--report-interval=2",
            "--start-at=" + startAt,
            "--results=" + dir,
            "run"),
        Map.of("PGPASSWORD", POSTGRES.database().password()),
        Path.of("."));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> spec(Path dir) throws Exception {
    return (Map<String, Object>)
        JsonReader.object(Files.readString(dir.resolve("summary.json"))).get("spec");
  }

  @Test
  void theMergeJudgesTheSharesAgainAndNamesTheWarehouseWithoutTerminals() throws Exception {
    Path a = results.resolve("a");
    Path b = results.resolve("b");
    // time for two JVMs to start, check the data set and connect beside three other test classes
    // on two cores: with 10 s one driver started late on a slow day, and the merge refused the
    // windows (ScaleOutIT shows what a late driver says)
    String startAt = Instant.now().plusSeconds(20).truncatedTo(ChronoUnit.SECONDS).toString();
    try (DriverProcess low = driver("1-1", a, startAt);
        DriverProcess high = driver("2-2", b, startAt)) {
      assertEquals(0, low.finish(), low.output());
      assertEquals(0, high.finish(), high.output());
      assertTrue(low.output().contains("Waiting until " + startAt), low.output());
      assertTrue(high.output().contains("Waiting until " + startAt), high.output());
      assertTrue(
          low.output().contains("terminals on 1 of the data set's 3 warehouses only"),
          low.output());
    }
    for (Path driver : List.of(a, b)) {
      Map<String, Object> spec = spec(driver);
      assertEquals(false, spec.get("tpcc_result"));
      assertTrue(((List<?>) spec.get("not_tpcc_codes")).contains("range"), spec.toString());
    }

    Path merged = results.resolve("merged");
    CliRun merge = CliRun.of("merge", a.toString(), b.toString(), "--results=" + merged);
    assertEquals(0, merge.exitCode(), merge.err());
    ResultsSchema.assertConforms(merged);
    Map<String, Object> spec = spec(merged);
    List<?> codes = (List<?>) spec.get("not_tpcc_codes");
    assertFalse(codes.contains("range"), "the shares are judged again: " + codes);
    assertEquals(1, codes.stream().filter("times"::equals).count(), "carried once: " + codes);
    assertTrue(codes.contains("coverage"), codes.toString());
    assertTrue(codes.contains("interval"), codes.toString());
    assertEquals(1.0, spec.get("warehouses_without_terminals"));
    assertEquals(20.0, spec.get("terminals"));
    assertEquals(false, spec.get("tpcc_result"));
    String out = merge.out();
    assertTrue(out.contains("warehouses without terminals: 1"), out);
    assertTrue(out.contains("1 of the data set's 3 warehouses (per table set) had no"), out);
    assertTrue(out.contains(" -- NOT a TPC-C result ("), out);
    assertTrue(out.contains(String.valueOf(spec.get("verdict_line"))), out);
  }
}
