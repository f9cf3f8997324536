package org.tpccpg.driver.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Callable;
import org.tpccpg.core.schema.DataSetInfo;
import org.tpccpg.core.tpcc.procedures.TpccProcedure;
import org.tpccpg.driver.connect.ConnectionSettings;
import org.tpccpg.loader.ProcedureSetup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code install-procedures}: the functions of {@code --txn-mode=procedures} for a data set that
 * was prepared before prepare installed them, or again after an upgrade changed them.
 */
@Command(
    name = "install-procedures",
    mixinStandardHelpOptions = true,
    description = {
      "Installs the PL/pgSQL functions that run --txn-mode=procedures calls (one per transaction"
          + " and table set) into a data set this tool prepared, replacing the ones it installed"
          + " before; prepare installs them itself. cleanup drops them with their sets. A"
          + " sysbench-tpcc data set is refused."
    })
final class InstallProceduresCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;
  @ParentCommand private TpccCli parent;
  @Mixin private ConnectionOptions connection;
  @Mixin private DataSetOptions dataSet;
  @Mixin private RunOptions run;

  @Override
  public Integer call() throws Exception {
    ConnectionSettings settings = connection.resolve(spec.commandLine(), parent.environment());
    dataSet.validate(spec.commandLine(), parent.environment());
    run.validate(spec.commandLine());
    PrintWriter out = spec.commandLine().getOut();
    long start = System.nanoTime();
    DataSetInfo info = new ProcedureSetup(settings).install();
    out.println(
        "install-procedures: installed "
            + info.tableSets() * TpccProcedure.values().length
            + " functions for "
            + info.tableSets()
            + " table set(s) in "
            + PrepareCommand.seconds(Duration.ofNanos(System.nanoTime() - start)));
    return 0;
  }
}
