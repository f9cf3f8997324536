package org.tpccpg.driver.sweep;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.tpccpg.driver.results.SweepBundle;
import org.tpccpg.driver.results.SweepCell;
import org.tpccpg.driver.results.SweepManifest;
import org.tpccpg.driver.results.SweepManifestJson;

/**
 * A sweep's state as its bundle's {@code manifest.json} records it (the shared contract in
 * docs/sweep.md): what ran where, with which tool, on which machine and servers, and each cell's
 * status. Written whole after every cell, by {@link SweepManifestJson} from a snapshot of it.
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

  synchronized boolean settingsRestored() {
    return settingsRestored;
  }

  synchronized void settingsRestored(boolean restored) {
    settingsRestored = restored;
  }

  /** Writes {@code manifest.json} into the bundle (through a temporary file and a rename). */
  public synchronized void write(Path bundle) throws IOException {
    SweepManifestJson.write(bundle, snapshot());
  }

  /** The manifest's values as they are now. */
  private SweepManifest snapshot() {
    SweepManifest.Head head =
        new SweepManifest.Head(
            toolVersion,
            toolCommit,
            new SweepManifest.Host(host.name(), host.cpu(), host.cores(), host.kernel(), host.os()),
            created,
            sweepFile,
            seed,
            sweep.clients(),
            length(sweep.length()),
            sweep.warmupSeconds(),
            sweep.repeats(),
            sweep.settings());
    List<SweepManifest.Workload> described = new ArrayList<>();
    for (Workload w : workloads) {
      described.add(
          new SweepManifest.Workload(
              w.name(),
              w.kind(),
              w.options(),
              w.prepare(),
              w.length() == null ? null : length(w.length()),
              w.prepareOptions()));
    }
    return new SweepManifest(
        head,
        settingsRestored,
        targets.stream().map(Manifest::described).toList(),
        described,
        List.copyOf(prepared),
        List.copyOf(preparing),
        cells);
  }

  private static SweepManifest.Length length(CellLength length) {
    return new SweepManifest.Length(length.seconds(), length.eventsPerClient());
  }

  private static SweepManifest.Target described(TargetInfo t) {
    // also masks a manifest written before the masking, when a sweep resumes from it
    Map<String, String> shown = new LinkedHashMap<>();
    t.nonDefaultSettings().forEach((name, value) -> shown.put(name, SecretText.shown(name, value)));
    Target target = t.target();
    ConnectionString connection = target.connectionString();
    return new SweepManifest.Target(
        t.name(),
        t.serverVersion(),
        shown,
        t.host(),
        t.port(),
        target.dbname(),
        t.user(),
        connection == null ? null : connection.key(),
        connection == null ? null : connection.text(), // it cannot hold a password
        target.options(),
        target.prepare(),
        target.restartCommand(),
        t.originalSettings(),
        t.originalInForce());
  }

  /** The number of cells with each status, for messages. */
  synchronized Map<String, Long> counts() {
    Map<String, Long> counts = new java.util.TreeMap<>();
    cells.forEach(c -> counts.merge(c.status(), 1L, Long::sum));
    return counts;
  }
}
