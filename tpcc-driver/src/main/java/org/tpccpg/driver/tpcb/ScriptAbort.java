package org.tpccpg.driver.tpcb;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * A meta-command failed: the client aborts with pgbench's lines, the detail (if any) and then
 * {@code client N aborted in command C (name) of script S; ...}. No SQLSTATE: never retried.
 */
final class ScriptAbort extends SQLException {
  private static final long serialVersionUID = 1L;

  private final String detail;
  private final String abortLine;

  /**
   * @param detail pgbench's first line, empty or null for none
   * @param abortLine the line naming client, command and script, or null when {@code detail} is the
   *     whole message
   */
  ScriptAbort(String detail, String abortLine) {
    super(abortLine == null ? detail : abortLine);
    this.detail = detail;
    this.abortLine = abortLine;
  }

  /** The lines pgbench prints after {@code pgbench: error: }. */
  List<String> lines() {
    List<String> lines = new ArrayList<>();
    if (detail != null && !detail.isEmpty()) {
      lines.add(detail);
    }
    if (abortLine != null) {
      lines.add(abortLine);
    }
    return lines;
  }
}
