package org.tpccpg.driver.connect;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.engine.ClientThreads;

/**
 * The socket PgJDBC talks through to a unix-domain socket, against a listening socket of the JDK's
 * own in a temporary directory: what a server sends arrives, reads time out and close wakes them as
 * a {@link Socket}'s do, and on virtual threads more readers than carriers wait without stalling.
 */
class UnixSocketTest {
  private static final Duration PATIENCE = Duration.ofSeconds(20);

  @TempDir Path directory;
  private Path file;
  private ServerSocketChannel server;
  private final List<SocketChannel> accepted = new ArrayList<>();

  @BeforeEach
  void listen() throws IOException {
    file = directory.resolve(".s.PGSQL.5432");
    server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
    server.bind(UnixDomainSocketAddress.of(file));
  }

  @AfterEach
  void close() throws IOException {
    for (SocketChannel channel : accepted) {
      channel.close();
    }
    server.close();
  }

  private Socket connect() throws IOException {
    Socket socket = new UnixSocketFactory(file.toString()).createSocket();
    socket.connect(null, 10_000); // PgJDBC's localhost:port, which the socket ignores
    accepted.add(server.accept());
    return socket;
  }

  private static void send(SocketChannel to, String text) throws IOException {
    ByteBuffer bytes = ByteBuffer.wrap(text.getBytes(US_ASCII));
    while (bytes.hasRemaining()) {
      to.write(bytes);
    }
  }

  private static String read(SocketChannel from, int length) throws IOException {
    ByteBuffer bytes = ByteBuffer.allocate(length);
    while (bytes.hasRemaining() && from.read(bytes) >= 0) {
      // until all has come
    }
    return new String(bytes.array(), 0, bytes.position(), US_ASCII);
  }

  @Test
  void whatIsWrittenArrivesAndWhatTheServerSendsIsRead() throws IOException {
    try (Socket socket = connect()) {
      assertTrue(socket.isConnected());
      assertEquals(UnixDomainSocketAddress.of(file), socket.getRemoteSocketAddress());
      OutputStream out = socket.getOutputStream();
      out.write("query".getBytes(US_ASCII));
      out.write('!');
      assertEquals("query!", read(accepted.get(0), 6));
      send(accepted.get(0), "reply");
      InputStream in = socket.getInputStream();
      assertEquals('r', in.read());
      byte[] rest = new byte[4];
      int got = 0;
      while (got < 4) {
        got += in.read(rest, got, 4 - got);
      }
      assertArrayEquals("eply".getBytes(US_ASCII), rest);
    }
  }

  /** The listening end here is this JVM, so the server's user is the one the tests run as. */
  @Test
  void aRequiredPeerIsTheUserTheServerRunsAsOrTheConnectionFails() throws IOException {
    String serverUser = Files.getOwner(file).getName();
    Socket named =
        new UnixSocketFactory(UnixSocketFactory.argument(file.toString(), serverUser))
            .createSocket();
    named.connect(null);
    accepted.add(server.accept());
    assertTrue(named.isConnected());
    named.close();

    String other = serverUser.equals("nobody") ? "daemon" : "nobody";
    Socket refused =
        new UnixSocketFactory(UnixSocketFactory.argument(file.toString(), other)).createSocket();
    IOException failure = assertThrows(IOException.class, () -> refused.connect(null));
    assertEquals(
        "requirepeer specifies \""
            + other
            + "\", but actual peer user name is \""
            + serverUser
            + "\"",
        failure.getMessage());
    assertFalse(refused.isConnected());
  }

  @Test
  void theEndOfTheStreamReadsAsMinusOne() throws IOException {
    try (Socket socket = connect()) {
      accepted.get(0).close();
      assertEquals(-1, socket.getInputStream().read(new byte[8], 0, 8));
    }
  }

  @Test
  void aReadWithATimeoutTimesOutAndTheSocketStaysUsable() throws IOException {
    try (Socket socket = connect()) {
      socket.setSoTimeout(200);
      assertEquals(200, socket.getSoTimeout());
      long start = System.nanoTime();
      assertThrows(SocketTimeoutException.class, () -> socket.getInputStream().read());
      long waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertTrue(waitedMillis >= 190, "timed out after " + waitedMillis + " ms");
      send(accepted.get(0), "x");
      assertEquals('x', socket.getInputStream().read()); // still within the timeout
      socket.setSoTimeout(0);
      send(accepted.get(0), "y");
      assertEquals('y', socket.getInputStream().read()); // blocking again
    }
  }

  @Test
  void aTimedReadReturnsWhatComesBeforeTheTimeout() throws Exception {
    try (Socket socket = connect()) {
      socket.setSoTimeout(10_000);
      CompletableFuture<Integer> read =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  return socket.getInputStream().read();
                } catch (IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
              });
      Thread.sleep(100);
      send(accepted.get(0), "z");
      assertEquals('z', read.get(5, TimeUnit.SECONDS));
    }
  }

  @Test
  void closingTheSocketEndsAReadBlockedOnIt() throws Exception {
    for (int timeout : new int[] {0, 60_000}) {
      Socket socket = connect();
      socket.setSoTimeout(timeout);
      CountDownLatch reading = new CountDownLatch(1);
      CompletableFuture<Throwable> failure =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  reading.countDown();
                  socket.getInputStream().read();
                  return null;
                } catch (IOException e) {
                  return e;
                }
              });
      reading.await();
      Thread.sleep(100); // into the read
      socket.close();
      assertTrue(socket.isClosed());
      Throwable thrown = failure.get(5, TimeUnit.SECONDS);
      assertTrue(thrown instanceof IOException, timeout + " ms: " + thrown);
    }
  }

  @Test
  void aMissingSocketFileFailsToConnectWithLibpqsReasonAndLeavesTheSocketUnconnected()
      throws IOException {
    Files.delete(file);
    Socket socket = new UnixSocketFactory(file.toString()).createSocket();
    IOException e = assertThrows(IOException.class, () -> socket.connect(null, 1_000));
    assertEquals("No such file or directory", e.getMessage()); // what libpq says too
    assertFalse(socket.isConnected());
    socket.close();
  }

  @Test
  void aSocketFileNobodyListensOnIsRefused() throws IOException {
    server.close(); // the file stays
    Socket socket = new UnixSocketFactory(file.toString()).createSocket();
    IOException e = assertThrows(IOException.class, () -> socket.connect(null, 1_000));
    assertEquals("Connection refused", e.getMessage());
  }

  @Test
  void streamsOfAnUnconnectedOrClosedSocketAreRefused() throws IOException {
    Socket unconnected = new UnixSocketFactory(file.toString()).createSocket();
    assertThrows(java.net.SocketException.class, unconnected::getInputStream);
    Socket socket = connect();
    socket.close();
    assertThrows(java.net.SocketException.class, socket::getOutputStream);
    assertThrows(java.net.SocketException.class, () -> socket.setSoTimeout(1));
  }

  @Test
  void tcpOptionsAreKeptAndBufferSizesAreTheChannels() throws IOException {
    try (Socket socket = connect()) {
      socket.setTcpNoDelay(true);
      socket.setKeepAlive(true);
      assertTrue(socket.getTcpNoDelay());
      assertTrue(socket.getKeepAlive());
      socket.setReceiveBufferSize(65_536);
      assertTrue(socket.getReceiveBufferSize() >= 65_536);
      assertTrue(socket.getSendBufferSize() > 0);
      assertThrows(
          UnsupportedOperationException.class,
          () -> socket.getOption(java.net.StandardSocketOptions.IP_TOS));
    }
  }

  /**
   * Issue #26: with junixsocket, once as many virtual threads as CPUs waited for their sockets, no
   * other virtual thread's reply was read. Here every client but the last waits for a reply that
   * only comes after the last one has read its own.
   */
  @Test
  void moreVirtualThreadsThanCarriersWaitForTheirSocketsWithoutStalling() throws Exception {
    assumeTrue(Runtime.version().feature() >= 21, "no virtual threads before Java 21");
    int clients = 4 * Runtime.getRuntime().availableProcessors() + 1;
    List<Socket> sockets = new ArrayList<>();
    for (int i = 0; i < clients; i++) {
      sockets.add(connect());
    }
    CountDownLatch lastRead = new CountDownLatch(1);
    List<Thread> threads = new ArrayList<>();
    int[] received = new int[clients];
    for (int i = 0; i < clients; i++) {
      int client = i;
      Runnable waitForReply =
          () -> {
            try {
              received[client] = sockets.get(client).getInputStream().read();
              if (client == clients - 1) {
                lastRead.countDown();
              }
            } catch (IOException e) {
              received[client] = -2;
            }
          };
      Thread thread =
          ClientThreads.unstarted(ClientThreads.Kind.VIRTUAL, "client-" + i, waitForReply);
      thread.start();
      threads.add(thread);
    }
    assertTimeoutPreemptively(
        PATIENCE,
        () -> {
          Thread.sleep(200); // every reader waiting
          send(accepted.get(clients - 1), "L");
          lastRead.await();
          for (int i = 0; i < clients - 1; i++) {
            send(accepted.get(i), "R");
          }
          for (Thread thread : threads) {
            thread.join();
          }
        });
    for (int i = 0; i < clients; i++) {
      assertEquals(i == clients - 1 ? 'L' : 'R', received[i], "client " + i);
      sockets.get(i).close();
    }
  }
}
