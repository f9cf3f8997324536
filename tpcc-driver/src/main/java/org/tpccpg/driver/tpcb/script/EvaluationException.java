package org.tpccpg.driver.tpcb.script;

/**
 * A script command failed while running, with pgbench's message (for example {@code "bigint add out
 * of range"}); pgbench aborts the client on it.
 */
public final class EvaluationException extends Exception {
  private static final long serialVersionUID = 1L;

  public EvaluationException(String message) {
    super(message);
  }
}
