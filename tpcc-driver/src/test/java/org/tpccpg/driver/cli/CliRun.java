package org.tpccpg.driver.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.tpccpg.testkit.TestDatabase;

/** One captured invocation of the command line: exit code, standard output and error. */
record CliRun(int exitCode, String out, String err) {
  static CliRun of(Map<String, String> environment, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode =
        TpccCli.execute(args, new PrintWriter(out, true), new PrintWriter(err, true), environment);
    return new CliRun(exitCode, out.toString(), err.toString());
  }

  /** sysbench's connection options for a test database, followed by the given arguments. */
  static List<String> connectedTo(TestDatabase db, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "--pgsql-host=" + db.host(),
                "--pgsql-port=" + db.port(),
                "--pgsql-user=" + db.user(),
                "--pgsql-db=" + db.name()));
    args.addAll(List.of(more));
    return args;
  }

  static CliRun of(String... args) {
    return of(Map.of(), args);
  }
}
