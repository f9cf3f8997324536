package org.tpccpg.driver.connect;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
import org.postgresql.util.PSQLException;

/**
 * Opens a connection to the first server of a host list that takes it, as libpq does: in the order
 * given, or in a random order for each connection with {@code load_balance_hosts=random} (PgJDBC's
 * {@code loadBalanceHosts=true}); the next server is tried when one cannot be reached, does not
 * answer within {@code connect_timeout}, or is not the kind of server {@code target_session_attrs}
 * asks for, and {@code prefer-standby} looks for a standby among them all before it takes any. A
 * server that answers with an error of its own (a password refused, no such database, too many
 * connections) ends the attempt, as libpq's does. So a client that reconnects after its server went
 * away reaches whichever server is the primary now.
 *
 * <p>It does not remember which server answered before: every connection starts again from the
 * first, as each of libpq's does (PgJDBC's cache of host states, which is per JVM and outlives a
 * failover by its {@code hostRecheckSeconds}, is not used). It connects to each server through
 * {@link ConnectionSettings#connectOne}, one PgJDBC URL of one host, so that each has its own
 * password, {@code hostaddr}, socket and failure message.
 */
final class HostSequence {
  private static final String SERVER_TYPE = "targetServerType";
  private static final String LOAD_BALANCE = "loadBalanceHosts";

  private HostSequence() {}

  /**
   * @throws HostsFailed with each server's failure, in the order tried
   */
  static Connection connect(
      List<ConnectionSettings> hosts, Properties extra, String applicationName) throws HostsFailed {
    List<ConnectionSettings> order = hosts;
    if ("true".equalsIgnoreCase(property(hosts, extra, LOAD_BALANCE))) {
      order = new ArrayList<>(hosts);
      Collections.shuffle(order, ThreadLocalRandom.current());
    }
    List<HostsFailed.Attempt> failures = new ArrayList<>();
    Connection connection;
    if ("preferSecondary".equals(property(hosts, extra, SERVER_TYPE))) {
      connection = firstTaking(order, with(extra, "secondary"), applicationName, failures);
      if (connection == null && !failures.isEmpty() && !endsTrying(last(failures))) {
        connection = firstTaking(order, with(extra, "any"), applicationName, failures);
      }
    } else {
      connection = firstTaking(order, extra, applicationName, failures);
    }
    if (connection != null) {
      return connection;
    }
    throw new HostsFailed(failures);
  }

  /**
   * The first server that takes the connection, or null, each failure added to {@code failures}.
   */
  private static Connection firstTaking(
      List<ConnectionSettings> hosts,
      Properties extra,
      String applicationName,
      List<HostsFailed.Attempt> failures) {
    for (ConnectionSettings host : hosts) {
      try {
        return host.connectOne(extra, applicationName);
      } catch (SQLException e) {
        failures.add(new HostsFailed.Attempt(host, e));
        if (endsTrying(e)) {
          return null;
        }
      }
    }
    return null;
  }

  /** Whether the server itself refused (an ErrorResponse), after which libpq tries no other. */
  private static boolean endsTrying(SQLException failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof PSQLException psql && psql.getServerErrorMessage() != null) {
        return true;
      }
    }
    return false;
  }

  private static SQLException last(List<HostsFailed.Attempt> failures) {
    return failures.get(failures.size() - 1).failure();
  }

  /** A property as the connection would have it: the extras win over the target's own. */
  private static String property(List<ConnectionSettings> hosts, Properties extra, String name) {
    String value = extra.getProperty(name);
    return value != null ? value : hosts.get(0).client().driverProperties().get(name);
  }

  private static Properties with(Properties extra, String serverType) {
    Properties copy = new Properties();
    copy.putAll(extra);
    copy.setProperty(SERVER_TYPE, serverType);
    return copy;
  }
}
