package org.tpccpg.driver.check;

import java.util.List;
import org.tpccpg.core.check.CheckScope;
import org.tpccpg.core.check.ConditionResult;

/**
 * What one consistency probe found: the conditions it checked on its scope, in one snapshot, or the
 * error that kept it from checking them.
 *
 * @param scope the table set and warehouses it looked at
 * @param results one per condition checked, in condition order; empty when {@code error} is set
 * @param error why it could not check, or null
 */
public record ProbeResult(CheckScope scope, List<ConditionResult> results, String error) {
  public ProbeResult {
    results = List.copyOf(results);
  }

  /** The conditions that failed, in condition order. */
  public List<ConditionResult> violations() {
    return results.stream().filter(ConditionResult::failed).toList();
  }
}
