package org.tpccpg.driver.connect;

import java.sql.SQLException;

/**
 * The run could not open all the connections it needs before starting: nothing was measured. The
 * message is the server's; {@link #needed()} and {@link #opened()} let the caller say which of its
 * options asked for them.
 */
public final class TooFewConnections extends SQLException {
  private static final long serialVersionUID = 1L;

  private final int needed;
  private final int opened;

  TooFewConnections(int needed, int opened, SQLException cause) {
    super(cause.getMessage(), cause.getSQLState(), cause);
    this.needed = needed;
    this.opened = opened;
  }

  /** The connections the run needed at once. */
  public int needed() {
    return needed;
  }

  /** How many opened before the attempts stopped; all are closed again. */
  public int opened() {
    return opened;
  }
}
