package org.tpccpg.driver.tpcb;

import java.io.PrintWriter;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.tpccpg.driver.connect.StatementMode;

/**
 * {@code -d}: pgbench's debug lines of one client on stderr, {@code client 0 executing script
 * "..."}, {@code client 0 executing \set aid} (the command's words as pgbench keeps them: for
 * {@code \set} the variable, for {@code \if} none), {@code client 0 sending ...}, {@code client 0
 * receiving}, each after {@code tpcc tpcb: } where pgbench's has {@code pgbench: } (its debug level
 * adds no {@code debug:}). Off, it prints nothing and costs a null check.
 */
final class DebugLog {
  static final DebugLog OFF = new DebugLog(null, 0, List.of(), StatementMode.SIMPLE);

  private final PrintWriter err;
  private final int client;
  private final List<String> scripts;
  private final StatementMode mode;
  private final Set<Long> prepared = new HashSet<>(); // (script, command) prepared on preparedOn
  private Object preparedOn;

  /**
   * @param err where the lines go, or null for none
   * @param scripts each script's description, by index
   * @param mode the statement mode (-M)
   */
  DebugLog(PrintWriter err, int client, List<String> scripts, StatementMode mode) {
    this.err = err;
    this.client = client;
    this.scripts = scripts;
    this.mode = mode;
  }

  /** How the client sends its statements (-M): what {@code sending} names. */
  StatementMode mode() {
    return mode;
  }

  /**
   * A statement about to be sent under {@code -M prepared}, named as pgbench names it, {@code P_k}
   * for the script's k-th statement: {@code preparing P_k} the first time on a connection (pgbench
   * prepares each statement as it first uses it), then {@code sending P_k}.
   *
   * @param connection the client's connection: a new one (-C, a reconnect) prepares again
   */
  void sendingPrepared(Object connection, int script, int command, int ordinal) {
    if (err == null) {
      return;
    }
    if (connection != preparedOn) {
      preparedOn = connection;
      prepared.clear();
    }
    String name = "P_" + ordinal;
    if (prepared.add(((long) script << 32) | command)) {
      line("preparing " + name);
    }
    sending(name);
  }

  boolean on() {
    return err != null;
  }

  void script(int index) {
    if (err == null) {
      return; // OFF has no descriptions
    }
    line("executing script \"" + scripts.get(index) + "\"");
  }

  /**
   * A meta-command about to run.
   *
   * @param words pgbench's argv of it: the command's name, then its words
   */
  void executing(List<String> words) {
    if (err != null) {
      line("executing \\" + String.join(" ", words));
    }
  }

  /**
   * A statement about to be sent, then pgbench's first {@code receiving}: its client prints one
   * each time it looks for the result, once as it starts waiting and once when the result came
   * ({@link #receiving()}).
   */
  void sending(String sql) {
    line("sending " + sql);
    line("receiving");
  }

  /** Its result came back. */
  void receiving() {
    line("receiving");
  }

  private void line(String what) {
    if (err != null) {
      err.println("tpcc tpcb: client " + client + " " + what);
      err.flush();
    }
  }
}
