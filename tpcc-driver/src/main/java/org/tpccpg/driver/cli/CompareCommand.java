package org.tpccpg.driver.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.tpccpg.driver.compare.BundleCells;
import org.tpccpg.driver.compare.CellSelector;
import org.tpccpg.driver.compare.Comparison;
import org.tpccpg.driver.compare.ComparisonJson;
import org.tpccpg.driver.compare.ComparisonTable;
import org.tpccpg.driver.compare.RunGroup;
import org.tpccpg.driver.results.SweepBundle;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code compare A B}: two runs, or two sets of repeats, metric by metric with significance. */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    description = {
      "Compares the results of runs: A (the baseline) against B. Each is a results directory"
          + " (--results) of one run, or a directory of such directories (repeats); or, with --a"
          + " and --b, the cells of one sweep bundle (or of two: A's, B's). For tps, p95,"
          + " p99 and each kind's p95: both medians, the change, its 95%% confidence interval and"
          + " a p-value (Welch's t over the runs, or over batch means of the intervals when a side"
          + " has one run); ~ marks a change not significant at 0.05 or smaller than"
          + " --min-change. Copies of a run (the same summary.json) count as one run; a run on"
          + " both sides is not tested. See docs/compare.md.",
      "Exit codes: 0 compared; 1 the results could not be read or compared; 2 bad options;"
          + " "
          + CompareCommand.WORSE_EXIT_CODE
          + " B is worse (see --fail-if-worse)."
    })
final class CompareCommand implements Callable<Integer> {
  static final int WORSE_EXIT_CODE = 3;

  @Spec private CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "A",
      description = "The baseline's results directory, or a sweep bundle.")
  private Path a;

  @Parameters(
      index = "1",
      arity = "0..1",
      paramLabel = "B",
      description =
          "The results directory to compare, or a second sweep bundle (B's cells come from A's"
              + " bundle when left out).")
  private Path b;

  @Option(
      names = "--a",
      paramLabel = "KEY=VALUE,...",
      description =
          "A's cells in a sweep bundle: target, workload, clients, repeat, settings.NAME; e.g."
              + " target=pg15,workload=tpcb-select,clients=8. The repeats are the samples.")
  private String selectA;

  @Option(
      names = "--b",
      paramLabel = "KEY=VALUE,...",
      description = "B's cells: A's selector with these pairs put over it, e.g. target=pg16.")
  private String selectB;

  @Option(
      names = "--fail-if-worse",
      paramLabel = "PCT",
      description =
          "Exit code 3 when B is significantly worse than A by more than PCT percent on tps or"
              + " p95 (for CI); one without enough independent samples to test is named on"
              + " standard error and cannot fail.")
  private Double failIfWorse;

  @Option(
      names = "--min-change",
      paramLabel = "PCT",
      description =
          "Call a significant change better or worse only from PCT percent of A on; a smaller"
              + " one is ~ (default: "
              + Comparison.DEFAULT_MIN_CHANGE_PERCENT
              + "; 0 shows every significant change).")
  private double minChange = Comparison.DEFAULT_MIN_CHANGE_PERCENT;

  @Option(
      names = "--each",
      paramLabel = "FIELD",
      description =
          "With --a and --b: one comparison per value of FIELD among A's cells (clients, target,"
              + " workload or settings.NAME), each printed in turn; e.g. --each=clients compares"
              + " two versions at every client count in one command. --fail-if-worse applies to"
              + " each.")
  private String each;

  @Option(names = "--json", description = "Print the comparison as JSON instead of a table.")
  private boolean json;

  /** One side: a run or its repeats, or a bundle's cells chosen by --a / --b. */
  private RunGroup side(String label, Path path, String inherited) throws IOException {
    return side(label, path, selectA, selectB, inherited);
  }

  private RunGroup side(String label, Path path, String selectA, String selectB, String inherited)
      throws IOException {
    if (selectA == null && selectB == null) {
      if (b == null) {
        throw new ParameterException(
            spec.commandLine(),
            "B is missing: give two results directories, or a sweep bundle with --a and --b");
      }
      if (SweepBundle.isBundle(path)) {
        throw new ParameterException(
            spec.commandLine(),
            path + " is a sweep bundle: choose its cells with --a and --b (see docs/compare.md)");
      }
      return RunGroup.read(label, path);
    }
    if (selectA == null || selectB == null) {
      throw new ParameterException(
          spec.commandLine(), "--a and --b go together: give both, or neither");
    }
    CellSelector selector;
    try {
      selector =
          inherited == null
              ? CellSelector.parse(selectA)
              : CellSelector.parse(inherited).with(CellSelector.parse(selectB));
    } catch (IllegalArgumentException e) {
      throw new ParameterException(
          spec.commandLine(),
          (inherited == null ? "--a=" + selectA : "--b=" + selectB) + ": " + e.getMessage());
    }
    return BundleCells.read(path).select(label, selector);
  }

  @Override
  public Integer call() throws Exception {
    if (failIfWorse != null && !(failIfWorse >= 0)) {
      throw new ParameterException(
          spec.commandLine(), "--fail-if-worse must be >= 0 but was " + failIfWorse);
    }
    if (!(minChange >= 0)) {
      throw new ParameterException(
          spec.commandLine(), "--min-change must be >= 0 but was " + minChange);
    }
    if (each != null) {
      return compareEach();
    }
    Comparison comparison =
        Comparison.of(side("A", a, null), side("B", b == null ? a : b, selectA), minChange);
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      out.println(ComparisonJson.render(comparison));
      out.flush();
    } else {
      ComparisonTable.write(comparison, out);
    }
    return gate(comparison);
  }

  /**
   * {@code --each=FIELD}: a comparison per value of FIELD among A's cells, FIELD=value added to
   * both selectors. A value B has no cell of is told on stderr and the others go on: exit 1 at the
   * end, unless B is worse somewhere (3).
   */
  private int compareEach() throws IOException {
    if (selectA == null || selectB == null) {
      throw new ParameterException(
          spec.commandLine(), "--each=" + each + " compares a sweep's cells: give --a and --b");
    }
    CellSelector selectorA = parsed("--a", selectA);
    requireEachField(selectorA, parsed("--b", selectB));
    List<String> values = BundleCells.read(a).values(selectorA, each);
    if (values.isEmpty()) {
      throw new IOException("A: no done cell of " + a + " matches " + selectorA);
    }
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    List<String> jsons = new java.util.ArrayList<>();
    int exit = 0;
    boolean first = true;
    for (String value : values) {
      String pair = "," + each + "=" + value;
      Comparison comparison;
      try {
        comparison =
            Comparison.of(
                side("A", a, selectA + pair, selectB + pair, null),
                side("B", b == null ? a : b, selectA + pair, selectB + pair, selectA + pair),
                minChange);
      } catch (IOException e) {
        err.println("tpcc compare: " + each + "=" + value + ": " + e.getMessage());
        err.flush();
        exit = Math.max(exit, 1);
        continue;
      }
      if (json) {
        jsons.add(ComparisonJson.render(comparison));
      } else {
        if (!first) {
          out.println(); // a blank line between the tables
        }
        first = false;
        ComparisonTable.write(comparison, out);
      }
      exit = Math.max(exit, gate(comparison));
    }
    if (json) {
      out.println("[" + String.join(",\n", jsons) + "]");
    }
    out.flush();
    return exit;
  }

  /** {@code --each}'s FIELD: a cell field other than the repeat, chosen by neither selector. */
  private void requireEachField(CellSelector selectorA, CellSelector selectorB) {
    try {
      CellSelector.parse(each + "=x"); // a cell field
    } catch (IllegalArgumentException e) {
      throw new ParameterException(
          spec.commandLine(),
          "--each=" + each + ": not a cell field (target, workload, clients, settings.NAME)");
    }
    if (each.equals("repeat")) {
      throw new ParameterException(
          spec.commandLine(), "--each=repeat: the repeats are each side's samples, not sides");
    }
    for (CellSelector chosen : List.of(selectorA, selectorB)) {
      if (chosen.pairs().containsKey(each)) {
        throw new ParameterException(
            spec.commandLine(),
            "--each="
                + each
                + ": "
                + (chosen == selectorA ? "--a" : "--b")
                + " chooses "
                + each
                + "="
                + chosen.pairs().get(each)
                + " already; leave it out");
      }
    }
  }

  private CellSelector parsed(String option, String text) {
    try {
      return CellSelector.parse(text);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), option + "=" + text + ": " + e.getMessage());
    }
  }

  /** {@code --fail-if-worse}: 3 when B is worse by more than it, each such metric named. */
  private int gate(Comparison comparison) {
    if (failIfWorse == null) {
      return 0;
    }
    PrintWriter err = spec.commandLine().getErr();
    List<Comparison.Row> worse = comparison.worseBy(failIfWorse);
    for (Comparison.Row row : worse) {
      err.printf(
          Locale.ROOT,
          "tpcc compare: B is significantly worse than A on %s: %+.1f%% (p = %.2g), more than"
              + " --fail-if-worse=%s%n",
          row.metric().name(),
          row.difference().changePercent(),
          row.difference().p(),
          ComparisonTable.plain(failIfWorse));
    }
    untested(comparison, err); // after the failures, which a CI log is read for first
    err.flush();
    return worse.isEmpty() ? 0 : WORSE_EXIT_CODE;
  }

  /**
   * A line per gated metric without a test: the gate cannot call it worse, and saying nothing would
   * pass a CI job that checked nothing (as copies of one run on both sides did once, #32).
   */
  private void untested(Comparison comparison, PrintWriter err) {
    for (Comparison.Row row : comparison.untested()) {
      err.printf(
          Locale.ROOT,
          "tpcc compare: not enough independent samples to test %s (n A/B = %d/%d):"
              + " --fail-if-worse=%s cannot fail on it%n",
          row.metric().name(),
          row.samplesA(),
          row.samplesB(),
          ComparisonTable.plain(failIfWorse));
    }
  }
}
