package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** tpcb's help in pgbench's sections, naming every option; -V in pgbench's shape. */
class TpcbHelpTest {
  private static String[] run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = TpccCli.execute(args, new PrintWriter(out), new PrintWriter(err), Map.of());
    return new String[] {Integer.toString(code), out.toString(), err.toString()};
  }

  @Test
  void helpHasPgbenchsSectionsOnStdoutAndNothingOnStderr() {
    String[] result = run("tpcb", "--help");
    assertEquals("0", result[0]);
    assertEquals("", result[2]);
    String help = result[1];
    int init = help.indexOf("\nInitialization options:\n");
    int select = help.indexOf("\nOptions to select what to run:\n");
    int bench = help.indexOf("\nBenchmarking options:\n");
    int common = help.indexOf("\nCommon options:\n");
    assertTrue(0 < init && init < select && select < bench && bench < common, help);
    assertTrue(help.startsWith("tpcc tpcb is a benchmarking tool for PostgreSQL"), help);
    assertEquals(help, run("help", "tpcb")[1]);
  }

  @Test
  void helpNamesEveryOptionOfTheCommand() {
    String help = run("tpcb", "-?")[1];
    CommandLine tpcb = TpccCli.allCommands().getSubcommands().get("tpcb");
    for (OptionSpec option : tpcb.getCommandSpec().options()) {
      for (String name : option.names()) {
        assertTrue(
            help.contains(" " + name + ",")
                || help.contains(" " + name + " ")
                || help.contains(" " + name + "="),
            name + " is not in the help");
      }
    }
  }

  @Test
  void versionIsOneLineShapedLikePgbenchs() {
    String[] result = run("tpcb", "-V");
    assertEquals("0", result[0]);
    assertTrue(result[1].matches("tpcc tpcb \\(tpcc\\) \\S+\\R"), result[1]);
  }
}
