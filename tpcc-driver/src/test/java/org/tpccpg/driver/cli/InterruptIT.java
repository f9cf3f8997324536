package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.results.DriverProcess;

/**
 * Ctrl-C while the packaged driver is still connecting (to a loopback socket that accepts and never
 * answers, so the moment is certain): one line says so, the results directory it made is removed,
 * and the exit code is the signal's (130).
 */
class InterruptIT {
  @TempDir Path tmp;

  private ServerSocket silent;
  private final List<Socket> held = new ArrayList<>();
  private final CountDownLatch connected = new CountDownLatch(1);

  @BeforeEach
  void startASilentServer() throws IOException {
    silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread accepting =
        new Thread(
            () -> {
              try {
                while (true) {
                  held.add(silent.accept()); // kept open, never answered
                  connected.countDown();
                }
              } catch (IOException e) {
                // closed at the end
              }
            },
            "silent-server");
    accepting.setDaemon(true);
    accepting.start();
  }

  @AfterEach
  void stop() throws IOException {
    silent.close();
    for (Socket socket : held) {
      socket.close();
    }
  }

  private void interruptWhileConnecting(List<String> args, Path results) throws Exception {
    try (DriverProcess driver = DriverProcess.start(args, Map.of(), tmp)) {
      assertTrue(connected.await(60, TimeUnit.SECONDS), "the driver connected");
      assertTrue(Files.isDirectory(results), "the results directory was made before connecting");
      driver.signal("INT");
      int exitCode = driver.finish();
      assertEquals(130, exitCode, driver.output());
      List<String> lines = driver.output().lines().toList();
      assertEquals(
          "tpcc: interrupted; removed the empty results directory " + results,
          lines.get(lines.size() - 1),
          driver.output());
      assertEquals(
          1,
          lines.stream().filter(l -> l.contains("interrupted")).count(),
          "one line: " + driver.output());
      assertFalse(Files.exists(results), "the empty results directory is gone");
    }
  }

  @Test
  void ctrlCWhileRunConnectsSaysSoAndRemovesTheEmptyResultsDirectory() throws Exception {
    Path results = tmp.resolve("run-results");
    interruptWhileConnecting(
        List.of(
            "--pgsql-host=127.0.0.1",
            "--pgsql-port=" + silent.getLocalPort(),
            "--time=5",
            "--results=" + results,
            "run"),
        results);
  }

  @Test
  void ctrlCWhileTpcbConnectsSaysSoAndRemovesTheEmptyResultsDirectory() throws Exception {
    Path results = tmp.resolve("tpcb-results");
    interruptWhileConnecting(
        List.of(
            "tpcb",
            "-h",
            "127.0.0.1",
            "-p",
            Integer.toString(silent.getLocalPort()),
            "-T",
            "5",
            "--results=" + results,
            "db"),
        results);
  }
}
