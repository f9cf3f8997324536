package org.tpccpg.driver.metrics;

import java.util.List;
import org.apache.commons.math3.stat.descriptive.moment.Mean;
import org.apache.commons.math3.stat.descriptive.moment.StandardDeviation;

/**
 * sysbench's "Threads fairness": the mean and the population standard deviation (divided by n, not
 * n - 1) of the events per thread and of the execution time (latency sum) per thread.
 *
 * @param eventsAvg mean events per thread
 * @param eventsStddev population standard deviation of events per thread
 * @param timeAvgSeconds mean latency sum per thread, in seconds
 * @param timeStddevSeconds population standard deviation of the latency sums, in seconds
 */
public record Fairness(
    double eventsAvg, double eventsStddev, double timeAvgSeconds, double timeStddevSeconds) {

  /** The fairness of the given threads; there must be at least one. */
  public static Fairness of(List<ThreadTotals> threads) {
    if (threads.isEmpty()) {
      throw new IllegalArgumentException("threads must not be empty but was " + threads);
    }
    double[] events = new double[threads.size()];
    double[] seconds = new double[threads.size()];
    for (int i = 0; i < events.length; i++) {
      events[i] = threads.get(i).events();
      seconds[i] = threads.get(i).latencySumNanos() / 1e9;
    }
    StandardDeviation population = new StandardDeviation(false);
    Mean mean = new Mean();
    return new Fairness(
        mean.evaluate(events),
        population.evaluate(events),
        mean.evaluate(seconds),
        population.evaluate(seconds));
  }
}
