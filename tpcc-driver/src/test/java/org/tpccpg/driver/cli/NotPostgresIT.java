package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Something that is not PostgreSQL on the port (here a loopback socket that answers every
 * connection with an HTTP error): {@code run} and {@code tpcb} fail in one line naming host, port
 * and what came back, as psql does ({@code received invalid response to SSL negotiation: H}).
 */
class NotPostgresIT {
  private static final byte[] HTTP_REPLY =
      "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

  private static ServerSocket server;
  private static Thread answering;

  @BeforeAll
  static void startAnHttpLikeServer() throws IOException {
    server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    answering =
        new Thread(
            () -> {
              while (!server.isClosed()) {
                try (Socket client = server.accept()) {
                  InputStream in = client.getInputStream();
                  in.read(new byte[256]); // the SSLRequest or the startup message
                  OutputStream out = client.getOutputStream();
                  out.write(HTTP_REPLY);
                  out.flush();
                } catch (IOException e) {
                  // closed at the end, or a client that went away: take the next one
                }
              }
            },
            "http-like-server");
    answering.setDaemon(true);
    answering.start();
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
    answering.join(5_000);
  }

  /** pgbench's second line: for a benchmark's setup connection, or for {@code -i}'s. */
  private static final List<String> CONNECTION_FAILED =
      List.of(
          "tpcc tpcb: error: could not create connection for setup",
          "tpcc tpcb: error: could not create connection for initialization");

  private static String where() {
    return "connection to server at \"127.0.0.1\", port " + server.getLocalPort() + " failed: ";
  }

  static Stream<Arguments> commands() {
    String port = Integer.toString(server.getLocalPort());
    String ssl = where() + "received invalid response to SSL negotiation: H";
    String plain = where() + "expected authentication request from server, but received H";
    return Stream.of(
        BadInput.bad(ssl, "run", "--pgsql-host=127.0.0.1", "--pgsql-port=" + port, "--time=1"),
        BadInput.bad(ssl, "tpcb", "-h", "127.0.0.1", "-p", port, "-T", "1", "db"),
        BadInput.badWithEnvironment(
            plain, Map.of("PGSSLMODE", "disable"), "tpcb", "-h", "127.0.0.1", "-p", port, "db"),
        BadInput.bad(ssl, "tpcb", "-i", "-h", "127.0.0.1", "-p", port, "db"));
  }

  @ParameterizedTest(name = "{2}")
  @MethodSource("commands")
  void somethingElseOnThePortIsNamedWithWhatItSent(
      String fragment, Map<String, String> environment, List<String> args) {
    CliRun run = CliRun.of(environment, BadInput.array(args));
    assertEquals(1, run.exitCode(), run.err());
    List<String> lines = run.err().lines().toList();
    if (lines.size() == 2 && CONNECTION_FAILED.contains(lines.get(1))) {
      // pgbench's own second line after its first connection failed (its TAP tests expect it);
      // the first line names the cause as everywhere else.
      assertEquals(
          args.contains("-i") ? CONNECTION_FAILED.get(1) : CONNECTION_FAILED.get(0), lines.get(1));
      assertTrue(lines.get(0).startsWith("tpcc tpcb: error: " + fragment), run.err());
      assertTrue(
          lines.get(0).contains("(the reply began \"HTTP/1.1 400 Bad Request\")"), run.err());
      assertFalse(run.err().contains("\tat "), run.err());
      return;
    }
    BadInput.assertFailsInOneLine(run, fragment, args);
    BadInput.assertFailsInOneLine(run, "(the reply began \"HTTP/1.1 400 Bad Request\")", args);
  }
}
