package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

/** Runtime failures (not usage errors) as the user sees them. */
class CliFailureIT {
  @Test
  void anUnreachableServerIsOneLineWithExitCodeOne() {
    // Nothing listens on port 1 of the loopback address: the connection is refused.
    CliRun run = CliRun.of("quickstart", "--pgsql-host=127.0.0.1", "--pgsql-port=1");
    assertEquals(1, run.exitCode());
    String[] lines = run.err().split("\n");
    assertEquals(1, lines.length, run.err());
    assertTrue(lines[0].startsWith("tpcc quickstart: "), run.err());
    assertTrue(lines[0].contains("SQLSTATE 08001"), run.err());
    assertFalse(run.err().contains("\tat "), "no stack trace without --verbose");
  }

  @Test
  void verbosePrintsTheStackTraceOfAFailure() {
    CliRun run = CliRun.of("quickstart", "--verbose", "--pgsql-host=127.0.0.1", "--pgsql-port=1");
    assertEquals(1, run.exitCode());
    assertTrue(run.err().contains("\tat "), run.err());
  }

  @Test
  void aSocketDirectoryWithoutAServerIsOneLineNamingTheSocketFile() {
    CliRun run = CliRun.of("quickstart", "--pgsql-host=/nonexistent-tpcc-dir", "--pgsql-port=5999");
    assertEquals(1, run.exitCode());
    assertEquals(
        "tpcc quickstart: connection to server on socket"
            + " \"/nonexistent-tpcc-dir/.s.PGSQL.5999\" failed: No such file or directory; is the"
            + " server running locally and accepting connections on that socket? (SQLSTATE"
            + " 08001)\n",
        run.err());
  }

  /** PgJDBC's own line would be "The connection attempt failed."; libpq's names the host. */
  @Test
  void aHostNameThatDoesNotResolveIsLibpqsLine() {
    CliRun run = CliRun.of("quickstart", "--pgsql-host=nonexistent.invalid", "--pgsql-port=5999");
    assertEquals(1, run.exitCode());
    assertEquals(
        "tpcc quickstart: could not translate host name \"nonexistent.invalid\" to address"
            + " (SQLSTATE 08001)\n",
        run.err());
  }

  /**
   * A server that accepts the connection and never answers: connect_timeout bounds the whole
   * connection, as libpq's does, not only the TCP connect (which succeeds here).
   */
  @Test
  void aConnectTimeoutEndsAConnectionThatIsAcceptedAndNeverAnswered() throws Exception {
    try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      long start = System.nanoTime();
      CliRun run =
          CliRun.of(
              "quickstart",
              "--pgsql-conninfo=host=127.0.0.1 port="
                  + silent.getLocalPort()
                  + " connect_timeout=2");
      long seconds = (System.nanoTime() - start) / 1_000_000_000L;
      assertEquals(1, run.exitCode(), run.err());
      assertEquals(
          "tpcc quickstart: connection to server at \"127.0.0.1\", port "
              + silent.getLocalPort()
              + " failed: timeout expired (SQLSTATE 08001)\n",
          run.err());
      assertTrue(seconds < 60, "ended after " + seconds + " s");
    }
  }
}
