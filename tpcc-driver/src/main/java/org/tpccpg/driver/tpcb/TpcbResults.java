package org.tpccpg.driver.tpcb;

import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;
import org.tpccpg.driver.results.ResultsFiles;
import org.tpccpg.driver.results.ServerInfo;

/**
 * The results files of a TPC-B run: {@code intervals.jsonl} and one {@code <script>.hlog} per
 * script, appended every interval before its progress line is printed, and {@code summary.json} at
 * the end. Owns the per-script latency recorders the clients feed.
 */
final class TpcbResults implements AutoCloseable {
  private final TpcbRecording recording;
  private final ServerInfo server;
  private final Clock clock;
  private final List<String> labels;
  private final ScriptLatencies latencies;
  private final ResultsFiles files;

  private TpcbResults(
      TpcbRecording recording,
      ServerInfo server,
      TpcbRunConfig config,
      Clock clock,
      Consumer<String> firstFailure)
      throws IOException {
    this.recording = recording;
    this.server = server;
    this.clock = clock;
    this.labels = TpcbResultsJson.scriptLabels(config.scripts());
    this.latencies = new ScriptLatencies(config.scripts().size());
    this.files =
        ResultsFiles.open(recording.directory(), "tpcb", labels, clock.instant(), firstFailure);
  }

  /**
   * Creates the interval files in the recording's directory.
   *
   * @param firstFailure told at once of the first failed write (see {@link ResultsFiles#open})
   */
  static TpcbResults open(
      TpcbRecording recording,
      ServerInfo server,
      TpcbRunConfig config,
      Clock clock,
      Consumer<String> firstFailure)
      throws IOException {
    return new TpcbResults(recording, server, config, clock, firstFailure);
  }

  /** The recorders the clients record each successful transaction's latency into. */
  ScriptLatencies latencies() {
    return latencies;
  }

  Clock clock() {
    return clock;
  }

  /** Appends one interval; {@code figures.perScript()} comes from {@link #latencies()}. */
  void interval(IntervalFigures figures) {
    Map<String, Histogram> perLabel = new LinkedHashMap<>();
    for (int i = 0; i < figures.perScript().size(); i++) {
      perLabel.put(labels.get(i), figures.perScript().get(i));
    }
    files.appendInterval(TpcbResultsJson.interval(figures, labels), perLabel);
  }

  /**
   * Writes {@code summary.json}, whole or not at all. Call after the last interval was recorded
   * (the clients and the reporter have ended): what they recorded since is added to the per-script
   * latencies first.
   */
  void writeSummary(TpcbResult result, boolean stoppedEarly, boolean aborted) throws IOException {
    latencies.sampleInterval();
    List<Histogram> perScript = new ArrayList<>();
    for (int i = 0; i < labels.size(); i++) {
      perScript.add(latencies.cumulative(i));
    }
    TpcbResultsJson.Ending ending =
        new TpcbResultsJson.Ending(files.started(), clock.instant(), stoppedEarly, aborted);
    files.writeSummary(TpcbResultsJson.summary(result, ending, recording, server, perScript));
  }

  /**
   * The run failed before recording anything (its clients could not connect): closes the files and
   * removes them while {@code intervals.jsonl} is still empty, so the directory can be used again.
   * What goes wrong doing so is added to {@code failure}.
   */
  void discardIfEmpty(Exception failure) {
    try {
      files.closeAndDeleteIfEmpty();
    } catch (IOException e) {
      failure.addSuppressed(e);
    }
  }

  /** Closes the files; throws the first write failure, if there was one. */
  @Override
  public void close() throws IOException {
    files.close();
  }
}
