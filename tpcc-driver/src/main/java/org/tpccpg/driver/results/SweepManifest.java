package org.tpccpg.driver.results;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything a sweep writes into a bundle's {@code manifest.json} (docs/sweep.md), as {@link
 * SweepManifestJson} writes it: what ran where, with which tool, on which machine and servers, and
 * each cell's status. {@link SweepBundle} reads back the members that report, compare and a resumed
 * sweep use. It holds values only: the sweep builds one from its state for every write.
 *
 * @param head the tool, the machine and the sweep file's dimensions
 * @param settingsRestored false while a settings dimension's values are applied to the targets
 * @param targets in the sweep file's order
 * @param workloads in the sweep file's order
 * @param prepared the {@code target/workload} keys whose data are prepared, in that order
 * @param preparing the keys whose preparation began and did not finish
 * @param cells every cell, in the order they run
 */
public record SweepManifest(
    Head head,
    boolean settingsRestored,
    List<Target> targets,
    List<Workload> workloads,
    List<String> prepared,
    List<String> preparing,
    List<SweepCell> cells) {
  public SweepManifest {
    targets = List.copyOf(targets);
    workloads = List.copyOf(workloads);
    prepared = List.copyOf(prepared);
    preparing = List.copyOf(preparing);
    cells = List.copyOf(cells);
  }

  /**
   * The sweep as a whole.
   *
   * @param toolVersion the tool's version
   * @param toolCommit the tool's commit
   * @param host the machine the sweep ran on
   * @param created when the bundle was created, ISO-8601 UTC
   * @param sweepFile the sweep file's name
   * @param seed every cell's random seed
   * @param clients the client counts
   * @param length each cell's length, unless its workload has its own
   * @param warmupSeconds run before each cell, not measured
   * @param repeats how many times each cell runs
   * @param settingsDimension per setting its values, in the sweep file's order
   */
  public record Head(
      String toolVersion,
      String toolCommit,
      Host host,
      String created,
      String sweepFile,
      long seed,
      List<Integer> clients,
      Length length,
      int warmupSeconds,
      int repeats,
      Map<String, List<String>> settingsDimension) {
    public Head {
      clients = List.copyOf(clients);
      settingsDimension = Collections.unmodifiableMap(new LinkedHashMap<>(settingsDimension));
    }
  }

  /** The machine: its name, CPU model, cores, kernel and operating system. */
  public record Host(String name, String cpu, int cores, String kernel, String os) {}

  /** A cell's length: {@code seconds} of measured time, or else transactions per client. */
  public record Length(Integer seconds, Long eventsPerClient) {}

  /**
   * A target as the sweep connected to it, with the settings it found and changed.
   *
   * @param name the target's name
   * @param serverVersion {@code server_version} at the start of the sweep
   * @param nonDefaultSettings the settings not at their default then, secrets masked
   * @param host the host connected to
   * @param port the port connected to
   * @param dbname the database
   * @param user the role connected as
   * @param connectionKey {@code conninfo} or {@code url} when the target was named by one, or null
   * @param connectionText that connection string (it cannot hold a password), or null
   * @param options per workload kind the target's own options
   * @param prepare whether the target's data are prepared by the sweep
   * @param restartCommand the command that restarts its server, or null
   * @param originalSettings per swept setting its {@code postgresql.auto.conf} value before the
   *     sweep (null: none)
   * @param originalInForce per swept setting the value in force before the sweep
   */
  public record Target(
      String name,
      String serverVersion,
      Map<String, String> nonDefaultSettings,
      String host,
      int port,
      String dbname,
      String user,
      String connectionKey,
      String connectionText,
      Map<String, List<String>> options,
      boolean prepare,
      String restartCommand,
      Map<String, String> originalSettings,
      Map<String, String> originalInForce) {}

  /**
   * A workload of the sweep file.
   *
   * @param name its name
   * @param kind {@code tpcb} or {@code tpcc}
   * @param options its run's options
   * @param prepare whether the sweep prepares its data
   * @param length its cells' own length, or null for the sweep's
   * @param prepareOptions the options of its preparation
   */
  public record Workload(
      String name,
      String kind,
      List<String> options,
      boolean prepare,
      Length length,
      List<String> prepareOptions) {}
}
