package org.tpccpg.driver.sweep;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.tpccpg.driver.results.SweepCell;

/**
 * What {@code sweep --dry-run} prints: each target's data preparation, then the cells in the order
 * they would run, each with the {@code tpcc} command lines its child processes would get (the
 * warm-up, then the measured run). Targets are resolved as the sweep resolves them (their keys, the
 * {@code PG*} variables, the defaults) but nothing is connected to: no server version, setting or
 * size is read, and the password is in no line, as in the children's. Runs nothing.
 */
public final class DryRun {
  private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./:=@%+,-]+");

  private DryRun() {}

  /**
   * The lines.
   *
   * @param bundle where the results would go, as given or the default's name
   * @throws IllegalArgumentException naming the target and key for a connection value the sweep
   *     would refuse
   */
  public static List<String> lines(SweepFile file, Map<String, String> environment, Path bundle) {
    Map<String, TargetInfo> targets = new LinkedHashMap<>();
    for (Target target : file.targets()) {
      var settings = TargetServer.of(target, environment).settings();
      targets.put(
          target.name(),
          new TargetInfo(
              target,
              settings.hostList(),
              settings.port(),
              settings.user(),
              null,
              Map.of(),
              Map.of()));
    }
    Map<String, Workload> workloads = new LinkedHashMap<>();
    file.workloads().forEach(w -> workloads.put(w.name(), w));
    List<String> lines = new ArrayList<>();
    for (TargetInfo target : targets.values()) {
      for (Workload workload : file.workloads()) {
        if (workload.prepare() && target.target().prepare()) {
          lines.add("prepare " + workload.name() + " on " + target.name() + ":");
          lines.add("  " + command(CellCommands.prepare(target, workload, false)));
        }
      }
    }
    for (SweepCell cell : SweepPlan.cells(file, file.seed() == null ? 1 : file.seed())) {
      lines.add(cell.id() + (cell.settings().isEmpty() ? "" : " " + cell.settings()));
      TargetInfo target = targets.get(cell.target());
      Workload workload = workloads.get(cell.workload());
      List<String> warmup = CellCommands.warmup(target, workload, cell, file.warmupSeconds());
      if (warmup != null) {
        lines.add("  " + command(warmup));
      }
      Path results = bundle.resolve(cell.dir());
      lines.add(
          "  "
              + command(
                  CellCommands.cell(
                      target,
                      workload,
                      cell,
                      file.length(workload),
                      file.warmupSeconds(),
                      results)));
    }
    return lines;
  }

  /** A child's arguments as a shell line a user can paste: {@code tpcc} then each word, quoted. */
  static String command(List<String> args) {
    StringBuilder line = new StringBuilder("tpcc");
    for (String arg : args) {
      line.append(' ')
          .append(PLAIN.matcher(arg).matches() ? arg : "'" + arg.replace("'", "'\\''") + "'");
    }
    return line.toString();
  }
}
