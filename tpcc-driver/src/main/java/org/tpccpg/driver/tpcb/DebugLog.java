package org.tpccpg.driver.tpcb;

import java.io.PrintWriter;
import java.util.List;

/**
 * {@code -d}: pgbench's debug lines of one client on stderr, {@code client 0 executing script
 * "..."}, {@code client 0 executing \set}, {@code client 0 sending ...}, {@code client 0
 * receiving}. Off, it prints nothing and costs a null check.
 */
final class DebugLog {
  static final DebugLog OFF = new DebugLog(null, 0, List.of());

  private final PrintWriter err;
  private final int client;
  private final List<String> scripts;

  /**
   * @param err where the lines go, or null for none
   * @param scripts each script's description, by index
   */
  DebugLog(PrintWriter err, int client, List<String> scripts) {
    this.err = err;
    this.client = client;
    this.scripts = scripts;
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

  void executing(String metaCommand) {
    line("executing \\" + metaCommand);
  }

  /** A statement about to be sent. */
  void sending(String sql) {
    line("sending " + sql);
  }

  /** Its result came back. */
  void receiving() {
    line("receiving");
  }

  private void line(String what) {
    if (err != null) {
      err.println("tpcc tpcb: debug: client " + client + " " + what);
      err.flush();
    }
  }
}
