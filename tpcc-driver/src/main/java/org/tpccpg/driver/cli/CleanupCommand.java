package org.tpccpg.driver.cli;

import java.io.PrintWriter;
import java.util.SortedSet;
import java.util.concurrent.Callable;
import org.tpccpg.driver.connect.ConnectionSettings;
import org.tpccpg.loader.DataSetCleaner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code cleanup}: drops every TPC-C table set and the load metadata. Safe to repeat. */
@Command(
    name = "cleanup",
    mixinStandardHelpOptions = true,
    description = {
      "Drops the TPC-C table sets 1..--tables, any other set found in the schema, and the load"
          + " metadata. Safe to run again."
    })
final class CleanupCommand implements Callable<Integer> {
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
    SortedSet<Integer> dropped =
        new DataSetCleaner(settings, dataSet.threads).cleanup(dataSet.tables);
    out.println(
        "cleanup: "
            + (dropped.isEmpty() ? "no table sets found" : "dropped table sets " + dropped)
            + " in "
            + PrepareCommand.seconds(java.time.Duration.ofNanos(System.nanoTime() - start)));
    return 0;
  }
}
