package org.tpccpg.driver.results;

import org.tpccpg.driver.metrics.Fairness;

/**
 * {@code totals.threads_fairness}: sysbench's "Threads fairness", population form. With each run's
 * thread count ({@code totals.clients}), a merge of several runs computes the figures of all their
 * threads together.
 */
public final class FairnessJson {
  private FairnessJson() {}

  /** Writes {@code "threads_fairness": {...}} as a member of the current object. */
  public static void write(JsonWriter json, Fairness f) {
    json.name("threads_fairness").beginObject();
    json.name("events_avg").value(f.eventsAvg());
    json.name("events_stddev").value(f.eventsStddev());
    json.name("execution_time_avg_s").value(f.timeAvgSeconds());
    json.name("execution_time_stddev_s").value(f.timeStddevSeconds());
    json.endObject();
  }
}
