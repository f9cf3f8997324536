package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every option that {@code sysbench --help} of 1.0.20 lists (general, random numbers, logging, both
 * database drivers) but --help and --version, with a value sysbench takes, is read by every command
 * of a pasted command line; here without a server: with {@code --help} the command stops after
 * reading them.
 */
class SysbenchGeneralOptionsTest {
  private static final List<String> SYSBENCH_1_0_20 =
      List.of(
          "--threads=2",
          "--events=0",
          "--time=10",
          "--forced-shutdown=off",
          "--thread-stack-size=64K",
          "--rate=0",
          "--report-interval=1",
          "--report-checkpoints=10,20",
          "--debug=off",
          "--validate=off",
          "--config-file=/dev/null",
          "--tx-rate=0",
          "--max-requests=0",
          "--max-time=0",
          "--num-threads=1",
          "--rand-type=special",
          "--rand-spec-iter=12",
          "--rand-spec-pct=1",
          "--rand-spec-res=75",
          "--rand-seed=0",
          "--rand-pareto-h=0.2",
          "--verbosity=3",
          "--percentile=95",
          "--histogram=off",
          "--db-driver=pgsql",
          "--db-ps-mode=auto",
          "--db-debug=off",
          "--mysql-host=localhost",
          "--mysql-port=3306",
          "--mysql-socket=/tmp/mysql.sock",
          "--mysql-user=sbtest",
          "--mysql-password=",
          "--mysql-db=sbtest",
          "--mysql-ssl=off",
          "--mysql-ssl-cipher=",
          "--mysql-compression",
          "--mysql-debug=off",
          "--mysql-ignore-errors=1213,1020,1205",
          "--mysql-dry-run=off",
          "--pgsql-host=localhost",
          "--pgsql-port=5432",
          "--pgsql-user=sbtest",
          "--pgsql-password=x",
          "--pgsql-db=sbtest");

  @ParameterizedTest
  @ValueSource(strings = {"prepare", "run", "cleanup", "check"})
  void everyOptionOfSysbenchsHelpIsRead(String command) {
    List<String> args = new ArrayList<>(SYSBENCH_1_0_20);
    args.add(command);
    args.add("--help");
    CliRun parsed = CliRun.of(args.toArray(String[]::new));
    assertEquals(0, parsed.exitCode(), parsed.err());
    assertTrue(parsed.out().contains("Usage: tpcc " + command), parsed.out());
  }
}
