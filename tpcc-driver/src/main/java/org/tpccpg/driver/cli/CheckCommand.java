package org.tpccpg.driver.cli;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.Callable;
import org.tpccpg.core.catalog.SysbenchDataSet;
import org.tpccpg.core.jdbc.ConnectionFactory;
import org.tpccpg.core.schema.DataSetInfo;
import org.tpccpg.core.tpcc.procedures.ProcedureInstaller;
import org.tpccpg.driver.check.CheckReport;
import org.tpccpg.driver.check.ConditionSummary;
import org.tpccpg.driver.check.DataSetCheck;
import org.tpccpg.driver.connect.ConnectionSettings;
import org.tpccpg.driver.connect.StatementMode;
import org.tpccpg.driver.connect.TransactionProbe;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code check}: the TPC-C consistency conditions over the whole data set; exit 1 on failure. */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    description = {
      "Checks the row counts of a TPC-C population (TPC-C 4.3.3.1, C1-C7), then the"
          + " consistency conditions 1-12 (TPC-C 3.3.2) on every table set and warehouse, in"
          + " parallel over --threads connections. Exit code 1 if any fails. Works on data sets"
          + " loaded by sysbench-tpcc too."
    })
final class CheckCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;
  @ParentCommand private TpccCli parent;
  @Mixin private ConnectionOptions connection;
  @Mixin private DataSetOptions dataSet;
  @Mixin private RunOptions run;
  @Mixin private SpecOptions specMode; // accepted, as sysbench accepts every option everywhere

  @Override
  public Integer call() throws Exception {
    ConnectionSettings settings = connection.resolve(spec.commandLine(), parent.environment());
    dataSet.validate(spec.commandLine(), parent.environment());
    run.validate(spec.commandLine());
    PrintWriter out = spec.commandLine().getOut();
    DataSetInfo info;
    List<String> replaced;
    try (Connection c = settings.open()) {
      info = dataSet.requireMatching(c);
      replaced = ProcedureInstaller.replaced(c, info.tableSets());
    }
    // A few large queries, each run a few times: unnamed statements cost nothing here and keep
    // check working behind a pooler in transaction mode at any --db-ps-mode.
    ConnectionFactory connections =
        () -> settings.open(StatementMode.EXTENDED.connectionProperties());
    TransactionProbe.requireMultiStatementTransactions(connections);
    out.println(
        "check: "
            + info.tableSets()
            + " table set(s) x "
            + info.warehousesPerSet()
            + " warehouse(s), "
            + dataSet.threads
            + " thread(s), on "
            + settings
            + (info.distributedWithCitus() ? " (tables distributed with Citus)" : ""));
    if (!info.loadConstantsKnown()) {
      out.println("check: " + SysbenchDataSet.describe(info));
    }
    if (!replaced.isEmpty()) {
      // the data may hold up, but what ran in procedures mode was not TPC-C's transaction
      out.println(
          "check: FAILED: "
              + ProcedureInstaller.describeReplaced(replaced)
              + ": runs with --txn-mode=procedures ran it, not this tool's transaction");
    }
    String purged = DataSetCheck.purgeNote(info);
    if (purged != null) {
      out.println("check: " + purged);
    }
    out.flush();
    int code = check(connections, info, dataSet.threads, out);
    return replaced.isEmpty() ? code : 1;
  }

  /**
   * The cardinality conditions, then, when they hold, the consistency conditions; prints them and
   * returns the exit code.
   */
  static int check(ConnectionFactory connections, DataSetInfo info, int threads, PrintWriter out)
      throws SQLException, InterruptedException {
    if (!CheckReport.printCardinalities(
        DataSetCheck.cardinalities(connections, info, threads), out)) {
      return 1;
    }
    return print(DataSetCheck.run(connections, info, threads), out);
  }

  /** Prints one line per condition and a verdict; returns the exit code. */
  static int print(List<ConditionSummary> summaries, PrintWriter out) {
    return CheckReport.print(summaries.stream().map(CheckReport.Line::of).toList(), out);
  }
}
