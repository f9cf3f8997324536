package org.tpccpg.driver.merge;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The drivers' round trips merged: per kind (and "total"), the sum of the drivers' round trips and
 * the sum of their completed transactions, so that the merged round trips per transaction are the
 * drivers' taken together, not an average of their ratios (a driver with more transactions weighs
 * more, as in a single run).
 *
 * @param roundTrips the round trips, summed over the drivers
 * @param completed the completed transactions they belong to, summed over the drivers
 */
record RoundTrips(long roundTrips, long completed) {

  /** Round trips per completed transaction, 0 when none completed. */
  double perTransaction() {
    return completed == 0 ? 0 : (double) roundTrips / completed;
  }

  /**
   * Per name of the drivers' {@code round_trips} (each kind, then "total"), in the first driver's
   * order. A driver without {@code round_trips} (written before they were) adds nothing, neither
   * trips nor transactions.
   */
  static Map<String, RoundTrips> of(List<DriverResult> drivers) {
    Map<String, RoundTrips> sums = new LinkedHashMap<>();
    for (DriverResult d : drivers) {
      if (!(d.summary().get("round_trips") instanceof Map<?, ?> trips)
          || !(d.summary().get("kinds") instanceof Map<?, ?> kinds)) {
        continue;
      }
      long allCompleted = 0;
      for (Object kind : kinds.values()) {
        allCompleted += kind instanceof Map<?, ?> k ? Values.count(k.get("completed")) : 0;
      }
      for (Map.Entry<?, ?> e : trips.entrySet()) {
        String name = String.valueOf(e.getKey());
        long completed =
            name.equals("total")
                ? allCompleted
                : kinds.get(name) instanceof Map<?, ?> k ? Values.count(k.get("completed")) : 0;
        long driverTrips =
            e.getValue() instanceof Map<?, ?> t ? Values.count(t.get("round_trips")) : 0;
        sums.merge(
            name,
            new RoundTrips(driverTrips, completed),
            (a, b) -> new RoundTrips(a.roundTrips + b.roundTrips, a.completed + b.completed));
      }
    }
    return sums;
  }
}
