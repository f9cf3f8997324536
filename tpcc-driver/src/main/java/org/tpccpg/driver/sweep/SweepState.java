package org.tpccpg.driver.sweep;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import org.tpccpg.core.catalog.TpccVersion;
import org.tpccpg.driver.results.SweepBundle;
import org.tpccpg.driver.results.SweepCell;

/**
 * A sweep's manifest at its start: new, from the targets' servers; or, when the bundle holds one,
 * resumed from it, keeping its seed, its record of the servers and of the settings before the sweep
 * (a sweep that was killed outright may have left its own settings in place), and its cells'
 * states.
 */
final class SweepState {
  private SweepState() {}

  static Manifest open(
      SweepFile file, Path bundle, String sweepFileName, Map<String, String> environment)
      throws IOException, SQLException {
    SweepBundle read = SweepBundle.isBundle(bundle) ? SweepBundle.read(bundle) : null;
    SweepBundle.Saved saved = read == null ? null : read.sweep();
    if (saved != null && saved.seed() == null) {
      throw new IOException(
          bundle.resolve(Manifest.FILE) + ": seed is not a number: not a sweep manifest to resume");
    }
    long seed =
        saved != null
            ? saved.seed()
            : file.seed() != null ? file.seed() : ThreadLocalRandom.current().nextLong(1, 1L << 31);
    List<TargetInfo> targets = new ArrayList<>();
    for (Target target : file.targets()) {
      targets.add(target(target, file, saved, environment));
    }
    List<SweepCell> cells = new ArrayList<>();
    Map<String, SweepCell> savedCells = new HashMap<>();
    if (read != null) {
      read.cells().forEach(cell -> savedCells.put(cell.id(), cell));
    }
    for (SweepCell cell : SweepPlan.cells(file, seed)) {
      cells.add(savedState(cell, savedCells.get(cell.id())));
    }
    boolean restored = saved == null || file.settings().isEmpty() || saved.settingsRestored();
    return new Manifest(
        TpccVersion.get(),
        TpccVersion.commit(),
        HostInfo.current(),
        saved != null ? saved.created() : Sweep.now(),
        sweepFileName,
        seed,
        targets,
        file,
        cells,
        saved != null ? new LinkedHashSet<>(saved.prepared()) : Set.of(),
        saved != null ? new LinkedHashSet<>(saved.preparing()) : Set.of(),
        restored);
  }

  private static TargetInfo target(
      Target target, SweepFile file, SweepBundle.Saved saved, Map<String, String> environment)
      throws SQLException {
    TargetServer server;
    try {
      server = TargetServer.of(target, environment);
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException("[target " + target.name() + "] " + e.getMessage(), e);
    }
    TargetInfo fresh;
    try {
      fresh = server.describe();
    } catch (SQLException e) {
      throw new SQLException(
          "target " + target.name() + " (" + server.settings().target() + "): " + e.getMessage(),
          e.getSQLState(),
          e);
    }
    SweepBundle.TargetSettings old =
        saved == null ? null : saved.targetSettings().get(target.name());
    Map<String, String> nonDefault = old != null ? old.nonDefault() : fresh.nonDefaultSettings();
    Map<String, String> originals = Map.of();
    Map<String, String> inForce = Map.of();
    if (!file.settings().isEmpty()) {
      Map<String, String> checked = server.originals(file.settings().keySet());
      checkValues(target, server, file);
      Map<String, String> kept = old == null ? Map.of() : old.originals();
      // a sweep killed outright may have left its own values: the saved ones are the originals
      boolean resumed = kept.keySet().containsAll(file.settings().keySet());
      originals = resumed ? kept : checked;
      inForce =
          resumed ? old.originalsInForce() : settings(server.inForce(file.settings().keySet()));
    }
    return new TargetInfo(
        target,
        fresh.host(),
        fresh.port(),
        fresh.user(),
        fresh.serverVersion(),
        nonDefault,
        originals,
        inForce);
  }

  /**
   * Checks every value of the settings dimension against the target's {@code pg_settings} (a dry
   * parse, {@link SettingValue}: nothing changes on the server) before any cell runs.
   *
   * @throws IllegalStateException naming the setting, the value, what it should be and the target
   */
  private static void checkValues(Target target, TargetServer server, SweepFile file)
      throws SQLException {
    Map<String, SettingSpec> specs = server.specs(file.settings().keySet());
    for (Map.Entry<String, List<String>> setting : file.settings().entrySet()) {
      for (String value : setting.getValue()) {
        String problem = SettingValue.problem(specs.get(setting.getKey()), value);
        if (problem != null) {
          throw new IllegalStateException(
              "[settings] "
                  + setting.getKey()
                  + " = "
                  + value
                  + ": "
                  + problem
                  + " (pg_settings of target "
                  + target.name()
                  + "); no cell ran");
        }
      }
    }
  }

  private static Map<String, String> settings(Map<String, TargetServer.InForce> inForce) {
    Map<String, String> settings = new java.util.LinkedHashMap<>();
    inForce.forEach((name, value) -> settings.put(name, value.setting()));
    return settings;
  }

  /** A cell's state as the manifest saved it if it ran to its end; else pending, to run again. */
  private static SweepCell savedState(SweepCell cell, SweepCell saved) {
    String status = saved == null ? null : saved.status();
    if (!SweepCell.DONE.equals(status) && !SweepCell.OUTAGE.equals(status)) {
      return cell;
    }
    return cell.with(status, saved.run());
  }
}
