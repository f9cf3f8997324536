package org.tpccpg.driver.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.tpccpg.core.catalog.TpccVersion;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code tpcb}: pgbench's TPC-B with pgbench's options and output, on pgbench's tables. Bad options
 * give one line and exit code 1, as in pgbench; a run whose clients aborted exits with 2.
 */
@Command(
    name = "tpcb",
    usageHelpAutoWidth = true,
    exitCodeOnInvalidInput = 1,
    exitCodeOnExecutionException = 1,
    versionProvider = TpcbCommand.Version.class,
    description = {
      "pgbench-compatible TPC-B: 'tpcc tpcb -i [options] [dbname]' creates and fills pgbench's"
          + " tables, 'tpcc tpcb [options] [dbname]' runs the builtin scripts (-b)"
          + " and custom scripts (-f) and prints pgbench's report plus latency percentiles. See docs/tpcb.md."
    })
final class TpcbCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @ParentCommand TpccCli parent;
  @Mixin TpcbInitOptions init;
  @Mixin TpcbRunOptions run;

  @Option(
      names = {"-n", "--no-vacuum"},
      description = "Do not vacuum (before the run, or in -i as if 'v' were not in -I).")
  boolean noVacuum;

  @Option(
      names = "--check",
      description =
          "Check the balances instead of running (not a pgbench option): give it the run's"
              + " options, from which it takes the scripts (-b, -N, -S); the other run options"
              + " are ignored. Exit code 1 when a condition fails.")
  boolean check;

  @Option(
      names = {"-s", "--scale"},
      paramLabel = "NUM",
      description = "Scaling factor for -i (default 1); in a run, only checked against the data.")
  String scale;

  @Option(
      names = {"-h", "--host"},
      paramLabel = "HOSTNAME",
      description =
          "Server host, or several comma-separated (env PGHOST; default libpq's socket"
              + " directory, /var/run/postgresql or /tmp).")
  String host;

  @Option(
      names = {"-p", "--port"},
      paramLabel = "PORT",
      description = "Server port (env PGPORT; default 5432).")
  String port;

  @Option(
      names = {"-U", "--username"},
      paramLabel = "USERNAME",
      description = "User name (env PGUSER; default the OS user). Password from PGPASSWORD.")
  String user;

  @Option(
      names = {"-d", "--debug"},
      description =
          "Print debugging output: what each client sends and receives, on stderr (-d only with"
              + " --pgbench-version=15 or 16; from 17, the default, -d is --dbname).")
  boolean debug;

  @Option(
      names = "--dbname",
      paramLabel = "DBNAME",
      description =
          "The database, as pgbench 17's -d/--dbname (with --pgbench-version=17 or later).")
  String dbname;

  @Option(
      names = "--pgbench-version",
      paramLabel = "MAJOR",
      description =
          "Follow that pgbench's options and closing block: 15, 16, 17 (-d is the database), 18"
              + " (each script's block as pgbench 18 prints it) or 19 (the default:"
              + " --continue-on-error).")
  String pgbenchVersion;

  @Option(
      names = "--show-script",
      paramLabel = "NAME",
      description =
          "Show the builtin script NAME (a prefix will do; 'list' lists them), then exit.")
  String showScript;

  @Option(
      names = {"-V", "--version"},
      versionHelp = true,
      description = "Print version information and exit.")
  boolean versionRequested;

  @Option(
      names = {"-?", "--help"},
      usageHelp = true,
      description = "Show this help and exit.")
  boolean helpRequested;

  @Parameters(
      arity = "0..*",
      paramLabel = "DBNAME",
      description = "Database (env PGDATABASE; default the user name).")
  List<String> positional = new ArrayList<>();

  /** pgbench's "pgbench (PostgreSQL) 15.18" line, for us. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"tpcc tpcb (tpcc) " + TpccVersion.get()};
    }
  }

  @Override
  public Integer call() throws Exception {
    TpcbInvocation invocation =
        new TpcbInvocation(this, spec.commandLine(), parent.environment(), parent.interrupts());
    return invocation.execute();
  }
}
