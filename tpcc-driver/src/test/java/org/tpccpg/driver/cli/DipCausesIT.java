package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.cluster.OwnServerFixture;
import org.tpccpg.driver.results.JsonParser;
import org.tpccpg.driver.results.ResultsFiles;
import org.tpccpg.driver.results.ResultsSchema;
import org.tpccpg.testkit.Background;
import org.tpccpg.testkit.TestDatabase;

/**
 * A dip planted in a real TPC-C run is found and its causes named from the server statistics of the
 * same intervals: for about 6 s of a 30 s run another session holds warehouse1 locked (every
 * New-Order and Payment waits), runs a slowed VACUUM of stock1 and issues three CHECKPOINTs. The
 * summary's dip names all three; the report shows the dip in its table and shaded on the charts,
 * drawn in headless Chromium without an error.
 */
class DipCausesIT {
  // its own server: the checkpoint counters it asserts are server-wide
  @RegisterExtension static final OwnServerFixture POSTGRES = new OwnServerFixture();

  private static final int LOCK_SECONDS = 6;

  @TempDir Path tmp;

  private static CliRun tpcc(String... args) {
    TestDatabase db = POSTGRES.database();
    List<String> command = CliRun.connectedTo(db, "--tables=1", "--scale=1", "--threads=2");
    command.addAll(List.of(args));
    return CliRun.of(Map.of("PGPASSWORD", db.password()), command.toArray(String[]::new));
  }

  /** Waits until intervals.jsonl has {@code lines} lines, or the run ended. */
  private static void awaitIntervals(Path dir, int lines, CompletableFuture<CliRun> run)
      throws Exception {
    Path intervals = dir.resolve(ResultsFiles.INTERVALS);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!run.isDone() && System.nanoTime() - deadline < 0) {
      if (Files.exists(intervals) && Files.readAllLines(intervals).size() >= lines) {
        return;
      }
      TimeUnit.MILLISECONDS.sleep(100);
    }
    throw new AssertionError("the run ended or stalled before " + lines + " intervals");
  }

  /** Holds warehouse1, vacuums stock1 slowly and checkpoints, for {@link #LOCK_SECONDS}. */
  private static void plantDip() throws Exception {
    try (Connection locking = POSTGRES.database().connect();
        Statement lock = locking.createStatement();
        Connection vacuuming = POSTGRES.database().connect();
        Statement vacuum = vacuuming.createStatement();
        Connection admin = POSTGRES.database().connectAdmin();
        Statement checkpoint = admin.createStatement()) {
      locking.setAutoCommit(false);
      lock.execute("LOCK TABLE warehouse1 IN ACCESS EXCLUSIVE MODE");
      vacuum.execute("SET vacuum_cost_delay = 100");
      vacuum.execute("SET vacuum_cost_limit = 1");
      CompletableFuture<Void> slowVacuum =
          Background.run(
              () -> {
                try {
                  vacuum.execute("VACUUM (FREEZE) stock1");
                } catch (SQLException cancelled) {
                  // the cancel below ends it
                }
              });
      // three, 2 s apart: other tests' CHECKPOINTs on the shared server land in the rest of the
      // run, and the dip's must still be more than 1.5 times the rest's rate (CI, 2026-12-03)
      for (int i = 0; i < 3; i++) {
        checkpoint.execute("CHECKPOINT");
        TimeUnit.SECONDS.sleep(LOCK_SECONDS / 3);
      }
      vacuum.cancel();
      slowVacuum.get(30, TimeUnit.SECONDS);
      locking.commit();
    }
  }

  @Test
  void aPlantedDipIsFoundWithItsLockVacuumAndCheckpointAndShownInTheReport() throws Exception {
    try (Connection admin = POSTGRES.database().connectAdmin();
        Statement s = admin.createStatement()) {
      assertEquals(0, tpcc("prepare").exitCode());
      s.execute("CHECKPOINT"); // what loading dirtied, so that the planted one is quick
    }
    Path dir = tmp.resolve("run");
    CompletableFuture<CliRun> run =
        Background.supply(
            () -> tpcc("--time=30", "--report-interval=1", "--results=" + dir, "run"));
    awaitIntervals(dir, 8, run); // a baseline of more than the 6 windows a dip is measured by
    plantDip();
    CliRun done = run.get(120, TimeUnit.SECONDS);
    assertEquals(0, done.exitCode(), done.err());
    ResultsSchema.assertConforms(dir);

    Map<String, Object> summary =
        JsonParser.object(Files.readString(dir.resolve(ResultsFiles.SUMMARY)));
    List<?> dips = (List<?>) ((Map<?, ?>) summary.get("stability")).get("dips");
    List<?> causes =
        dips.stream()
            .map(d -> (List<?>) ((Map<?, ?>) d).get("causes"))
            .filter(c -> c.contains("VACUUM of stock1"))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no dip names the VACUUM: " + dips));
    assertTrue(
        causes.stream()
            .anyMatch(c -> String.valueOf(c).matches("(a|\\d+) requested checkpoints? .*")),
        causes.toString());
    assertTrue(
        causes.stream().anyMatch(c -> String.valueOf(c).startsWith("lock waits (Lock:relation")),
        causes.toString());

    Path html = tmp.resolve("report.html");
    CliRun report = CliRun.of("report", dir.toString(), "-o", html.toString());
    assertEquals(0, report.exitCode(), report.err());
    HeadlessChromium.Page page = new HeadlessChromium(tmp).load(html);
    assertTrue(page.dom().contains("Dips (shaded and numbered"), HeadlessChromium.head(page.dom()));
    assertTrue(page.dom().contains("VACUUM of stock1"), "the dip's causes in its table");
    assertTrue(page.dom().contains("\"dip 1\""), "the charts label the dip");
  }
}
