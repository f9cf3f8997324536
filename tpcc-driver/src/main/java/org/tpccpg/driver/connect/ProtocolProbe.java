package org.tpccpg.driver.connect;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.Arrays;

/**
 * Asks what answers on a TCP port that broke PostgreSQL's protocol, for the one line that says so:
 * PgJDBC only reports "An error occurred while setting up the SSL connection" or "Protocol error",
 * while psql names the byte it received ({@code received invalid response to SSL negotiation: H}).
 * Sends the SSLRequest every client sends first and reads the first bytes of the reply, with a
 * short timeout; nothing else is sent.
 */
final class ProtocolProbe {
  /** The most of the reply that is shown. */
  static final int SHOWN = 40;

  private static final int TIMEOUT_MILLIS = 2_000;
  private static final int SSL_REQUEST_CODE = 80_877_103; // PostgreSQL's SSLRequest

  private ProtocolProbe() {}

  /**
   * The first bytes the server sends in reply to an SSLRequest, up to {@link #SHOWN}.
   *
   * @throws IOException when it cannot be reached, answers nothing, or closes without a byte
   */
  static byte[] reply(String host, int port) throws IOException {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(host, port), TIMEOUT_MILLIS);
      socket.setSoTimeout(TIMEOUT_MILLIS);
      DataOutputStream out = new DataOutputStream(socket.getOutputStream());
      out.writeInt(8);
      out.writeInt(SSL_REQUEST_CODE);
      out.flush();
      InputStream in = socket.getInputStream();
      byte[] buffer = new byte[SHOWN];
      int read = in.read(buffer);
      if (read <= 0) {
        throw new IOException("the server closed the connection without answering");
      }
      // An HTTP server and the like send their first line at once; take what else has come.
      long until = System.nanoTime() + 100_000_000L;
      while (read < SHOWN && System.nanoTime() < until && in.available() > 0) {
        int more = in.read(buffer, read, SHOWN - read);
        if (more <= 0) {
          break;
        }
        read += more;
      }
      return Arrays.copyOf(buffer, read);
    }
  }

  /** The first character as psql prints it: itself when printable, else {@code \xNN}. */
  static String firstCharacter(byte[] reply) {
    return printable(reply[0]);
  }

  /** The reply's first line, printable, for the message: {@code "HTTP/1.1 400 Bad Request"}. */
  static String firstLine(byte[] reply) {
    StringBuilder text = new StringBuilder();
    for (byte b : reply) {
      if (b == '\r' || b == '\n') {
        break;
      }
      text.append(printable(b));
    }
    return text.toString();
  }

  private static String printable(byte b) {
    int c = b & 0xff;
    return c >= 0x20 && c < 0x7f ? Character.toString(c) : String.format("\\x%02x", c);
  }
}
