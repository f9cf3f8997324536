package org.tpccpg.driver.connect;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.SocketOption;
import java.net.SocketTimeoutException;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import jdk.net.ExtendedSocketOptions;

/**
 * A client's connection to a unix-domain socket file, on the JDK's own {@link SocketChannel} (Java
 * 16+), in the shape of the {@link Socket} PgJDBC reads and writes through.
 *
 * <p>The JDK's channel parks a virtual thread that waits for its socket and frees the carrier, as
 * its TCP sockets do, so clients may run on virtual threads over a socket too. junixsocket 2.11,
 * which this replaces, polled in a blocking native call on a pool of one thread per CPU, and a run
 * of virtual threads stalled for good once as many clients as CPUs waited on row locks (issue #26).
 *
 * <p>It does not bind, listen, use TLS (libpq does not either over a socket) or honour a connect
 * timeout (a unix socket connects at once or fails, unless the server's backlog is full). TCP's
 * {@code TCP_NODELAY} and {@code SO_KEEPALIVE} are kept and answered but mean nothing here. A read
 * with a timeout ({@link #setSoTimeout}, PgJDBC's network timeout) waits on a selector of its own;
 * a read without one, PgJDBC's default, blocks in the channel. Interrupting a thread that reads or
 * writes closes the socket (the channel is interruptible), as the JDK's TCP sockets do on virtual
 * threads; the tool interrupts clients only when it also closes their connections. Given a required
 * peer (libpq's {@code requirepeer}), it checks the user the server runs as right after connecting
 * ({@code SO_PEERCRED}) and fails with {@link PeerMismatch} if that is someone else.
 */
final class UnixSocket extends Socket {
  private final Path file;
  private final String requiredPeer;
  private final Object lifecycle = new Object(); // connect against close
  private volatile SocketChannel channel; // null until connected
  private volatile int timeoutMillis;
  private volatile boolean tcpNoDelay;
  private volatile boolean keepAlive;
  private volatile Selector waiting; // a timed read's while it waits, for close() to wake
  private final InputStream in = new In();
  private final OutputStream out = new Out();

  /**
   * @param requiredPeer the operating-system user the server must run as, empty for no check
   */
  UnixSocket(Path file, String requiredPeer) {
    this.file = Objects.requireNonNull(file, "file");
    this.requiredPeer = Objects.requireNonNull(requiredPeer, "requiredPeer");
  }

  /** Connects to the socket file; {@code ignored} is PgJDBC's {@code localhost} and port. */
  @Override
  public void connect(SocketAddress ignored) throws IOException {
    connect(ignored, 0);
  }

  @Override
  public void connect(SocketAddress ignored, int timeoutMillis) throws IOException {
    synchronized (lifecycle) {
      if (isClosed()) {
        throw new SocketException("Socket is closed");
      }
      if (channel != null) {
        throw new SocketException("already connected");
      }
      SocketChannel opened = SocketChannel.open(StandardProtocolFamily.UNIX);
      try {
        opened.connect(UnixDomainSocketAddress.of(file));
        checkPeer(opened);
      } catch (IOException | RuntimeException e) {
        opened.close();
        throw e;
      }
      channel = opened;
    }
  }

  private void checkPeer(SocketChannel opened) throws IOException {
    if (!requiredPeer.isEmpty()) {
      String actual = opened.getOption(ExtendedSocketOptions.SO_PEERCRED).user().getName();
      if (!actual.equals(requiredPeer)) {
        throw new PeerMismatch(requiredPeer, actual);
      }
    }
  }

  @Override
  public void close() throws IOException {
    synchronized (lifecycle) {
      try {
        if (channel != null) {
          channel.close(); // wakes a read or write blocked on it
        }
        Selector timedRead = waiting;
        if (timedRead != null) {
          timedRead.wakeup(); // a no-op once the reader has closed it
        }
      } finally {
        super.close();
      }
    }
  }

  @Override
  public InputStream getInputStream() throws IOException {
    connected();
    return in;
  }

  @Override
  public OutputStream getOutputStream() throws IOException {
    connected();
    return out;
  }

  @Override
  public boolean isConnected() {
    return channel != null;
  }

  @Override
  public boolean isBound() {
    return isConnected();
  }

  @Override
  public SocketAddress getRemoteSocketAddress() {
    return isConnected() ? UnixDomainSocketAddress.of(file) : null;
  }

  /** None: the socket has no IP address. */
  @Override
  public InetAddress getInetAddress() {
    return null;
  }

  /** Loopback: the server is on this host, and the socket has no address of its own. */
  @Override
  public InetAddress getLocalAddress() {
    return InetAddress.getLoopbackAddress();
  }

  @Override
  public SocketAddress getLocalSocketAddress() {
    return null;
  }

  @Override
  public int getPort() {
    return 0;
  }

  @Override
  public int getLocalPort() {
    return -1;
  }

  @Override
  public void setSoTimeout(int timeout) throws SocketException {
    if (timeout < 0) {
      throw new IllegalArgumentException("timeout can't be negative");
    }
    if (isClosed()) {
      throw new SocketException("Socket is closed");
    }
    timeoutMillis = timeout;
  }

  @Override
  public int getSoTimeout() {
    return timeoutMillis;
  }

  @Override
  public void setTcpNoDelay(boolean on) {
    tcpNoDelay = on;
  }

  @Override
  public boolean getTcpNoDelay() {
    return tcpNoDelay;
  }

  @Override
  public void setKeepAlive(boolean on) {
    keepAlive = on;
  }

  @Override
  public boolean getKeepAlive() {
    return keepAlive;
  }

  @Override
  public void setSendBufferSize(int size) throws SocketException {
    setBufferSize(StandardSocketOptions.SO_SNDBUF, size);
  }

  @Override
  public int getSendBufferSize() throws SocketException {
    return bufferSize(StandardSocketOptions.SO_SNDBUF);
  }

  @Override
  public void setReceiveBufferSize(int size) throws SocketException {
    setBufferSize(StandardSocketOptions.SO_RCVBUF, size);
  }

  @Override
  public int getReceiveBufferSize() throws SocketException {
    return bufferSize(StandardSocketOptions.SO_RCVBUF);
  }

  private void setBufferSize(SocketOption<Integer> option, int size) throws SocketException {
    if (size <= 0) {
      throw new IllegalArgumentException("negative " + option + ": " + size);
    }
    try {
      connected().setOption(option, size);
    } catch (IOException e) {
      throw asSocketException(e);
    }
  }

  private int bufferSize(SocketOption<Integer> option) throws SocketException {
    try {
      return connected().getOption(option);
    } catch (IOException e) {
      throw asSocketException(e);
    }
  }

  /** Socket's option methods throw only SocketException; a channel's throw any IOException. */
  private static SocketException asSocketException(IOException e) {
    return e instanceof SocketException s
        ? s
        : (SocketException) new SocketException(e.getMessage()).initCause(e);
  }

  @Override
  public void shutdownInput() throws IOException {
    connected().shutdownInput();
  }

  @Override
  public void shutdownOutput() throws IOException {
    connected().shutdownOutput();
  }

  /**
   * The channel's own options (buffer sizes, linger) and TCP's two flags PgJDBC sets; others are
   * unsupported, as {@link Socket#setOption} allows.
   */
  @Override
  public <T> Socket setOption(SocketOption<T> name, T value) throws IOException {
    if (name == StandardSocketOptions.TCP_NODELAY) {
      tcpNoDelay = (Boolean) value;
    } else if (name == StandardSocketOptions.SO_KEEPALIVE) {
      keepAlive = (Boolean) value;
    } else {
      connected(name).setOption(name, value);
    }
    return this;
  }

  @Override
  @SuppressWarnings("unchecked")
  public <T> T getOption(SocketOption<T> name) throws IOException {
    if (name == StandardSocketOptions.TCP_NODELAY) {
      return (T) Boolean.valueOf(tcpNoDelay);
    }
    if (name == StandardSocketOptions.SO_KEEPALIVE) {
      return (T) Boolean.valueOf(keepAlive);
    }
    return connected(name).getOption(name);
  }

  @Override
  public Set<SocketOption<?>> supportedOptions() {
    return Set.of(
        StandardSocketOptions.TCP_NODELAY,
        StandardSocketOptions.SO_KEEPALIVE,
        StandardSocketOptions.SO_SNDBUF,
        StandardSocketOptions.SO_RCVBUF,
        StandardSocketOptions.SO_LINGER);
  }

  @Override
  public String toString() {
    return "UnixSocket[" + file + (isClosed() ? ", closed]" : "]");
  }

  private SocketChannel connected() throws SocketException {
    SocketChannel connected = channel;
    if (isClosed()) {
      throw new SocketException("Socket is closed");
    }
    if (connected == null) {
      throw new SocketException("Socket is not connected");
    }
    return connected;
  }

  /** The channel for a read or write, without {@link #isClosed()}'s lock. */
  private SocketChannel channel() throws SocketException {
    SocketChannel connected = channel;
    if (connected == null) {
      throw new SocketException("Socket is not connected");
    }
    return connected;
  }

  private SocketChannel connected(SocketOption<?> option) throws SocketException {
    if (!supportedOptions().contains(option)) {
      throw new UnsupportedOperationException("'" + option + "' not supported");
    }
    return connected();
  }

  /**
   * Reads what has come, else waits for bytes at most the timeout on a selector of its own (timed
   * reads are rare: PgJDBC's network timeout and its check for notifications).
   */
  private int timedRead(SocketChannel from, ByteBuffer target, int timeout) throws IOException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeout);
    from.configureBlocking(false);
    try {
      int read = from.read(target);
      if (read != 0) {
        return read;
      }
      try (Selector selector = Selector.open()) {
        waiting = selector;
        from.register(selector, SelectionKey.OP_READ);
        while (read == 0) {
          long left = deadline - System.nanoTime();
          if (left <= 0) {
            throw new SocketTimeoutException("Read timed out");
          }
          selector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left))); // 0: forever
          selector.selectedKeys().clear();
          read = from.read(target);
        }
        return read;
      } finally {
        waiting = null; // closing the selector deregistered the channel
      }
    } finally {
      if (from.isOpen()) {
        from.configureBlocking(true);
      }
    }
  }

  /** Reads from the channel; closing it closes the socket, as a socket's stream does. */
  private final class In extends InputStream {
    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      int read = read(one, 0, 1);
      return read <= 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] bytes, int offset, int length) throws IOException {
      Objects.checkFromIndexSize(offset, length, bytes.length);
      if (length == 0) {
        return 0;
      }
      SocketChannel from = channel(); // closed, it throws ClosedChannelException
      ByteBuffer target = ByteBuffer.wrap(bytes, offset, length);
      int timeout = timeoutMillis;
      // blocking, a read returns at least one byte or -1 at the end
      return timeout == 0 ? from.read(target) : timedRead(from, target, timeout);
    }

    @Override
    public void close() throws IOException {
      UnixSocket.this.close();
    }
  }

  /** Writes every byte to the channel; closing it closes the socket. */
  private final class Out extends OutputStream {
    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
      Objects.checkFromIndexSize(offset, length, bytes.length);
      SocketChannel to = channel(); // closed, it throws ClosedChannelException
      ByteBuffer source = ByteBuffer.wrap(bytes, offset, length);
      while (source.hasRemaining()) {
        to.write(source);
      }
    }

    @Override
    public void close() throws IOException {
      UnixSocket.this.close();
    }
  }
}
