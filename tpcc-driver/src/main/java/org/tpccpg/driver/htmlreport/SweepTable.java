package org.tpccpg.driver.htmlreport;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.tpccpg.driver.results.SweepBundle;
import org.tpccpg.driver.results.SweepCell;

/**
 * One table of a sweep in the shape people type by hand: one workload and one combination of
 * settings; a row per client count, a column per target; each cell the spread of its repeats' tps
 * (and p95); and per target and client count a {@link SweepRow} of the published version tables'
 * figures (time, tps, latency, sizes before and after the run, growth). Cells without a finished
 * repeat are missing, not zero.
 *
 * @param workload the workload's name
 * @param kind the workload's kind, {@code tpcb} or {@code tpcc}; null when the manifest names none
 * @param settings the combination of settings, name to value; empty without a settings dimension;
 *     for a table of combinations side by side, the settings whose value they share
 * @param clients the rows' client counts, ascending
 * @param targets the columns' targets, in manifest order
 * @param tps per {@link #key} the spread of the repeats' tps
 * @param p95Ms per {@link #key} the spread of the repeats' p95 in milliseconds
 * @param rows per {@link #key} all the figures of the repeats
 * @param settingColumns the settings that vary across the columns of a table that shows every
 *     combination side by side ({@link #settingsAsColumns}), whose columns are then target and
 *     combination; empty for a table of one combination
 */
public record SweepTable(
    String workload,
    String kind,
    Map<String, String> settings,
    List<Integer> clients,
    List<String> targets,
    Map<String, Spread> tps,
    Map<String, Spread> p95Ms,
    Map<String, SweepRow> rows,
    List<String> settingColumns) {
  public SweepTable {
    settingColumns = List.copyOf(settingColumns);
    settings = Map.copyOf(settings);
    clients = List.copyOf(clients);
    targets = List.copyOf(targets);
    tps = Map.copyOf(tps);
    p95Ms = Map.copyOf(p95Ms);
    rows = Map.copyOf(rows);
  }

  /** Whether the workload is TPC-B, whose runs have pgbench's connection time. */
  public boolean tpcb() {
    return "tpcb".equals(kind);
  }

  /** Whether the workload is TPC-C, whose runs have a tpmC. */
  public boolean tpcc() {
    return "tpcc".equals(kind);
  }

  /** The spread of tps in a row and column. */
  public Spread tps(int clients, String target) {
    return tps.get(key(clients, target));
  }

  public Spread p95Ms(int clients, String target) {
    return p95Ms.get(key(clients, target));
  }

  /** Every figure of a target and client count. */
  public SweepRow row(int clients, String target) {
    return rows.get(key(clients, target));
  }

  /** The settings as {@code name=value, ...}, or the empty string. */
  public String settingsText() {
    return text(settings);
  }

  private static String text(Map<String, String> settings) {
    List<String> parts = new ArrayList<>();
    new TreeMap<>(settings).forEach((k, v) -> parts.add(k + "=" + v));
    return String.join(", ", parts);
  }

  static String key(int clients, String target) {
    return clients + "\u0000" + target;
  }

  /**
   * The tables of a bundle: one per workload (manifest order) and combination of settings (in the
   * order cells list them).
   *
   * @param totals per cell id the figures of each done cell whose results could be read
   */
  public static List<SweepTable> of(SweepBundle bundle, Map<String, RunTotals> totals) {
    Map<String, List<SweepCell>> groups = new LinkedHashMap<>();
    for (String workload : bundle.workloads()) {
      for (SweepCell cell : bundle.cells()) {
        if (cell.workload().equals(workload)) {
          groups
              .computeIfAbsent(
                  workload + "\u0000" + new TreeMap<>(cell.settings()), k -> new ArrayList<>())
              .add(cell);
        }
      }
    }
    List<SweepTable> tables = new ArrayList<>();
    for (List<SweepCell> cells : groups.values()) {
      tables.add(table(bundle.targets(), bundle.kind(cells.get(0).workload()), cells, totals));
    }
    return tables;
  }

  private static SweepTable table(
      List<String> targets, String kind, List<SweepCell> cells, Map<String, RunTotals> totals) {
    TreeSet<Integer> clients = new TreeSet<>();
    cells.forEach(cell -> clients.add(cell.clients()));
    Map<String, Spread> tps = new LinkedHashMap<>();
    Map<String, Spread> p95 = new LinkedHashMap<>();
    Map<String, SweepRow> rows = new LinkedHashMap<>();
    for (int c : clients) {
      for (String target : targets) {
        List<SweepCell> repeats =
            cells.stream().filter(x -> x.clients() == c && x.target().equals(target)).toList();
        SweepRow row = row(repeats, totals);
        tps.put(key(c, target), row.tps());
        p95.put(key(c, target), row.p95Ms());
        rows.put(key(c, target), row);
      }
    }
    SweepCell first = cells.get(0);
    return new SweepTable(
        first.workload(),
        kind,
        first.settings(),
        new ArrayList<>(clients),
        targets,
        tps,
        p95,
        rows,
        List.of());
  }

  /**
   * The tables as people compare settings: a workload's combinations of settings side by side in
   * one table, a column per target and combination (each target's combinations next to each other),
   * instead of a table of one column per combination; a workload with one combination keeps its
   * table.
   */
  public static List<SweepTable> settingsAsColumns(List<SweepTable> tables) {
    Map<String, List<SweepTable>> byWorkload = new LinkedHashMap<>();
    tables.forEach(t -> byWorkload.computeIfAbsent(t.workload(), k -> new ArrayList<>()).add(t));
    List<SweepTable> shown = new ArrayList<>();
    for (List<SweepTable> combinations : byWorkload.values()) {
      shown.add(combinations.size() == 1 ? combinations.get(0) : sideBySide(combinations));
    }
    return shown;
  }

  private static SweepTable sideBySide(List<SweepTable> combinations) {
    SweepTable first = combinations.get(0);
    TreeSet<Integer> clients = new TreeSet<>();
    combinations.forEach(t -> clients.addAll(t.clients()));
    // a setting with one value in every combination names the table, not each column
    Map<String, String> common = new TreeMap<>(first.settings());
    combinations.forEach(
        t -> common.entrySet().removeIf(e -> !e.getValue().equals(t.settings().get(e.getKey()))));
    TreeSet<String> varied = new TreeSet<>();
    combinations.forEach(t -> varied.addAll(t.settings().keySet()));
    varied.removeAll(common.keySet());
    List<String> columns = new ArrayList<>();
    Map<String, Spread> tps = new LinkedHashMap<>();
    Map<String, Spread> p95 = new LinkedHashMap<>();
    Map<String, SweepRow> rows = new LinkedHashMap<>();
    for (String target : first.targets()) {
      for (SweepTable combination : combinations) {
        Map<String, String> own = new TreeMap<>(combination.settings());
        own.keySet().retainAll(varied);
        String column = target + " (" + text(own) + ")";
        columns.add(column);
        for (int c : clients) {
          SweepRow row = combination.row(c, target);
          if (row == null) {
            row = row(List.of(), Map.of()); // a client count this combination did not plan
          }
          tps.put(key(c, column), row.tps());
          p95.put(key(c, column), row.p95Ms());
          rows.put(key(c, column), row);
        }
      }
    }
    return new SweepTable(
        first.workload(),
        first.kind(),
        common,
        new ArrayList<>(clients),
        columns,
        tps,
        p95,
        rows,
        new ArrayList<>(varied));
  }

  private static SweepRow row(List<SweepCell> repeats, Map<String, RunTotals> totals) {
    return new SweepRow(
        spread(repeats, totals, (cell, run) -> run.elapsedS()),
        spread(repeats, totals, (cell, run) -> run.tps()),
        spread(repeats, totals, (cell, run) -> run.tpmC()),
        spread(repeats, totals, (cell, run) -> run.avgMs()),
        spread(repeats, totals, (cell, run) -> run.p95Ms()),
        spread(repeats, totals, (cell, run) -> cell.bytesBefore()),
        spread(repeats, totals, (cell, run) -> cell.bytesAfter()),
        spread(repeats, totals, (cell, run) -> cell.bytesAfter() - cell.bytesBefore()),
        spread(repeats, totals, (cell, run) -> run.checkpoints()),
        spread(repeats, totals, (cell, run) -> run.walBytes()),
        spread(repeats, totals, (cell, run) -> run.connectionMs()));
  }

  /** One figure of a cell's finished repeats, from the manifest's cell and its run's summary. */
  private interface Figure {
    double of(SweepCell cell, RunTotals run);
  }

  private static Spread spread(
      List<SweepCell> repeats, Map<String, RunTotals> totals, Figure figure) {
    double[] values =
        repeats.stream()
            .filter(cell -> cell.done() && totals.get(cell.id()) != null)
            .mapToDouble(cell -> figure.of(cell, totals.get(cell.id())))
            .toArray();
    return Spread.of(values, repeats.size());
  }
}
