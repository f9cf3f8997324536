package org.tpccpg.driver.check;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.tpccpg.core.check.ConditionResult.Outcome;

/**
 * How {@code check} prints its verdicts, for TPC-C and TPC-B alike: one line per condition ({@code
 * [ 3] PASSED description}, with a note and the first offenders), then one line with the verdict.
 */
public final class CheckReport {
  private CheckReport() {}

  /**
   * One condition's line.
   *
   * @param note why it was skipped or how to read it, or empty
   * @param offenders for a failure the first offenders, otherwise empty
   */
  public record Line(
      int number, Outcome outcome, String description, String note, String offenders) {
    public Line {
      Objects.requireNonNull(outcome, "outcome");
      Objects.requireNonNull(description, "description");
      Objects.requireNonNull(note, "note");
      Objects.requireNonNull(offenders, "offenders");
    }

    /** The line of a TPC-C condition. */
    public static Line of(ConditionSummary s) {
      return new Line(
          s.condition().number(),
          s.outcome(),
          s.condition().description(),
          s.note(),
          s.offendingKeys());
    }
  }

  /**
   * Prints one line per cardinality condition ({@code [C3] FAILED description; first offenders:
   * customer1 w_id=1 d_id=3: 1500 rows, expected 3000}), and when one failed, the verdict.
   *
   * @return whether all held (or were skipped); if not, the consistency conditions are not worth
   *     checking on the data set, and the exit code is 1
   */
  public static boolean printCardinalities(List<CardinalitySummary> summaries, PrintWriter out) {
    List<String> failed = new ArrayList<>();
    for (CardinalitySummary s : summaries) {
      StringBuilder text =
          new StringBuilder(
              String.format(
                  Locale.ROOT,
                  "[C%d] %-7s %s",
                  s.cardinality().number(),
                  s.outcome(),
                  s.cardinality().description()));
      if (!s.note().isEmpty()) {
        text.append(" (").append(s.note()).append(')');
      }
      if (s.failed()) {
        failed.add("C" + s.cardinality().number());
        text.append("; first offenders: ").append(s.offenders());
      }
      out.println(text);
    }
    if (!failed.isEmpty()) {
      out.println(
          "check: FAILED: the data set does not have the rows of a TPC-C population (cardinality "
              + String.join(", ", failed)
              + "): rows were deleted or never loaded; the consistency conditions were not checked");
    }
    out.flush();
    return failed.isEmpty();
  }

  /** Prints the lines and the verdict; returns the exit code, 1 when a condition failed. */
  public static int print(List<Line> lines, PrintWriter out) {
    int failed = 0;
    int skipped = 0;
    for (Line l : lines) {
      StringBuilder text =
          new StringBuilder(
              String.format(
                  Locale.ROOT, "[%2d] %-7s %s", l.number(), l.outcome(), l.description()));
      if (!l.note().isEmpty()) {
        text.append(" (").append(l.note()).append(')');
      }
      if (l.outcome() == Outcome.FAILED) {
        failed++;
        text.append("; first offenders: ").append(l.offenders());
      } else if (l.outcome() == Outcome.SKIPPED) {
        skipped++;
      }
      out.println(text);
    }
    int checked = lines.size() - skipped;
    String skippedNote = skipped == 0 ? "" : " (" + skipped + " skipped)";
    out.println(
        failed == 0
            ? "check: all " + checked + " conditions checked hold" + skippedNote
            : "check: " + failed + " of " + checked + " conditions checked FAILED" + skippedNote);
    out.flush();
    return failed == 0 ? 0 : 1;
  }
}
