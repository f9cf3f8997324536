package org.tpccpg.driver.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.tpccpg.driver.merge.MergedFiles;
import org.tpccpg.driver.merge.ResultsMerge;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code merge DIR...}: the drivers of a scale-out run, one result. */
@Command(
    name = "merge",
    mixinStandardHelpOptions = true,
    description = {
      "Merges the results directories of several drivers of one scale-out run (tpcc run"
          + " --warehouses=FROM-TO --results=DIR on each) into one result: counts summed,"
          + " HdrHistogram logs added, intervals aligned by wall clock, tpmC over the window all"
          + " drivers ran in, and a line per driver. Results of other data sets, kinds or rules,"
          + " overlapping ranges, or windows that do not line up are refused. See"
          + " docs/scale-out.md."
    })
final class MergeCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Parameters(
      arity = "2..*",
      paramLabel = "DIR",
      description = "The drivers' results directories (--results of tpcc run).")
  private List<Path> directories;

  @Option(
      names = "--results",
      paramLabel = "DIR",
      description =
          "Write the merged result there as a run's results directory (summary.json,"
              + " intervals.jsonl, <type>.hlog), which tpcc compare reads.")
  private Path results;

  @Option(names = "--json", description = "Print the merged summary.json instead of the text.")
  private boolean json;

  @Override
  public Integer call() throws Exception {
    if (results != null && Files.exists(results) && !Files.isDirectory(results)) {
      // Checked before merging; the JDK's own message would be the bare path (#32).
      throw new ParameterException(
          spec.commandLine(), "--results=" + results + " is a file, not a directory");
    }
    ResultsMerge merge = ResultsMerge.of(directories);
    String summary = merge.summaryJson(results);
    if (results != null) {
      MergedFiles.write(merge, results, summary);
    }
    PrintWriter out = spec.commandLine().getOut();
    out.print(json ? summary + "\n" : merge.text());
    if (results != null && !json) {
      out.println("Merged result written to " + results);
    }
    out.flush();
    return 0;
  }
}
