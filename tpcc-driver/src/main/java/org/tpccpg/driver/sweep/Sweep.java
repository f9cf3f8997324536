package org.tpccpg.driver.sweep;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.tpccpg.driver.results.DatabaseSizes;
import org.tpccpg.driver.results.SavedSummary;
import org.tpccpg.driver.results.SweepCell;

/**
 * Runs a sweep into its bundle: prepares the data where asked, runs every cell that is not done yet
 * in {@link SweepPlan}'s order as a child process, applies the settings dimension before the cells
 * that need it, rewrites the manifest after each cell, and restores the original settings at the
 * end, also when stopped. See docs/sweep.md.
 */
public final class Sweep {
  /** The exit code of a sweep stopped by a signal (as a shell reports SIGINT). */
  public static final int INTERRUPTED = 130;

  /** The environment variable that gives a child run the pid of the sweep it must not outlive. */
  public static final String PARENT_VARIABLE = "TPCC_SWEEP_PID";

  private final SweepFile file;
  private final Path bundle;
  private final Map<String, String> environment;
  private final PrintWriter out;
  private final ChildRuns children;
  private final Map<String, Map<String, String>> applied = new HashMap<>();
  private Manifest manifest;
  private boolean keepOutages;

  /**
   * @param file the checked sweep file
   * @param bundle the bundle directory, with the sweep file's copy and (to resume) a manifest
   * @param mainClass the command line's main class, for the child runs
   */
  public Sweep(
      SweepFile file,
      Path bundle,
      Map<String, String> environment,
      String mainClass,
      PrintWriter out) {
    this.file = Objects.requireNonNull(file, "file");
    this.bundle = bundle;
    this.environment = Map.copyOf(environment);
    this.out = out;
    this.children = new ChildRuns(mainClass, bundle);
  }

  /**
   * Keeps cells whose run recorded outages in the samples, done with a note, instead of marking
   * them {@link SweepCell#OUTAGE} and running them again; a resumed sweep takes the outage cells it
   * finds as they are. Before {@link #run}.
   */
  public void keepOutages(boolean keep) {
    this.keepOutages = keep;
  }

  /** Stops the sweep: the running cell ends early (and stays pending), no other starts. */
  public void requestStop() {
    children.stop();
  }

  /**
   * Runs the cells that are not done.
   *
   * @param sweepFileName the name of the sweep file's copy in the bundle
   * @return 0 when every cell is done, 1 when one failed, {@link #INTERRUPTED} when stopped
   * @throws IOException when the bundle cannot be written or a preparation fails
   * @throws SQLException when a target cannot be reached or its settings not changed
   */
  public int run(String sweepFileName) throws IOException, SQLException, InterruptedException {
    BundleLock lock = BundleLock.acquire(bundle);
    try {
      return runLocked(sweepFileName);
    } finally {
      lock.close();
    }
  }

  private int runLocked(String sweepFileName)
      throws IOException, SQLException, InterruptedException {
    manifest = SweepState.open(file, bundle, sweepFileName, environment);
    manifest.write(bundle);
    Files.createDirectories(bundle.resolve("runs"));
    Files.createDirectories(bundle.resolve("logs"));
    List<SweepCell> cells = manifest.cells();
    long done = cells.stream().filter(SweepCell::done).count();
    out.printf(
        Locale.ROOT,
        "sweep: %d cells (%d done before), %d targets, bundle %s%n",
        cells.size(),
        done,
        file.targets().size(),
        bundle);
    out.flush();
    boolean failed = false;
    try {
      prepareData();
      int index = 0;
      for (SweepCell state : cells) {
        index++;
        if (state.done()) {
          continue;
        }
        if (children.stopping()) {
          break;
        }
        if (keepOutages && SweepCell.OUTAGE.equals(state.status())) {
          keepAsItIs(state, index, cells.size());
          continue;
        }
        failed |= !runCell(state, index, cells.size());
      }
    } finally {
      restoreSettings();
    }
    Map<String, Long> counts = manifest.counts();
    out.println("sweep: " + counts + " in " + bundle);
    if (children.stopping()) {
      out.println("sweep: interrupted; resume with: tpcc sweep FILE --bundle " + bundle);
    }
    out.flush();
    if (children.stopping()) {
      return INTERRUPTED;
    }
    boolean unusable =
        counts.getOrDefault(SweepCell.FAILED, 0L) + counts.getOrDefault(SweepCell.OUTAGE, 0L) > 0;
    return failed || unusable ? 1 : 0;
  }

  private void prepareData() throws IOException, InterruptedException {
    for (TargetInfo target : manifest.targets()) {
      for (Workload workload : file.workloads()) {
        if (!workload.prepare()
            || !target.target().prepare()
            || manifest.prepared(target.name(), workload.name())
            || children.stopping()) {
          continue;
        }
        out.println("sweep: preparing " + workload.name() + " on " + target.name());
        out.flush();
        Path log =
            bundle
                .resolve("logs")
                .resolve("prepare." + target.name() + "." + workload.name() + ".log");
        boolean replace = manifest.preparing(target.name(), workload.name());
        manifest.markPreparing(target.name(), workload.name());
        manifest.write(bundle);
        ChildRuns.Outcome outcome =
            children.run(CellCommands.prepare(target, workload, replace), log);
        if (children.stopping()) {
          return;
        }
        if (outcome.exitCode() != 0) {
          throw new IOException(
              "preparing "
                  + workload.name()
                  + " on target "
                  + target.name()
                  + " failed: "
                  + outcome.lastLine()
                  + " (see "
                  + log
                  + ")");
        }
        manifest.markPrepared(target.name(), workload.name());
        manifest.write(bundle);
      }
    }
  }

  /** An outage cell of an earlier try, kept in the samples as it ran: nothing runs again. */
  private void keepAsItIs(SweepCell state, int index, int total) throws IOException {
    Path results = bundle.resolve(state.dir());
    CellOutages outages = CellOutages.of(results);
    SweepCell.Run run = state.run();
    manifest.update(
        state.with(
            SweepCell.DONE,
            new SweepCell.Run(
                run.started(),
                run.ended(),
                outages.describe(true),
                run.elapsedSeconds(),
                run.sizesBefore(),
                run.sizesAfter())));
    manifest.write(bundle);
    out.printf(
        Locale.ROOT,
        "[%d/%d] %s: %s, %s%n",
        index,
        total,
        state.id(),
        tps(results),
        outages.describe(true));
    out.flush();
  }

  /** Runs one cell; false when it failed or had an outage it does not keep. */
  private boolean runCell(SweepCell cell, int index, int total)
      throws IOException, SQLException, InterruptedException {
    TargetInfo target = manifest.target(cell.target());
    Workload workload =
        file.workloads().stream()
            .filter(w -> w.name().equals(cell.workload()))
            .findFirst()
            .orElseThrow();
    applySettings(target, cell.settings());
    Path results = bundle.resolve(cell.dir());
    deleteRecursively(results); // what an interrupted or failed earlier try left
    Path log = bundle.resolve("logs").resolve(cell.id() + ".log");
    Files.deleteIfExists(log);
    String started = now();
    manifest.update(
        cell.with(SweepCell.PENDING, new SweepCell.Run(started, null, null, null, null, null)));
    Measured run = runChildren(target, workload, cell, results, log);
    ChildRuns.Outcome outcome = run.outcome();
    CellOutages outages =
        children.stopping() || outcome.exitCode() != 0 ? CellOutages.NONE : CellOutages.of(results);
    String status =
        children.stopping()
            ? SweepCell.PENDING
            : outcome.exitCode() != 0
                ? SweepCell.FAILED
                : outages.any() ? outages.status(keepOutages) : SweepCell.DONE;
    String error =
        children.stopping()
            ? "interrupted"
            : outcome.exitCode() != 0
                ? outcome.lastLine()
                : outages.any() ? outages.describe(keepOutages) : null;
    SweepCell state =
        cell.with(
            status,
            new SweepCell.Run(
                started, now(), error, run.elapsedSeconds(), run.before(), run.after()));
    manifest.update(state);
    manifest.write(bundle);
    String result =
        state.done()
            ? tps(results) + (outages.any() ? ", " + state.run().error() : "")
            : state.status()
                + ": "
                + state.run().error()
                + (outages.any() ? " (" + tps(results) + " not used)" : "");
    out.printf(Locale.ROOT, "[%d/%d] %s: %s%n", index, total, cell.id(), result);
    out.flush();
    return !SweepCell.FAILED.equals(state.status()) && !SweepCell.OUTAGE.equals(state.status());
  }

  /**
   * What a cell's children gave: the measured run's outcome, its wall-clock seconds, and the sizes
   * right before and after it (each null when not taken).
   */
  private record Measured(
      ChildRuns.Outcome outcome,
      Double elapsedSeconds,
      DatabaseSizes before,
      DatabaseSizes after) {}

  /**
   * The cell's warm-up (for {@code tpcb}), then its measured run between two readings of the sizes,
   * unless stopped in between.
   */
  private Measured runChildren(
      TargetInfo target, Workload workload, SweepCell cell, Path results, Path log)
      throws IOException, InterruptedException {
    List<String> warmup = CellCommands.warmup(target, workload, cell, file.warmupSeconds());
    if (warmup != null) {
      ChildRuns.Outcome outcome = children.run(warmup, log);
      if (outcome.exitCode() != 0 || children.stopping()) {
        return new Measured(outcome, null, null, null);
      }
    }
    DatabaseSizes before = sizes(target, workload, cell, "before");
    long start = System.nanoTime();
    ChildRuns.Outcome outcome =
        children.run(
            CellCommands.cell(
                target, workload, cell, file.length(workload), file.warmupSeconds(), results),
            log);
    double elapsed = (System.nanoTime() - start) / 1e9;
    DatabaseSizes after = children.stopping() ? null : sizes(target, workload, cell, "after");
    return new Measured(outcome, elapsed, before, after);
  }

  /**
   * The target's database and the workload's tables now; null, said in one line, when they cannot
   * be read (the cell still counts: its sizes are left out).
   */
  private DatabaseSizes sizes(TargetInfo target, Workload workload, SweepCell cell, String when) {
    try {
      return TargetServer.of(target.target(), environment).sizes(workload.kind());
    } catch (SQLException | RuntimeException e) {
      out.println(
          "sweep: " + cell.id() + ": sizes " + when + " the run not recorded: " + e.getMessage());
      out.flush();
      return null;
    }
  }

  private void applySettings(TargetInfo target, Map<String, String> settings)
      throws SQLException, IOException, InterruptedException {
    if (settings.isEmpty() || settings.equals(applied.get(target.name()))) {
      return;
    }
    // before ALTER SYSTEM: a failure in the middle must still be restored at the end
    manifest.settingsRestored(false);
    manifest.write(bundle);
    applied.remove(target.name());
    new ServerSettings(TargetServer.of(target.target(), environment)).apply(settings);
    applied.put(target.name(), settings);
  }

  /** Puts back every target's original settings; failures are reported, not thrown. */
  private void restoreSettings() throws IOException {
    if (file.settings().isEmpty() || manifest.settingsRestored()) {
      return; // nothing changed, or a stopped sweep's earlier run has put it back
    }
    boolean all = true;
    for (TargetInfo target : manifest.targets()) {
      try {
        String differs =
            new ServerSettings(TargetServer.of(target.target(), environment))
                .restore(target.originalSettings(), target.originalInForce());
        if (differs != null) {
          throw new IllegalStateException("read back: " + differs);
        }
      } catch (SQLException | IOException | RuntimeException e) {
        all = false;
        out.println(
            "sweep: could not restore the settings of target "
                + target.name()
                + ": "
                + e.getMessage()
                + "; they are in "
                + bundle.resolve(Manifest.FILE)
                + " (original_settings; null: RESET)");
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        all = false;
      }
    }
    manifest.settingsRestored(all);
    manifest.write(bundle);
    if (all) {
      out.println(
          "sweep: restored the original settings of " + manifest.targets().size() + " targets");
    }
  }

  private static String tps(Path results) {
    try {
      double tps = SavedSummary.read(results).totals().tps();
      return Double.isNaN(tps) ? "done" : String.format(Locale.ROOT, "%.1f tps", tps);
    } catch (IOException e) {
      return "done";
    }
  }

  static String now() {
    return Instant.now().truncatedTo(ChronoUnit.MILLIS).toString();
  }

  private static void deleteRecursively(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (var paths = Files.walk(root)) {
      for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }
}
