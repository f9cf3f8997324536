package org.tpccpg.driver.connect;

import java.net.SocketException;

/**
 * The server at the other end of a unix socket runs as another operating-system user than {@code
 * requirepeer} names; its message is libpq's. Thrown by the socket as it connects, before a byte is
 * sent.
 */
public final class PeerMismatch extends SocketException {
  private static final long serialVersionUID = 1L;

  PeerMismatch(String required, String actual) {
    super(
        "requirepeer specifies \""
            + required
            + "\", but actual peer user name is \""
            + actual
            + "\"");
  }
}
