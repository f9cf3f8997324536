package org.tpccpg.driver.sweep;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.tpccpg.driver.results.SweepCell;

/**
 * The {@code tpcc} command lines of a sweep's child runs: a cell, its warm-up, and the data
 * preparation. Connection values are passed explicitly (as resolved once for the target, so that
 * {@code tpcb} and {@code run} connect alike; a target's {@code conninfo} or {@code url} goes to
 * TPC-C runs as given, with whatever else it sets, and a {@code conninfo} to {@code tpcb} runs as
 * their dbname, which they expand as libpq does); the password never: the child finds it in {@code
 * PGPASSWORD} or {@code ~/.pgpass}.
 */
final class CellCommands {
  private CellCommands() {}

  /** The measured run of a cell, recording into {@code results}. */
  static List<String> cell(
      TargetInfo target,
      Workload workload,
      SweepCell cell,
      CellLength length,
      int warmup,
      Path results) {
    List<String> args = new ArrayList<>();
    if (workload.kind().equals(Workload.TPCB)) {
      args.add("tpcb");
      args.addAll(workload.options());
      args.addAll(target.target().options(Workload.TPCB));
      args.addAll(List.of("-c", Integer.toString(cell.clients())));
      args.addAll(length.tpcbArguments());
      args.addAll(List.of("-P", "1", "--random-seed=" + cell.seed(), "--results=" + results));
      args.addAll(tpcbConnection(target));
    } else {
      args.add("run");
      args.addAll(tpccConnection(target));
      args.addAll(workload.options());
      args.addAll(target.target().options(Workload.TPCC));
      args.add("--threads=" + cell.clients());
      args.addAll(length.tpccArguments(cell.clients()));
      args.add("--report-interval=1");
      args.add("--rand-seed=" + cell.seed());
      args.add("--warmup-time=" + warmup);
      args.add("--results=" + results);
    }
    return args;
  }

  /**
   * A TPC-B cell's warm-up: the same run, unmeasured, before it ({@code tpcc run} has {@code
   * --warmup-time} instead); null when there is none.
   */
  static List<String> warmup(TargetInfo target, Workload workload, SweepCell cell, int warmup) {
    if (warmup == 0 || !workload.kind().equals(Workload.TPCB)) {
      return null;
    }
    List<String> args = new ArrayList<>();
    args.add("tpcb");
    args.addAll(workload.options());
    args.addAll(target.target().options(Workload.TPCB));
    args.addAll(List.of("-c", Integer.toString(cell.clients()), "-T", Integer.toString(warmup)));
    args.addAll(tpcbConnection(target));
    return args;
  }

  /**
   * {@code tpcb -i ...} or {@code prepare ...} of a workload's data on a target.
   *
   * @param replace an earlier preparation by this sweep did not finish: {@code prepare --force}
   *     replaces its partial data set ({@code tpcb -i} always drops and recreates its tables)
   */
  static List<String> prepare(TargetInfo target, Workload workload, boolean replace) {
    List<String> args = new ArrayList<>();
    if (workload.kind().equals(Workload.TPCB)) {
      args.addAll(List.of("tpcb", "-i"));
      args.addAll(workload.prepareOptions());
      args.addAll(tpcbConnection(target));
    } else {
      args.add("prepare");
      args.addAll(tpccConnection(target));
      args.addAll(workload.options());
      args.addAll(workload.prepareOptions());
      if (replace && !workload.prepareOptions().contains("--force")) {
        args.add("--force");
      }
    }
    return args;
  }

  private static List<String> tpcbConnection(TargetInfo target) {
    ConnectionString connection = target.target().connectionString();
    // libpq's forms as the dbname, which tpcb expands as libpq does: its values win over -h -p -U
    boolean whole = connection != null && !connection.isJdbcUrl();
    return List.of(
        "-h",
        target.host(),
        "-p",
        Integer.toString(target.port()),
        "-U",
        target.user(),
        whole ? connection.text() : target.target().dbname());
  }

  private static List<String> tpccConnection(TargetInfo target) {
    ConnectionString connection = target.target().connectionString();
    if (connection != null) {
      // as given, so that a PgJDBC URL's properties reach the run; libpq's forms go by
      // --pgsql-conninfo, which reads both as libpq does
      String option = connection.isJdbcUrl() ? "--pgsql-url=" : "--pgsql-conninfo=";
      return List.of(option + connection.text());
    }
    return List.of(
        "--pgsql-host=" + target.host(),
        "--pgsql-port=" + target.port(),
        "--pgsql-user=" + target.user(),
        "--pgsql-db=" + target.target().dbname());
  }
}
