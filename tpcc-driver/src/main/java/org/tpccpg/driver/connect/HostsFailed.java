package org.tpccpg.driver.connect;

import java.sql.SQLException;
import java.util.List;

/**
 * No server of a target that names several took the connection: each server's failure, in the order
 * they were tried, as libpq's message lists them, a line or more each. Its SQLSTATE and cause are
 * the last failure's, which decided that no server was left to try.
 */
public final class HostsFailed extends SQLException {
  private static final long serialVersionUID = 1L;

  /** Each server tried, with why it did not take the connection. */
  public record Attempt(ConnectionSettings server, SQLException failure) {}

  private final transient List<Attempt> attempts;

  HostsFailed(List<Attempt> attempts) {
    super(
        String.join("\n", attempts.stream().map(a -> a.failure().getMessage()).toList()),
        attempts.get(attempts.size() - 1).failure().getSQLState(),
        attempts.get(attempts.size() - 1).failure());
    this.attempts = List.copyOf(attempts);
  }

  /** The servers tried and their failures, in the order tried. */
  public List<Attempt> attempts() {
    return attempts;
  }
}
