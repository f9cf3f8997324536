package org.tpccpg.driver.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.tpccpg.driver.results.ResultsFiles;

/**
 * One side of a comparison: a results directory of one run, or a directory whose subdirectories are
 * runs of the same cell (repeats), each with its {@code summary.json}.
 *
 * @param label {@code A} or {@code B}, for messages
 * @param path the directory given
 * @param runs its runs, in name order
 */
public record RunGroup(String label, Path path, List<ComparedRun> runs) {
  public RunGroup {
    runs = List.copyOf(runs);
  }

  /**
   * Reads the run or runs of a directory.
   *
   * @throws IOException in one line naming the path when it holds no run or a file is unreadable
   */
  public static RunGroup read(String label, Path path) throws IOException {
    if (!Files.isDirectory(path)) {
      throw new IOException(label + ": " + path + " is not a directory");
    }
    if (Files.isRegularFile(path.resolve(ResultsFiles.SUMMARY))) {
      return new RunGroup(label, path, List.of(ComparedRun.read(path)));
    }
    List<Path> directories;
    try (Stream<Path> children = Files.list(path)) {
      directories =
          children
              .filter(child -> Files.isRegularFile(child.resolve(ResultsFiles.SUMMARY)))
              .sorted()
              .toList();
    }
    if (directories.isEmpty() && Files.isRegularFile(path.resolve(ResultsFiles.INTERVALS))) {
      throw new IOException(
          label
              + ": "
              + path
              + " holds a run without a summary: "
              + ResultsFiles.INTERVALS
              + " but no "
              + ResultsFiles.SUMMARY
              + " (the run is still going, or it was killed or its machine went down); compare"
              + " needs a run's summary, 'tpcc report "
              + path
              + "' shows what it recorded");
    }
    if (directories.isEmpty()) {
      throw new IOException(
          label
              + ": "
              + path
              + " holds no results: no "
              + ResultsFiles.SUMMARY
              + " in it nor in a directory in it");
    }
    List<ComparedRun> runs = new ArrayList<>();
    for (Path directory : directories) {
      runs.add(ComparedRun.read(directory));
    }
    return new RunGroup(label, path, runs);
  }

  /**
   * The side with every copy of a run left out (the first in name order kept): copies are one run,
   * so one sample, not several that agree.
   */
  RunGroup distinct() {
    Map<String, ComparedRun> byIdentity = new LinkedHashMap<>();
    runs.forEach(run -> byIdentity.putIfAbsent(run.identity(), run));
    return new RunGroup(label, path, List.copyOf(byIdentity.values()));
  }

  /**
   * One line per run that is a copy of an earlier one of this side: {@code A: r2 is a copy of r1
   * (the same summary.json)}; empty when every run is distinct.
   */
  List<String> copies() {
    Map<String, ComparedRun> first = new LinkedHashMap<>();
    List<String> lines = new ArrayList<>();
    for (ComparedRun run : runs) {
      ComparedRun original = first.putIfAbsent(run.identity(), run);
      if (original != null) {
        lines.add(
            label
                + ": "
                + run.directory()
                + " is a copy of "
                + original.directory()
                + " (the same summary.json): counted once");
      }
    }
    return lines;
  }

  /** The whole-run values of a metric, one per run that has one. */
  double[] values(Metric metric) {
    return runs.stream()
        .mapToDouble(run -> run.values().getOrDefault(metric, Double.NaN))
        .filter(v -> !Double.isNaN(v))
        .toArray();
  }

  /**
   * The batch means of a metric's interval values, each run cut into its own batches (see {@link
   * BatchMeans}); empty when the runs have no intervals of it.
   */
  double[] batchMeans(Metric metric) {
    List<Double> means = new ArrayList<>();
    for (ComparedRun run : runs) {
      for (double mean : BatchMeans.of(run.series().getOrDefault(metric, List.of()))) {
        means.add(mean);
      }
    }
    return means.stream().mapToDouble(Double::doubleValue).toArray();
  }
}
