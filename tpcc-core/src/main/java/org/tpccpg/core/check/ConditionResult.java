package org.tpccpg.core.check;

/**
 * The verdict on one TPC-C consistency condition (TPC-C 3.3.2) for one table set and warehouse
 * range.
 *
 * @param condition the condition checked
 * @param outcome passed, failed, or skipped because the caller asked
 * @param offendingKeys for a failure, the first offending rows (keys and the values that disagree),
 *     separated by {@code "; "} and ending in {@code "; ..."} when there are more; otherwise empty
 */
public record ConditionResult(
    ConsistencyCondition condition, Outcome outcome, String offendingKeys) {
  /** What came of checking a condition. */
  public enum Outcome {
    PASSED,
    FAILED,
    SKIPPED
  }

  /** Validates the components. */
  public ConditionResult {
    if (condition == null) {
      throw new IllegalArgumentException("condition must not be null");
    }
    if (outcome == null) {
      throw new IllegalArgumentException("outcome must not be null");
    }
    if (offendingKeys == null) {
      throw new IllegalArgumentException("offendingKeys must not be null; use \"\" for none");
    }
    if ((outcome == Outcome.FAILED) == offendingKeys.isEmpty()) {
      throw new IllegalArgumentException(
          "offendingKeys must be given exactly when the outcome is FAILED, but outcome was "
              + outcome
              + " and offendingKeys was \""
              + offendingKeys
              + "\"");
    }
  }

  /** The condition's number, 1 to 12, as in TPC-C 3.3.2.1 to 3.3.2.12. */
  public int number() {
    return condition.number();
  }

  /** What the condition requires, with its clause. */
  public String description() {
    return condition.description();
  }

  public boolean passed() {
    return outcome == Outcome.PASSED;
  }

  public boolean failed() {
    return outcome == Outcome.FAILED;
  }
}
