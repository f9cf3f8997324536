package org.tpccpg.driver.tpcb;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.postgresql.util.PSQLException;
import org.tpccpg.driver.connect.StatementMode;
import org.tpccpg.driver.tpcb.script.Command;
import org.tpccpg.driver.tpcb.script.Script;
import org.tpccpg.driver.tpcb.script.SqlCommand;

/**
 * One client's statements for the SQL commands of its custom scripts under {@code -M extended} and
 * {@code prepared}, on its current connection. Under {@code prepared}, as pgbench 15 does, every
 * SQL command of a script is prepared before the script's first command is sent on a connection: a
 * command that fails to prepare is reported then (pgbench's line), and aborts the client when it is
 * reached, with the line pgbench prints when the server refuses to run the missing statement.
 * PgJDBC prepares its named statement at the first execution, so preparing here means having the
 * server parse the command (PgJDBC's describe), which finds the same errors a PREPARE would.
 */
final class ScriptStatements {
  private final List<Script> scripts;
  private final int[] firstNames;
  private final boolean prepareAll;
  private final PrintWriter err;
  private final int client;
  private final Map<Integer, Prepared[]> statements = new HashMap<>();
  private Connection on;

  /**
   * @param scripts per script index, the custom script or null for a builtin
   * @param firstNames per script index, the number in pgbench's name of its first SQL command
   *     ({@code P_n}: pgbench numbers the SQL commands of all scripts in command-line order)
   */
  ScriptStatements(
      List<Script> scripts, int[] firstNames, StatementMode mode, PrintWriter err, int client) {
    this.scripts = scripts;
    this.firstNames = firstNames.clone();
    this.prepareAll = mode == StatementMode.PREPARED;
    this.err = err;
    this.client = client;
  }

  /**
   * The statement of command {@code index} of script {@code script} on {@code connection}.
   *
   * @throws ScriptAbort when the command has too many variables, or could not be prepared
   */
  Prepared get(Connection connection, int script, int index, SqlCommand sql) throws SQLException {
    if (connection != on) {
      statements.clear(); // a new connection (-C, or after a lost one): its own statements
      on = connection;
    }
    Prepared[] prepared = statements.get(script);
    if (prepared == null) {
      prepared = new Prepared[scripts.get(script).commands().size()];
      if (prepareAll) {
        prepareAll(connection, script, prepared);
      }
      statements.put(script, prepared);
    }
    if (prepared[index] == null) {
      SqlCommand.Parameterized parameters = parameterized(sql);
      prepared[index] =
          new Prepared(connection.prepareStatement(parameters.sql()), parameters, null);
    }
    if (prepared[index].statement() == null) {
      throw new ScriptAbort(
          "client "
              + client
              + " script "
              + script
              + " aborted in command "
              + index
              + " query 0: ERROR:  prepared statement \""
              + prepared[index].name()
              + "\" does not exist",
          null);
    }
    return prepared[index];
  }

  /** pgbench's loop over the script's SQL commands, each prepared (parsed) on the server now. */
  private void prepareAll(Connection connection, int script, Prepared[] prepared)
      throws SQLException {
    List<Command> commands = scripts.get(script).commands();
    int number = firstNames[script];
    for (int i = 0; i < commands.size(); i++) {
      if (!(commands.get(i) instanceof SqlCommand sql)) {
        continue;
      }
      String name = "P_" + number++;
      SqlCommand.Parameterized parameters;
      try {
        parameters = sql.jdbcParameterized();
      } catch (IllegalArgumentException e) {
        continue; // told when the command is reached
      }
      PreparedStatement statement = connection.prepareStatement(parameters.sql());
      try {
        statement.getParameterMetaData(); // Parse and Describe: the server checks the command
        prepared[i] = new Prepared(statement, parameters, name);
      } catch (SQLException e) {
        if (!(e instanceof PSQLException psql) || psql.getServerErrorMessage() == null) {
          statement.close();
          throw e; // not the server's refusal (a lost connection): the try fails
        }
        statement.close();
        err.println("tpcc tpcb: error: " + PgbenchError.serverError(e, sql.parameterized().sql()));
        err.flush();
        prepared[i] = new Prepared(null, parameters, name);
      }
    }
  }

  private static SqlCommand.Parameterized parameterized(SqlCommand sql) throws ScriptAbort {
    try {
      return sql.jdbcParameterized();
    } catch (IllegalArgumentException e) {
      throw new ScriptAbort(e.getMessage(), null); // more than 255 variables
    }
  }

  /** Binds each value as an untyped text parameter, as pgbench does; null as SQL NULL. */
  static void bind(PreparedStatement statement, List<String> values) throws SQLException {
    for (int p = 0; p < values.size(); p++) {
      if (values.get(p) == null) {
        statement.setNull(p + 1, Types.OTHER); // pgbench binds an undefined variable as NULL
      } else {
        statement.setObject(p + 1, values.get(p), Types.OTHER); // untyped, as pgbench's
      }
    }
  }

  /**
   * A command's statement on one connection.
   *
   * @param statement null when the server refused to prepare it
   * @param parameters its text with {@code ?} and the variables bound to them
   * @param name pgbench's name for it under {@code -M prepared}, or null
   */
  record Prepared(PreparedStatement statement, SqlCommand.Parameterized parameters, String name) {}
}
