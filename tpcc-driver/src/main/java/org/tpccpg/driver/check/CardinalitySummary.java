package org.tpccpg.driver.check;

import java.util.Objects;
import org.tpccpg.core.check.Cardinality;
import org.tpccpg.core.check.ConditionResult.Outcome;

/**
 * One cardinality condition over a whole data set: failed if it failed in any set.
 *
 * @param cardinality the condition
 * @param outcome passed, failed or skipped
 * @param offenders for a failure, the first offenders (table, key, count); otherwise empty
 * @param note why it was skipped, or empty
 */
public record CardinalitySummary(
    Cardinality cardinality, Outcome outcome, String offenders, String note) {
  public CardinalitySummary {
    Objects.requireNonNull(cardinality, "cardinality");
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(offenders, "offenders");
    Objects.requireNonNull(note, "note");
  }

  public boolean failed() {
    return outcome == Outcome.FAILED;
  }
}
