package org.tpccpg.driver.htmlreport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.tpccpg.core.catalog.TpccVersion;
import org.tpccpg.driver.results.ResultsFiles;
import org.tpccpg.driver.results.SweepBundle;
import org.tpccpg.driver.results.SweepCell;

/**
 * {@code tpcc report}: sweep bundles and results directories turned into one self-contained HTML
 * page (see docs/report.md), and a bundle's tables as Markdown and CSV. A bundle shows its tables
 * and tps and p95 against clients per target; a results directory (or with {@code cellRuns} each
 * done cell of a bundle) shows its run's charts over time and latency distributions.
 */
public final class Report {
  private final List<SweepTable> tables = new ArrayList<>();
  private final HtmlPage page = new HtmlPage();
  private final String title;

  /** Where {@code bin/tpcc-soak} has its run record its results, in the soak's directory. */
  private static final String SOAK_RESULTS = "results";

  private Report(String title) {
    this.title = title;
  }

  /**
   * Reads every input: a directory with {@code manifest.json} is a bundle, one with {@code
   * summary.json} a run (or with {@code intervals.jsonl} only, a run without a summary), and a soak
   * directory of {@code bin/tpcc-soak} its run in {@code results/}.
   *
   * @param cellRuns whether each done cell of a bundle also gets its run's charts
   * @param warning told, in one line, of a done cell whose results cannot be read (it is shown as
   *     missing)
   * @throws IOException in one line naming the path when an input is neither or cannot be read
   */
  public static Report read(List<Path> inputs, boolean cellRuns, Consumer<String> warning)
      throws IOException {
    Report report =
        new Report(inputs.size() == 1 ? "tpcc report: " + inputs.get(0) : "tpcc report");
    report.page.heading(1, report.title);
    report.page.paragraph(
        "Made by tpcc "
            + TpccVersion.get()
            + " (commit "
            + TpccVersion.commit()
            + ") from "
            + inputs.size()
            + " input(s).",
        "meta");
    for (Path input : inputs) {
      if (SweepBundle.isBundle(input)) {
        report.bundle(input, cellRuns, warning);
      } else if (isRun(input)) {
        report.run(input.toString(), input);
      } else if (isRun(input.resolve(SOAK_RESULTS))) {
        // a bin/tpcc-soak directory: its run, with the check the soak ran after it
        report.run(input.toString(), input.resolve(SOAK_RESULTS), SoakCheck.facts(input));
      } else {
        throw new IOException(
            input
                + " is neither a sweep bundle (no "
                + SweepBundle.MANIFEST
                + ") nor a results directory (no "
                + ResultsFiles.SUMMARY
                + " or "
                + ResultsFiles.INTERVALS
                + ", in it or in the "
                + SOAK_RESULTS
                + "/ of a soak directory)");
      }
    }
    return report;
  }

  /** The sweep tables of every bundle read, in order. */
  public List<SweepTable> tables() {
    return List.copyOf(tables);
  }

  public String html() throws IOException {
    return page.render(title, ReportAssets.load());
  }

  private void bundle(Path directory, boolean cellRuns, Consumer<String> warning)
      throws IOException {
    SweepBundle bundle = SweepBundle.read(directory);
    Map<String, RunTotals> totals = new LinkedHashMap<>();
    for (SweepCell cell : bundle.cells()) {
      if (cell.done()) {
        try {
          totals.put(
              cell.id(), ofItsWorkload(bundle, cell, RunTotals.read(bundle.runDirectory(cell))));
        } catch (IOException e) {
          warning.accept("cell " + cell.id() + " is shown as missing: " + e.getMessage());
        }
      }
    }
    List<SweepTable> bundleTables = SweepTable.of(bundle, totals);
    tables.addAll(bundleTables);
    page.open("section", "sweep").heading(2, "Sweep " + directory);
    long done = bundle.cells().stream().filter(SweepCell::done).count();
    page.paragraph(
        done
            + " of "
            + bundle.cells().size()
            + " cells done; tps is the median over repeats,"
            + " (lowest–highest) when there are several; missing cells have no finished run."
            + " A sweep with several combinations of settings shows them side by side, a column"
            + " per target and combination."
            + " Below each table, per target and client count: the run's time, tps, latency,"
            + " and the database's size (pg_database_size) right before and after the run.",
        "meta");
    for (SweepTable table : SweepTable.settingsAsColumns(bundleTables)) {
      page.heading(3, TableText.title(table)).table(table).rows(table);
      page.charts(SweepCharts.of(table));
    }
    page.close("section");
    if (cellRuns) {
      for (SweepCell cell : bundle.cells()) {
        if (totals.containsKey(cell.id())) {
          run("cell " + cell.id(), bundle.runDirectory(cell));
        }
      }
    }
  }

  /**
   * A cell's figures when its run is of its workload's kind: a TPC-C run's results in a TPC-B cell
   * (a directory replaced by hand) would put its tps in the wrong table (#32).
   */
  private static RunTotals ofItsWorkload(SweepBundle bundle, SweepCell cell, RunTotals run)
      throws IOException {
    String kind = bundle.kind(cell.workload());
    if (kind != null && run.workload() != null && !kind.equals(run.workload())) {
      throw new IOException(
          bundle.runDirectory(cell).resolve(ResultsFiles.SUMMARY)
              + " is of a "
              + run.workload()
              + " run, but workload "
              + cell.workload()
              + " is "
              + kind);
    }
    return run;
  }

  /**
   * A results directory: of a run that ended ({@code summary.json}), or of one that has not (still
   * going, or killed, or its machine went down) but recorded intervals as it ran.
   */
  private static boolean isRun(Path directory) {
    return Files.isRegularFile(directory.resolve(ResultsFiles.SUMMARY))
        || Files.isRegularFile(directory.resolve(ResultsFiles.INTERVALS));
  }

  private void run(String heading, Path directory) throws IOException {
    run(heading, directory, Map.of());
  }

  /**
   * A run's section: its facts (and {@code more}, a soak's check) first, then its verdict, its
   * outages and dips, the server's settings and the run's options, then the charts.
   */
  private void run(String heading, Path directory, Map<String, String> more) throws IOException {
    RunView view = RunView.read(heading, directory, Downsampling.MAX_POINTS);
    Map<String, String> facts = new LinkedHashMap<>(more);
    facts.putAll(view.facts());
    page.open("section", "run").heading(2, "Run " + view.title()).facts(facts);
    if (!view.verdict().isEmpty()) {
      page.heading(3, "Verdict").facts(view.verdict());
    }
    if (!view.outages().isEmpty()) {
      page.heading(3, "Outages (shaded and numbered on the charts)");
      page.table(RunView.OUTAGE_HEADINGS, view.outages(), "outages");
    }
    if (!view.dips().isEmpty()) {
      page.heading(
          3, "Dips (shaded and numbered on the charts; causes from the server statistics)");
      page.table(RunView.DIP_HEADINGS, view.dips(), "dips");
    }
    if (!view.settings().isEmpty()) {
      page.heading(3, "Server settings").facts(view.settings());
    }
    if (!view.options().isEmpty()) {
      page.heading(3, "Run options").facts(view.options());
    }
    page.charts(view.charts()).close("section");
  }
}
