package org.tpccpg.driver.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.tpccpg.driver.cli.TpccCli;
import org.tpccpg.testkit.TestDatabase;

/**
 * Runs {@code tpcc tpcb ... dbname} in-process against a test database, with PG* variables, as
 * pgbench 15 ({@code --pgbench-version=15} unless the arguments name a version): the tests that use
 * it compare with the real pgbench 15 packaged here or with its output.
 */
final class TpcbCli {
  private TpcbCli() {}

  static RealPgbench.Output run(TestDatabase database, String... args) {
    return runExpecting(0, database, args);
  }

  /** The same, expecting {@code exitCode}. */
  static RealPgbench.Output runExpecting(int exitCode, TestDatabase database, String... args) {
    List<String> command = new ArrayList<>();
    command.add("tpcb");
    if (List.of(args).stream().noneMatch(a -> a.startsWith("--pgbench-version"))) {
      command.add("--pgbench-version=15");
    }
    command.addAll(List.of(args));
    command.add(database.name());
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code =
        TpccCli.execute(
            command.toArray(String[]::new),
            new PrintWriter(out),
            new PrintWriter(err),
            Map.of(
                "PGHOST", database.host(),
                "PGPORT", Integer.toString(database.port()),
                "PGUSER", database.user(),
                "PGPASSWORD", database.password()));
    RealPgbench.Output output = new RealPgbench.Output(code, out.toString(), err.toString());
    assertEquals(exitCode, code, "tpcc " + command + ": " + output.out() + output.err());
    return output;
  }
}
