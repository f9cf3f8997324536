package org.tpccpg.driver.connect;

import java.net.UnknownHostException;
import java.util.Optional;

/**
 * libpq's line for a host name that could not be looked up, {@code could not translate host name
 * "db1" to address}: PgJDBC says only "The connection attempt failed." and keeps the failure in an
 * {@link UnknownHostException} among the causes. libpq adds the resolver's words ({@code : Name or
 * service not known}); the JDK keeps them from a socket given an unresolved address, as PgJDBC's
 * is, and answers a second lookup from its cache of failed ones without them, so they are left out.
 */
public final class HostLookup {
  private HostLookup() {}

  /** libpq's line if a host lookup is among the causes of {@code failure}; else empty. */
  public static Optional<String> failure(String host, Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof UnknownHostException) {
        return Optional.of("could not translate host name \"" + host + "\" to address");
      }
    }
    return Optional.empty();
  }
}
