package org.tpccpg.driver;

import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.ClassDescriptor;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.ClassOrdererContext;

/**
 * Orders the IT classes so that the longest start first and the side-by-side lanes end together
 * (junit-platform.properties names it). JUnit's parallel executor forks the classes in this order
 * on one worker of its fork-join pool: that worker runs them from the last one back, the other
 * workers steal them from the first one on. So the longest class goes last, the next longest first,
 * and the short classes fill the middle, run at the end by whichever lane is free. Without it a 60
 * s class started in the last minute and the others waited for it.
 *
 * <p>It changes only when a class starts, never what it tests. A class not named here keeps its
 * place among the short ones; the list is the longest classes of one suite run (2026-12-06), in
 * seconds: a guess that goes stale without harm.
 */
public final class LongestClassesFirst implements ClassOrderer {
  /** Longest first: SweepIT about 255 s, SpecModeIT 105, SoakScriptIT 95, down to about 30 s. */
  private static final List<String> LONGEST =
      List.of(
          "SweepIT",
          "SpecModeIT",
          "SoakScriptIT",
          "FaultToleranceIT",
          "DurabilityIT",
          "DipCausesIT",
          "ColumnWidthsIT",
          "PgBouncerRestartIT",
          "RunIT",
          "TpcbFaultIT",
          "PgBouncerIT",
          "UserTablesIT",
          "QuickstartIT",
          "StallIT");

  @Override
  public void orderClasses(ClassOrdererContext context) {
    context.getClassDescriptors().sort(Comparator.comparingInt(LongestClassesFirst::place));
  }

  /**
   * The longest class last, the other long ones first in their order, the rest between them (a
   * stable sort keeps their order).
   */
  private static int place(ClassDescriptor descriptor) {
    int rank = LONGEST.indexOf(descriptor.getTestClass().getSimpleName());
    if (rank == 0) {
      return Integer.MAX_VALUE;
    }
    return rank > 0 ? rank : LONGEST.size();
  }
}
