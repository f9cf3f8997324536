package org.tpccpg.driver.sweep;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.tpccpg.driver.results.SweepBundle;
import org.tpccpg.driver.results.SweepCell;

/**
 * A bundle's {@code manifest.json} (the shared contract in docs/sweep.md): what ran where, with
 * which tool, on which machine and servers, and each cell's status. Rewritten whole after every
 * cell through a temporary file and a rename, so that a reader (or a resumed sweep) never sees half
 * of one.
 */
public final class Manifest {
  public static final String FILE = SweepBundle.MANIFEST;

  final String toolVersion;
  final String toolCommit;
  final HostInfo host;
  final String created;
  final String sweepFile;
  final long seed;
  final List<Workload> workloads;
  final SweepFile sweep;
  private final List<TargetInfo> targets;
  private final List<SweepCell> cells;
  private final Set<String> prepared;
  private final Set<String> preparing;
  private boolean settingsRestored;

  Manifest(
      String toolVersion,
      String toolCommit,
      HostInfo host,
      String created,
      String sweepFile,
      long seed,
      List<TargetInfo> targets,
      SweepFile sweep,
      List<SweepCell> cells,
      Set<String> prepared,
      Set<String> preparing,
      boolean settingsRestored) {
    this.toolVersion = toolVersion;
    this.toolCommit = toolCommit;
    this.host = host;
    this.created = created;
    this.sweepFile = sweepFile;
    this.seed = seed;
    this.targets = new ArrayList<>(targets);
    this.sweep = sweep;
    this.workloads = sweep.workloads();
    this.cells = new ArrayList<>(cells);
    this.prepared = new LinkedHashSet<>(prepared);
    this.preparing = new LinkedHashSet<>(preparing);
    this.settingsRestored = settingsRestored;
  }

  public synchronized List<TargetInfo> targets() {
    return List.copyOf(targets);
  }

  public synchronized List<SweepCell> cells() {
    return List.copyOf(cells);
  }

  synchronized TargetInfo target(String name) {
    return targets.stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
  }

  synchronized void update(SweepCell state) {
    cells.replaceAll(c -> c.id().equals(state.id()) ? state : c);
  }

  /** Whether the data of a workload was prepared on a target (key {@code target/workload}). */
  synchronized boolean prepared(String target, String workload) {
    return prepared.contains(target + "/" + workload);
  }

  synchronized void markPrepared(String target, String workload) {
    preparing.remove(target + "/" + workload);
    prepared.add(target + "/" + workload);
  }

  /**
   * Whether a preparation of this data began and did not finish (stopped, or failed): its partial
   * data set is ours to replace.
   */
  synchronized boolean preparing(String target, String workload) {
    return preparing.contains(target + "/" + workload);
  }

  synchronized void markPreparing(String target, String workload) {
    preparing.add(target + "/" + workload);
  }

  synchronized List<String> preparedKeys() {
    return List.copyOf(prepared); // in the order they were prepared
  }

  synchronized List<String> preparingKeys() {
    return List.copyOf(preparing);
  }

  synchronized boolean settingsRestored() {
    return settingsRestored;
  }

  synchronized void settingsRestored(boolean restored) {
    settingsRestored = restored;
  }

  /** Writes {@code manifest.json} into the bundle through a temporary file and an atomic rename. */
  public synchronized void write(Path bundle) throws IOException {
    Path temporary = bundle.resolve(FILE + ".tmp");
    Files.writeString(temporary, ManifestJson.render(this) + "\n", StandardCharsets.UTF_8);
    Files.move(
        temporary,
        bundle.resolve(FILE),
        StandardCopyOption.ATOMIC_MOVE,
        StandardCopyOption.REPLACE_EXISTING);
  }

  /** The number of cells with each status, for messages. */
  synchronized Map<String, Long> counts() {
    Map<String, Long> counts = new java.util.TreeMap<>();
    cells.forEach(c -> counts.merge(c.status(), 1L, Long::sum));
    return counts;
  }
}
