package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tpccpg.driver.engine.ClientThreads;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestDatabase;
import org.tpccpg.testkit.TestServer;

/**
 * Clients over the unix socket make progress in every report interval, with more clients than CPUs
 * waiting on each other's row locks (issue #26: junixsocket 2.11 stalled TPC-B clients on virtual
 * threads for good), and get a throughput within a sane factor of TCP's in the same test. The runs
 * take the clients' threads the JVM asks for: .ci/run's newest-JDK step runs this class with {@code
 * -Dtpcc.clientThreads=virtual} JVM-wide, where socket clients must still run on platform threads
 * (the test does not set the property itself, which every in-process run of the classes running
 * beside it reads).
 */
class SocketProgressIT {
  @RegisterExtension
  static final PostgresFixture POSTGRES = new PostgresFixture(TpccDataSets.oneWarehouse());

  /** Socket and TCP alternate on a shared, noisy machine: only a collapse is a failure. */
  private static final double SANE_FACTOR = 5;

  private static final Pattern PGBENCH_PROGRESS =
      Pattern.compile("^progress: [\\d.]+ s, ([\\d.]+) tps");
  private static final Pattern SYSBENCH_REPORT =
      Pattern.compile("^\\[ \\d+s \\] thds: \\d+ tps: ([\\d.]+)");

  private static String socketDirectory;

  @BeforeAll
  static void findSocket() {
    socketDirectory = TestServer.instance().socketDirectory().orElse(null);
    assumeTrue(socketDirectory != null, TestServer.SOCKET_VARIABLE + " is not set");
  }

  private static Map<String, String> environment(boolean socket) {
    TestDatabase db = POSTGRES.database();
    return Map.of(
        "PGHOST", socket ? socketDirectory : db.host(),
        "PGPORT", Integer.toString(db.port()),
        "PGUSER", db.user(),
        "PGPASSWORD", db.password(),
        "PGDATABASE", db.name());
  }

  /** Runs the command line over the socket or TCP, saying which threads its clients run on. */
  private static CliRun run(boolean socket, String... args) {
    System.out.println("SocketProgressIT: " + ClientThreads.verboseLine(socket));
    return CliRun.of(environment(socket), args);
  }

  /** The tps of every report line, in order. */
  private static List<Double> intervals(String text, Pattern line) {
    List<Double> tps = new ArrayList<>();
    for (String l : text.split("\n")) {
      Matcher m = line.matcher(l);
      if (m.find()) {
        tps.add(Double.parseDouble(m.group(1)));
      }
    }
    return tps;
  }

  private static double sum(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).sum();
  }

  /** Asserts progress in every interval and returns the tps summed over them. */
  private static double progressed(String what, List<Double> tps, int atLeast, String output) {
    assertTrue(tps.size() >= atLeast, what + ": " + tps.size() + " intervals\n" + output);
    assertFalse(tps.contains(0.0), what + ": an interval without a transaction " + tps);
    return sum(tps);
  }

  @Test
  void tpcbLikeOverTheSocketProgressesInEveryIntervalWithMoreClientsThanCpus() {
    CliRun init = CliRun.of(environment(false), "tpcb", "-i", "-s", "1", "-q");
    assertEquals(0, init.exitCode(), init.err());
    for (String clients : List.of("8", "16")) {
      double[] total = new double[2];
      for (int socket = 1; socket >= 0; socket--) {
        CliRun run =
            run(socket == 1, "tpcb", "-n", "-c", clients, "-j", clients, "-T", "3", "-P", "1");
        String what = (socket == 1 ? "socket" : "tcp") + ", " + clients + " clients";
        assertEquals(0, run.exitCode(), what + ": " + run.err());
        total[socket] = progressed(what, intervals(run.err(), PGBENCH_PROGRESS), 2, run.err());
      }
      assertTrue(
          total[1] * SANE_FACTOR > total[0],
          clients + " clients: socket " + total[1] + " tps against tcp " + total[0]);
    }
  }

  @Test
  void tpccOverTheSocketProgressesInEveryIntervalWithEightThreads() {
    double[] total = new double[2];
    for (int socket = 1; socket >= 0; socket--) {
      CliRun run =
          run(
              socket == 1,
              "--tables=1",
              "--scale=1",
              "--threads=8",
              "--time=3",
              "--report-interval=1",
              "run");
      String what = socket == 1 ? "socket" : "tcp";
      assertEquals(0, run.exitCode(), what + ": " + run.err());
      total[socket] = progressed(what, intervals(run.out(), SYSBENCH_REPORT), 2, run.out());
    }
    assertTrue(
        total[1] * SANE_FACTOR > total[0], "socket " + total[1] + " tps against tcp " + total[0]);
  }
}
