package org.tpccpg.driver.check;

import java.util.Objects;
import org.tpccpg.core.check.ConditionResult.Outcome;
import org.tpccpg.core.check.ConsistencyCondition;

/**
 * One consistency condition over a whole data set: failed if it failed anywhere, with the first
 * offending keys found.
 *
 * @param condition the TPC-C condition
 * @param outcome passed, failed or skipped
 * @param offendingKeys for a failure, the first offenders with their set; otherwise empty
 * @param note why a condition was skipped or how to read it, or empty
 */
public record ConditionSummary(
    ConsistencyCondition condition, Outcome outcome, String offendingKeys, String note) {
  public ConditionSummary {
    Objects.requireNonNull(condition, "condition");
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(offendingKeys, "offendingKeys");
    Objects.requireNonNull(note, "note");
  }
}
