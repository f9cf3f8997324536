package org.tpccpg.driver.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;

/** One captured invocation of the command line: exit code, standard output and error. */
record CliRun(int exitCode, String out, String err) {
  static CliRun of(Map<String, String> environment, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode =
        TpccCli.execute(args, new PrintWriter(out, true), new PrintWriter(err, true), environment);
    return new CliRun(exitCode, out.toString(), err.toString());
  }

  static CliRun of(String... args) {
    return of(Map.of(), args);
  }
}
