package org.tpccpg.driver.tpcb;

import java.util.List;
import java.util.Objects;
import org.tpccpg.driver.connect.StatementMode;
import org.tpccpg.driver.tpcb.script.Variables;

/**
 * A pgbench-style run, validated at construction.
 *
 * @param scripts the builtin and custom scripts and their weights, at least one, total weight above
 *     0
 * @param clients {@code -c}, at least 1
 * @param threads {@code -j} as reported: at least 1 and at most {@code clients}
 * @param durationSeconds {@code -T}, or 0 to run {@code transactionsPerClient} instead
 * @param transactionsPerClient {@code -t}; ignored when {@code durationSeconds > 0}
 * @param statementMode {@code -M}
 * @param connectPerTransaction {@code -C}
 * @param progressSeconds {@code -P}, 0 for no progress lines
 * @param reportPerCommand {@code -r}
 * @param seed the random seed of the run; client {@code i} derives its own from it
 * @param vacuum what to vacuum before the run ({@code -n}, {@code -v})
 * @param limits {@code --max-tries}, {@code -R}, {@code -L} and what a lost connection does
 * @param log {@code -l}, {@code --aggregate-interval}, {@code --sampling-rate}, {@code
 *     --log-prefix}
 * @param defines the {@code -D name=value} texts, in order (a later one wins)
 * @param scale {@code -s}, the {@code :scale} of a run without builtin scripts; 0 when not given
 *     (pgbench's 1)
 * @param messages {@code --progress-timestamp}, {@code --verbose-errors}, {@code -d}
 */
public record TpcbRunConfig(
    List<WeightedScript> scripts,
    int clients,
    int threads,
    int durationSeconds,
    long transactionsPerClient,
    StatementMode statementMode,
    boolean connectPerTransaction,
    int progressSeconds,
    boolean reportPerCommand,
    long seed,
    VacuumMode vacuum,
    RunLimits limits,
    TxnLogOptions log,
    List<String> defines,
    int scale,
    TpcbMessages messages) {
  /** Without {@code -D}, {@code -s} and the extra messages. */
  public TpcbRunConfig(
      List<WeightedScript> scripts,
      int clients,
      int threads,
      int durationSeconds,
      long transactionsPerClient,
      StatementMode statementMode,
      boolean connectPerTransaction,
      int progressSeconds,
      boolean reportPerCommand,
      long seed,
      VacuumMode vacuum,
      RunLimits limits,
      TxnLogOptions log) {
    this(
        scripts,
        clients,
        threads,
        durationSeconds,
        transactionsPerClient,
        statementMode,
        connectPerTransaction,
        progressSeconds,
        reportPerCommand,
        seed,
        vacuum,
        limits,
        log,
        List.of(),
        0,
        TpcbMessages.NONE);
  }

  public TpcbRunConfig {
    defines = List.copyOf(defines);
    Variables checked = new Variables();
    defines.forEach(checked::define);
    if (scale < 0) {
      throw new IllegalArgumentException("scale must be >= 0 but was " + scale);
    }
    scripts = List.copyOf(scripts);
    Objects.requireNonNull(statementMode, "statementMode");
    Objects.requireNonNull(vacuum, "vacuum");
    Objects.requireNonNull(limits, "limits");
    Objects.requireNonNull(log, "log");
    Objects.requireNonNull(messages, "messages");
    if (scripts.isEmpty()) {
      throw new IllegalArgumentException("scripts must not be empty");
    }
    if (scripts.stream().mapToLong(WeightedScript::weight).sum() == 0) {
      throw new IllegalArgumentException("total script weight must not be zero");
    }
    positive("clients", clients);
    positive("threads", threads);
    if (threads > clients) {
      throw new IllegalArgumentException(
          "threads must be <= clients (" + clients + ") but was " + threads);
    }
    if (durationSeconds < 0) {
      throw new IllegalArgumentException("durationSeconds must be >= 0 but was " + durationSeconds);
    }
    if (durationSeconds == 0 && transactionsPerClient < 1) {
      throw new IllegalArgumentException(
          "transactionsPerClient must be >= 1 but was " + transactionsPerClient);
    }
    if (progressSeconds < 0) {
      throw new IllegalArgumentException("progressSeconds must be >= 0 but was " + progressSeconds);
    }
    if (limits.maxTries() == 0 && durationSeconds == 0 && !limits.latencyLimited()) {
      throw new IllegalArgumentException(
          "an unlimited number of transaction tries can only be used with --latency-limit or a"
              + " duration (-T)");
    }
  }

  private static void positive(String name, int value) {
    if (value < 1) {
      throw new IllegalArgumentException(name + " must be >= 1 but was " + value);
    }
  }

  /**
   * The {@code -j} thread pgbench runs client {@code client} on: it deals the clients out in order,
   * the first {@code clients % threads} threads taking one more than the others.
   */
  public int threadOf(int client) {
    int fewer = clients / threads;
    int withMore = clients % threads;
    int dealtToThoseWithMore = withMore * (fewer + 1);
    return client < dealtToThoseWithMore
        ? client / (fewer + 1)
        : withMore + (client - dealtToThoseWithMore) / fewer;
  }

  /** Whether the run is timed ({@code -T}) rather than counted ({@code -t}). */
  public boolean timed() {
    return durationSeconds > 0;
  }

  /** Whether per-transaction latencies are reported with a standard deviation (pgbench's rule). */
  public boolean latencyMeasured() {
    return progressSeconds > 0 || limits.throttled() || limits.latencyLimited();
  }

  /** Whether any script is a builtin, which reads the scale from pgbench_branches. */
  public boolean anyBuiltin() {
    return scripts.stream().anyMatch(WeightedScript::builtin);
  }

  /** The -D variables, as each client starts with them. */
  public Variables definedVariables() {
    Variables variables = new Variables();
    defines.forEach(variables::define);
    return variables;
  }

  /** The largest number of commands of any script. */
  int maxCommands() {
    return scripts.stream().mapToInt(s -> s.commandLines().size()).max().orElse(0);
  }
}
