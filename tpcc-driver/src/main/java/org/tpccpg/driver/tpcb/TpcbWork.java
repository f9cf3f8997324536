package org.tpccpg.driver.tpcb;

import java.sql.SQLException;
import org.tpccpg.driver.engine.ClientSession;
import org.tpccpg.driver.engine.ClientWork;

/**
 * A pgbench client's work for the engine: draws a script by weight (the kind is its index) and runs
 * its commands; a retry keeps the {@code \set} values of the first try, as pgbench does.
 */
final class TpcbWork implements ClientWork {
  private final TpcbSession session;
  private final ScriptChooser scripts;
  private final ScriptExecutor executor;
  private int script;
  private boolean retry;

  TpcbWork(TpcbSession session, ScriptChooser scripts, ScriptExecutor executor) {
    this.session = session;
    this.scripts = scripts;
    this.executor = executor;
  }

  @Override
  public ClientSession session() {
    return session;
  }

  @Override
  public int draw() {
    script = scripts.next();
    retry = false;
    return script;
  }

  @Override
  public boolean execute() throws SQLException {
    boolean again = retry;
    retry = true;
    executor.run(session.current(), script, again);
    return true;
  }

  @Override
  public void afterCompleted() throws SQLException {
    executor.afterCompleted();
  }

  @Override
  public void rollback() throws SQLException {
    executor.rollback(session.current());
  }
}
