package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.Collections;
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
 * waiting on each other's row locks (issue #26: junixsocket 2.11, the socket library used before
 * {@code UnixSocket}, stalled TPC-B clients on virtual threads for good), and get a throughput
 * within a sane factor of TCP's in the same test. The runs take the clients' threads the JVM asks
 * for: .ci/run's newest-JDK step runs this class with {@code -Dtpcc.clientThreads=virtual}
 * JVM-wide, so there the socket's clients run on virtual threads (the test does not set the
 * property itself, which every in-process run of the classes running beside it reads).
 */
class SocketProgressIT {
  @RegisterExtension
  static final PostgresFixture POSTGRES = new PostgresFixture(TpccDataSets.oneWarehouse());

  /**
   * Socket and TCP alternate on a shared, noisy machine: only a collapse is a failure. Their best
   * intervals are compared, not their totals: beside the other classes a 3 s run can meet another
   * class's busiest seconds (16 clients: socket 1,210 against TCP 7,371 tps summed, CI at 792cf10),
   * where a collapse would slow every interval of the socket's run.
   */
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
    System.out.println(
        "SocketProgressIT: " + (socket ? "socket, " : "tcp, ") + ClientThreads.verboseLine());
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

  /** Asserts progress in every interval and returns the intervals' tps. */
  private static List<Double> progressed(
      String what, List<Double> tps, int atLeast, String output) {
    assertTrue(tps.size() >= atLeast, what + ": " + tps.size() + " intervals\n" + output);
    assertFalse(tps.contains(0.0), what + ": an interval without a transaction " + tps);
    return tps;
  }

  /** The socket's best interval within {@link #SANE_FACTOR} of TCP's. */
  private static void assertSane(String what, List<List<Double>> socketThenTcp) {
    double socket = Collections.max(socketThenTcp.get(0));
    double tcp = Collections.max(socketThenTcp.get(1));
    assertTrue(
        socket * SANE_FACTOR > tcp,
        what + ": socket " + socketThenTcp.get(0) + " tps against tcp " + socketThenTcp.get(1));
  }

  @Test
  void tpcbLikeOverTheSocketProgressesInEveryIntervalWithMoreClientsThanCpus() {
    CliRun init = CliRun.of(environment(false), "tpcb", "-i", "-s", "1", "-q");
    assertEquals(0, init.exitCode(), init.err());
    for (String clients : List.of("8", "16")) {
      List<List<Double>> socketThenTcp = new ArrayList<>();
      for (int socket = 1; socket >= 0; socket--) {
        CliRun run =
            run(socket == 1, "tpcb", "-n", "-c", clients, "-j", clients, "-T", "3", "-P", "1");
        String what = (socket == 1 ? "socket" : "tcp") + ", " + clients + " clients";
        assertEquals(0, run.exitCode(), what + ": " + run.err());
        socketThenTcp.add(progressed(what, intervals(run.err(), PGBENCH_PROGRESS), 2, run.err()));
      }
      assertSane(clients + " clients", socketThenTcp);
    }
  }

  @Test
  void tpccOverTheSocketProgressesInEveryIntervalWithEightThreads() {
    List<List<Double>> socketThenTcp = new ArrayList<>();
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
      socketThenTcp.add(progressed(what, intervals(run.out(), SYSBENCH_REPORT), 2, run.out()));
    }
    assertSane("8 threads", socketThenTcp);
  }
}
