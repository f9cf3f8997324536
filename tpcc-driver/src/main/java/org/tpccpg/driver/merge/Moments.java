package org.tpccpg.driver.merge;

/**
 * The mean and standard deviation of several groups taken together, from each group's count, mean
 * and standard deviation (population form: E[x²] − E[x]²), as the drivers' summaries give them.
 */
final class Moments {
  private double count;
  private double sum;
  private double sumOfSquares;

  void add(double n, double mean, double stddev) {
    count += n;
    sum += n * mean;
    sumOfSquares += n * (stddev * stddev + mean * mean);
  }

  double count() {
    return count;
  }

  double mean() {
    return count == 0 ? 0 : sum / count;
  }

  double stddev() {
    if (count == 0) {
      return 0;
    }
    double mean = mean();
    return Math.sqrt(Math.max(0, sumOfSquares / count - mean * mean));
  }
}
