package org.tpccpg.driver.connect;

import java.util.Properties;
import org.postgresql.plugin.AuthenticationPlugin;
import org.postgresql.plugin.AuthenticationRequestType;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;

/**
 * PgJDBC's password source when no password was resolved: a server that asks for one is answered as
 * libpq answers it ({@code fe_sendauth: no password supplied}), before anything is sent.
 *
 * <p>Without it an empty password would reach the server (an md5 or cleartext attempt that the
 * server logs as a failed login) or meet PgJDBC's SCRAM message about an empty string. The SQLSTATE
 * is 28000, invalid authorization, so that a run does not retry it as a lost connection. Kerberos
 * (GSS) asks too, for an optional password: it gets none and uses the ticket cache.
 */
public final class NoPasswordGiven implements AuthenticationPlugin {
  private final String user;

  /** PgJDBC creates the plugin with the connection's properties. */
  public NoPasswordGiven(Properties properties) {
    this.user = properties.getProperty("user", "");
  }

  @Override
  public char[] getPassword(AuthenticationRequestType type) throws PSQLException {
    if (type == AuthenticationRequestType.GSS) {
      return null;
    }
    throw new PSQLException(
        "fe_sendauth: no password supplied: the server asks for the password of user \""
            + user
            + "\" and none was given (PGPASSWORD, or a password file only its owner can read)",
        PSQLState.INVALID_AUTHORIZATION_SPECIFICATION);
  }
}
