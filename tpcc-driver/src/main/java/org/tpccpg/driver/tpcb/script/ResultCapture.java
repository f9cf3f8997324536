package org.tpccpg.driver.tpcb.script;

import java.util.List;

/**
 * Stores the results of an SQL command ended by {@code \gset} or {@code \aset} into variables, as
 * pgbench's readCommandResponse(): {@code \gset} needs exactly one row in the last result; {@code
 * \aset} takes the last row of every result that has rows; each column becomes the variable {@code
 * prefix + column name}, holding the value's text.
 */
public final class ResultCapture {
  private ResultCapture() {}

  /**
   * Stores {@code results} (in order, one per statement of the command) as {@code command} asks;
   * nothing for a command without {@code \gset}/{@code \aset}.
   *
   * @throws CaptureException with the query's number and pgbench's message
   */
  public static void store(SqlCommand command, List<QueryResult> results, Variables variables)
      throws CaptureException {
    if (results.isEmpty()) {
      throw new CaptureException(-1, "no results");
    }
    SqlCommand.Capture capture = command.capture();
    for (int query = 0; query < results.size(); query++) {
      QueryResult result = results.get(query);
      boolean last = query == results.size() - 1;
      boolean gset = capture == SqlCommand.Capture.GSET && last;
      if (result.rows() < 0) {
        if (gset) {
          throw new CaptureException(query, "expected one row, got 0");
        }
        continue;
      }
      if (!gset && capture != SqlCommand.Capture.ASET) {
        continue;
      }
      if (gset && result.rows() != 1) {
        throw new CaptureException(query, "expected one row, got " + result.rows());
      }
      if (result.rows() == 0) {
        continue; // \aset skips empty results
      }
      String context = capture == SqlCommand.Capture.ASET ? "aset" : "gset";
      for (int column = 0; column < result.columns().size(); column++) {
        String name = command.prefix() + result.columns().get(column);
        try {
          variables.put(context, name, result.lastRow().get(column));
        } catch (EvaluationException e) {
          throw new CaptureException(query, "error storing into variable " + name, e);
        }
      }
    }
  }

  /** A result pgbench would refuse; the client aborts. */
  public static final class CaptureException extends Exception {
    private static final long serialVersionUID = 1L;

    private final int query;

    CaptureException(int query, String message) {
      super(message);
      this.query = query;
    }

    CaptureException(int query, String message, EvaluationException cause) {
      super(message, cause);
      this.query = query;
    }

    /** The 0-based statement of the command whose result is refused, -1 when none came. */
    public int query() {
      return query;
    }

    /**
     * pgbench's line for client {@code client} at command {@code command} of script {@code script}.
     */
    public String pgbenchMessage(int client, int script, int command) {
      if (query < 0) {
        return "client " + client + " command " + command + ": " + getMessage();
      }
      return "client "
          + client
          + " script "
          + script
          + " command "
          + command
          + " query "
          + query
          + ": "
          + getMessage();
    }
  }
}
