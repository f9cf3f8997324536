package org.tpccpg.driver.results;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;
import org.tpccpg.driver.check.ConsistencyProbe;
import org.tpccpg.driver.check.ProbeResult;
import org.tpccpg.driver.check.ProbeTotals;
import org.tpccpg.driver.durability.LedgerTotals;
import org.tpccpg.driver.metrics.DipCauses;
import org.tpccpg.driver.metrics.Interval;
import org.tpccpg.driver.metrics.RunResult;
import org.tpccpg.driver.metrics.Stability;
import org.tpccpg.driver.metrics.TerminalStates;
import org.tpccpg.driver.serverstats.HealthSample;
import org.tpccpg.driver.serverstats.HealthTotals;
import org.tpccpg.driver.serverstats.ServerInterval;
import org.tpccpg.driver.serverstats.ServerStatsSampler;
import org.tpccpg.driver.serverstats.ServerTimeline;
import org.tpccpg.driver.serverstats.ServerTotals;
import org.tpccpg.driver.verdict.RunVerdict;
import org.tpccpg.driver.verdict.VerdictThresholds;

/**
 * The results files of a run of any workload (see {@link ResultsFiles}): each interval appends a
 * line to {@code intervals.jsonl} before its report line is printed, and an interval histogram to
 * {@code <kind>.hlog}; at the end {@link #writeSummary} writes {@code summary.json}.
 */
public final class RunResults implements RunRecorder {
  public static final String INTERVALS = ResultsFiles.INTERVALS;
  public static final String SUMMARY = ResultsFiles.SUMMARY;

  private final SummaryDescription description;
  private final List<String> labels;
  private final double percentile;
  private final Clock clock;
  private final ResultsFiles files;
  private ServerStatsSampler serverStats; // null: no "server" figures
  private ServerTotals serverTotals; // null with serverStats
  private ServerTimeline serverTimeline; // null with serverStats
  private HealthTotals healthTotals; // null with serverStats
  private ConsistencyProbe probe; // null: no "consistency" (no --check-every)
  private final ProbeTotals probeTotals = new ProbeTotals();
  private VerdictThresholds verdictThresholds = VerdictThresholds.DEFAULTS;
  private Supplier<TerminalStates> terminals; // null: no "terminals" (not spec mode)
  private LedgerTotals durability; // null: no "durability" (no ledger)

  private RunResults(
      Path directory,
      SummaryDescription description,
      List<String> labels,
      double percentile,
      Clock clock,
      Consumer<String> firstFailure)
      throws IOException {
    this.description = description;
    this.labels = List.copyOf(labels);
    this.percentile = percentile;
    this.clock = clock;
    this.files =
        ResultsFiles.open(
            directory, description.workload(), this.labels, clock.instant(), firstFailure);
  }

  /**
   * Creates the interval files; the directory must exist (see {@link ResultsDirectory}).
   *
   * @param labels the labels of the run's kinds, in kind order
   * @param percentile sysbench's report percentile for the interval lines, 0 for none
   * @param firstFailure told at once of the first failed write (see {@link ResultsFiles#open})
   */
  public static RunResults open(
      Path directory,
      SummaryDescription description,
      List<String> labels,
      double percentile,
      Clock clock,
      Consumer<String> firstFailure)
      throws IOException {
    return new RunResults(directory, description, labels, percentile, clock, firstFailure);
  }

  /**
   * Adds the server's figures each interval from {@code sampler}, which these results start with
   * the reporter and stop at its end (or when closed). Before the run starts.
   */
  public void recordServerStats(ServerStatsSampler sampler) {
    this.serverStats = sampler;
    this.serverTotals = new ServerTotals();
    this.serverTimeline = new ServerTimeline();
    this.healthTotals = new HealthTotals();
  }

  /**
   * Adds the consistency probes' results to the intervals they finish in ({@code run
   * --check-every}); these results start the probe with the reporter and stop it at its end.
   */
  public void recordConsistency(ConsistencyProbe probe) {
    this.probe = probe;
  }

  @Override
  public void recordTerminals(Supplier<TerminalStates> states) {
    this.terminals = states;
  }

  @Override
  public void recordDurability(LedgerTotals durability) {
    this.durability = durability;
  }

  @Override
  public void started() {
    if (serverStats != null) {
      serverStats.start();
    }
    if (probe != null) {
      probe.start();
    }
  }

  @Override
  public void warmupEnded() {
    if (serverStats != null) {
      serverStats.restart();
      serverTotals.restart();
      serverTimeline.restart();
      healthTotals.restart();
    }
  }

  @Override
  public void stopped() {
    if (serverStats != null) {
      serverStats.stop();
    }
    if (probe != null) {
      probe.stop();
    }
  }

  @Override
  public void interval(Interval interval) {
    Map<String, Histogram> perLabel = new LinkedHashMap<>();
    for (int i = 0; i < labels.size(); i++) {
      perLabel.put(labels.get(i), interval.perKind().get(i));
    }
    // what the sampler's thread has read by now: the line never waits for the server
    ServerInterval server = serverStats == null ? null : serverStats.take();
    if (server != null) {
      serverTotals.add(server);
      serverTimeline.add(interval.elapsedSeconds(), interval.seconds(), server);
    }
    HealthSample health = serverStats == null ? null : serverStats.takeHealth();
    if (health != null) {
      healthTotals.add(interval.elapsedSeconds(), health);
    }
    List<ProbeResult> probes = probe == null ? List.of() : probe.take();
    probes.forEach(p -> probeTotals.add(interval.elapsedSeconds(), p));
    TerminalStates states = terminals == null ? null : terminals.get();
    files.appendInterval(
        IntervalJson.line(
            clock.instant(),
            interval,
            labels,
            percentile,
            new IntervalJson.Extras(server, health, probes, states)),
        perLabel);
  }

  /** Writes {@code summary.json} through a temporary file, so it is whole or absent. */
  @Override
  public void writeSummary(RunResult result) throws IOException {
    files.writeSummary(
        SummaryJson.render(
            description,
            files.started(),
            clock.instant(),
            result,
            new SummaryJson.Extras(
                serverTotals == null ? null : serverTotals.snapshot(),
                healthTotals == null ? null : healthTotals.snapshot(),
                probe == null ? null : probeTotals.snapshot(),
                durability,
                dipCauses(result.stability()),
                verdict(result))));
  }

  /** Judges the run against {@code thresholds} rather than the defaults; before the run ends. */
  public void judgeWith(VerdictThresholds thresholds) {
    this.verdictThresholds = thresholds;
  }

  @Override
  public RunVerdict verdict(RunResult result) {
    return RunVerdict.of(
        verdictThresholds,
        result.stability(),
        healthTotals == null ? null : healthTotals.snapshot(),
        probe == null ? null : probeTotals.snapshot(),
        durability);
  }

  @Override
  public boolean consistencyViolated() {
    return probeTotals.snapshot().violatedAny();
  }

  @Override
  public String closingLines(RunResult result, double measuredSeconds) {
    StringBuilder lines = new StringBuilder();
    if (serverTotals != null) {
      serverTotals.snapshot().line().ifPresent(l -> lines.append(l).append('\n'));
      healthTotals.snapshot().line().ifPresent(l -> lines.append(l).append('\n'));
    }
    if (probe != null) {
      probeTotals.snapshot().line().ifPresent(l -> lines.append(l).append('\n'));
    }
    if (measuredSeconds >= RunVerdict.TEXT_MIN_SECONDS) {
      lines.append(verdict(result).lines());
    }
    return lines.toString();
  }

  @Override
  public DipCauses dipCauses(Stability stability) {
    return serverTimeline == null ? DipCauses.NONE : serverTimeline.causes(stability);
  }

  /**
   * The run failed before recording anything (its clients could not connect): closes the files and
   * removes them while {@code intervals.jsonl} is still empty, so the directory can be used again.
   * What goes wrong doing so is added to {@code failure}.
   */
  public void discardIfEmpty(Exception failure) {
    stopped();
    try {
      files.closeAndDeleteIfEmpty();
    } catch (IOException e) {
      failure.addSuppressed(e);
    }
  }

  /** Closes every file; throws the first write failure, if there was one. */
  @Override
  public void close() throws IOException {
    stopped();
    files.close();
  }
}
