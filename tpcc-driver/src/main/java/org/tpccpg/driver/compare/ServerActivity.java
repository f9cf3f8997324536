package org.tpccpg.driver.compare;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.tpccpg.driver.results.SavedSummary;
import org.tpccpg.driver.results.SavedSummary.Activity;

/**
 * The server's checkpoints and WAL during a run, from its {@code summary.json}'s {@code
 * server_activity} (NaN where the run recorded none or the server could not say), and the note
 * {@code compare} adds with them. They are context, not a metric: counted once per run, a handful
 * of checkpoints are no sample to test, but they often are why B differs from A (a tuning
 * write-up's lesson was "1 requested checkpoint at 96MB against 0 at 2GB"). The figures themselves
 * are {@link SavedSummary.Activity}, read with the summary.
 */
final class ServerActivity {
  private static final double MB = 1024.0 * 1024.0;

  private ServerActivity() {}

  /**
   * {@code server during the runs (median per run): A 1 checkpoint (1 requested), 96.0 MB of WAL; B
   * 0 checkpoints (0 requested), 95.2 MB of WAL}; empty when neither side recorded any.
   */
  static Optional<String> note(RunGroup a, RunGroup b) {
    List<Activity> sideA = a.runs().stream().map(ComparedRun::activity).toList();
    List<Activity> sideB = b.runs().stream().map(ComparedRun::activity).toList();
    if (sideA.stream().allMatch(Activity.NONE::equals)
        && sideB.stream().allMatch(Activity.NONE::equals)) {
      return Optional.empty();
    }
    return Optional.of(
        "server during the runs (median per run): A " + side(sideA) + "; B " + side(sideB));
  }

  private static String side(List<Activity> runs) {
    double checkpoints = median(runs.stream().mapToDouble(Activity::checkpoints).toArray());
    double requested = median(runs.stream().mapToDouble(Activity::checkpointsRequested).toArray());
    double wal = median(runs.stream().mapToDouble(Activity::walBytes).toArray());
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
}
