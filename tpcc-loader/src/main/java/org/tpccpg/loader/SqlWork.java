package org.tpccpg.loader;

import java.sql.Connection;
import java.sql.SQLException;

/** One piece of a parallel phase, run on a connection owned by the worker thread. */
@FunctionalInterface
interface SqlWork {
  void run(Connection connection) throws SQLException;
}
