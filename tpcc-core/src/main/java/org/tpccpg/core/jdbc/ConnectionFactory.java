package org.tpccpg.core.jdbc;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Opens connections to the database under test. The library never decides how to connect: the
 * caller passes a factory (a {@code DataSource::getConnection}, a pool, or the command line's own
 * settings), and each worker thread asks it for the connections it owns.
 */
@FunctionalInterface
public interface ConnectionFactory {
  /** Opens a new connection; the caller closes it. */
  Connection open() throws SQLException;
}
