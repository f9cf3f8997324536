package org.tpccpg.driver.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.UnknownHostException;
import org.tpccpg.driver.live.LiveMetrics;
import picocli.CommandLine.Option;

/**
 * What a run shows of itself and its server while it runs, for {@code run} and {@code tpcb} alike:
 * the server's figures in each recorded interval and the live metrics endpoint (docs/metrics.md).
 */
final class MonitoringOptions {
  static final String DEFAULT_BIND = "127.0.0.1";
  private static final int MAX_PORT = 65_535;

  @Option(
      names = "--server-stats",
      paramLabel = "on|off",
      converter = SysbenchBoolean.class,
      description =
          "Record the server's checkpoints, WAL, commits, rollbacks, deadlocks, temp bytes,"
              + " autovacuum workers and top wait events in every recorded interval, read over"
              + " one extra connection (default on; only with recorded results).")
  Boolean serverStats;

  @Option(
      names = "--metrics-port",
      paramLabel = "PORT",
      description =
          "Serve live figures for Prometheus at http://ADDR:PORT/metrics during the run (0: a"
              + " free port, printed).")
  String metricsPort;

  @Option(
      names = "--metrics-bind",
      paramLabel = "ADDR",
      description = "The address --metrics-port listens on (default " + DEFAULT_BIND + ").")
  String metricsBind;

  /** Whether the server statistics are recorded (the default). */
  boolean serverStats() {
    return serverStats == null || serverStats;
  }

  /** Whether any of these options was given. */
  boolean anyGiven() {
    return serverStats != null || metricsPort != null || metricsBind != null;
  }

  /**
   * Listens for scrapes when {@code --metrics-port} asks for it, and says where on {@code err}.
   *
   * @return the endpoint, or null without {@code --metrics-port}
   * @throws IllegalArgumentException one line naming the option and value that cannot be used
   */
  LiveMetrics openMetrics(PrintWriter err, String prefix) {
    if (metricsPort == null) {
      if (metricsBind != null) {
        throw new IllegalArgumentException(
            "--metrics-bind=" + metricsBind + " needs --metrics-port");
      }
      return null;
    }
    int port = port();
    String bind = metricsBind == null ? DEFAULT_BIND : metricsBind;
    InetAddress address;
    try {
      address = InetAddress.getByName(bind);
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException(
          "--metrics-bind=" + bind + " is invalid: not an address or a known host name");
    }
    LiveMetrics metrics;
    try {
      metrics = LiveMetrics.open(address, port);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "--metrics-port="
              + port
              + " cannot be served on "
              + bind
              + ": "
              + (e.getMessage() == null ? e.toString() : e.getMessage()));
    }
    err.println(prefix + "serving live metrics at " + metrics.url(address));
    err.flush();
    return metrics;
  }

  private int port() {
    try {
      int port = Integer.parseInt(metricsPort.strip());
      if (port >= 0 && port <= MAX_PORT) {
        return port;
      }
    } catch (NumberFormatException e) {
      // told below, as an out-of-range number is
    }
    throw new IllegalArgumentException(
        "--metrics-port=" + metricsPort + " is invalid: it must be a port number, 0 to 65535");
  }
}
