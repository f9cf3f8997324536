package org.tpccpg.driver.compare;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The server's checkpoints and WAL during a run, from its {@code summary.json}'s {@code
 * server_activity} (NaN where the run recorded none or the server could not say), and the note
 * {@code compare} adds with them. They are context, not a metric: counted once per run, a handful
 * of checkpoints are no sample to test, but they often are why B differs from A (a tuning
 * write-up's lesson was "1 requested checkpoint at 96MB against 0 at 2GB").
 *
 * @param checkpoints checkpoints completed during the run
 * @param checkpointsRequested of those, requested (a full WAL, CHECKPOINT)
 * @param walBytes WAL written during the run
 */
record ServerActivity(double checkpoints, double checkpointsRequested, double walBytes) {
  static final ServerActivity NONE = new ServerActivity(Double.NaN, Double.NaN, Double.NaN);

  private static final double MB = 1024.0 * 1024.0;

  /** From a summary's {@code server_activity}, {@link #NONE} without it. */
  static ServerActivity of(Map<String, Object> summary) {
    if (!(summary.get("server_activity") instanceof Map<?, ?> activity)) {
      return NONE;
    }
    return new ServerActivity(
        number(activity.get("checkpoints")),
        number(activity.get("checkpoints_requested")),
        number(activity.get("wal_bytes")));
  }

  /**
   * {@code server during the runs (median per run): A 1 checkpoint (1 requested), 96.0 MB of WAL; B
   * 0 checkpoints (0 requested), 95.2 MB of WAL}; empty when neither side recorded any.
   */
  static Optional<String> note(RunGroup a, RunGroup b) {
    List<ServerActivity> sideA = a.runs().stream().map(ComparedRun::activity).toList();
    List<ServerActivity> sideB = b.runs().stream().map(ComparedRun::activity).toList();
    if (sideA.stream().allMatch(NONE::equals) && sideB.stream().allMatch(NONE::equals)) {
      return Optional.empty();
    }
    return Optional.of(
        "server during the runs (median per run): A " + side(sideA) + "; B " + side(sideB));
  }

  private static String side(List<ServerActivity> runs) {
    double checkpoints = median(runs.stream().mapToDouble(ServerActivity::checkpoints).toArray());
    double requested =
        median(runs.stream().mapToDouble(ServerActivity::checkpointsRequested).toArray());
    double wal = median(runs.stream().mapToDouble(ServerActivity::walBytes).toArray());
    String checkpointPart =
        Double.isNaN(checkpoints)
            ? "checkpoints not recorded"
            : count(checkpoints)
                + (checkpoints == 1 ? " checkpoint (" : " checkpoints (")
                + count(requested)
                + " requested)";
    String walPart =
        Double.isNaN(wal)
            ? "WAL not recorded"
            : String.format(Locale.ROOT, "%.1f MB of WAL", wal / MB);
    return checkpointPart + ", " + walPart;
  }

  /** The median of the known values, NaN when none is. */
  private static double median(double[] values) {
    double[] known = Arrays.stream(values).filter(v -> !Double.isNaN(v)).sorted().toArray();
    if (known.length == 0) {
      return Double.NaN;
    }
    int middle = known.length / 2;
    return known.length % 2 == 1 ? known[middle] : (known[middle - 1] + known[middle]) / 2;
  }

  private static String count(double value) {
    return value == Math.rint(value)
        ? Long.toString((long) value)
        : String.format(Locale.ROOT, "%.1f", value);
  }

  private static double number(Object value) {
    return value instanceof Number n ? n.doubleValue() : Double.NaN;
  }
}
