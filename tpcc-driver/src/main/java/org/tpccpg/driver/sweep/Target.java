package org.tpccpg.driver.sweep;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A server (or a pooler in front of one) that the sweep runs on. The password is never here: the
 * child runs find it in {@code PGPASSWORD} or {@code ~/.pgpass}, as every command does.
 *
 * @param name as in {@code [target NAME]}, unique, in cell ids
 * @param host host name, address or unix-socket directory; null for the environment's or default
 * @param port null for the environment's or 5432
 * @param dbname the database
 * @param user null for the environment's or the OS user
 * @param connectionString the connection as one string ({@code conninfo} or {@code url}), or null;
 *     then host, port and user are null and dbname is the one it names
 * @param options extra arguments per workload kind ({@code tpcb}, {@code tpcc}), after the
 *     workload's own, e.g. {@code --db-ps-mode=disable} for a pgbouncer in transaction mode; kept
 *     in the order given, which the manifest writes
 * @param prepare whether the workloads that prepare their data do it on this target (false for a
 *     pooler or a second name of a server another target prepares)
 * @param restartCommand a shell command that restarts the server, or null: settings of context
 *     {@code postmaster} are refused without one
 */
public record Target(
    String name,
    String host,
    Integer port,
    String dbname,
    String user,
    ConnectionString connectionString,
    Map<String, List<String>> options,
    boolean prepare,
    String restartCommand) {
  public Target {
    options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
  }

  /** The extra arguments for a workload of this kind. */
  public List<String> options(String kind) {
    return options.getOrDefault(kind, List.of());
  }
}
