package org.tpccpg.driver.cli;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.util.List;
import java.util.concurrent.Callable;
import org.tpccpg.driver.cluster.LocalCluster;
import org.tpccpg.driver.connect.ConnectionSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * A benchmark end to end in one command, for someone who has no server to point at yet: a private
 * cluster, a small data set, a short run, the check, and everything removed afterwards.
 */
@Command(
    name = "quickstart",
    mixinStandardHelpOptions = true,
    description = {
      "Runs a small TPC-C benchmark end to end.",
      "Without connection options (or PGHOST/PGPORT) it starts a private PostgreSQL cluster in a"
          + " temporary directory and removes it afterwards, also on Ctrl-C."
    })
final class QuickstartCommand implements Callable<Integer> {
  private static final String DATABASE = "tpcc";

  /** Small and quick settings for a throwaway cluster; durability is not what is measured here. */
  private static final List<String> CLUSTER_SETTINGS =
      List.of("shared_buffers = 256MB", "max_connections = 100", "log_min_messages = warning");

  @Spec private CommandSpec spec;
  @ParentCommand private TpccCli parent;
  @Mixin private ConnectionOptions connection;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    if (connection.anyGiven(parent.environment())) {
      ConnectionSettings settings = connection.resolve(spec.commandLine(), parent.environment());
      out.println("quickstart: using the server given, " + settings);
      return runOn(settings, out);
    }
    out.println("quickstart: starting a private PostgreSQL cluster");
    try (LocalCluster cluster = LocalCluster.start(CLUSTER_SETTINGS)) {
      out.println("quickstart: cluster in " + cluster.directory() + ", port " + cluster.port());
      cluster.createDatabase(DATABASE);
      int status = runOn(cluster.settings(DATABASE), out);
      out.println("quickstart: stopping the cluster and removing " + cluster.directory());
      return status;
    }
  }

  private int runOn(ConnectionSettings settings, PrintWriter out) throws Exception {
    try (Connection connection = settings.open()) {
      DatabaseMetaData metaData = connection.getMetaData();
      out.println(
          "quickstart: connected to PostgreSQL "
              + metaData.getDatabaseProductVersion()
              + " as "
              + settings);
    }
    out.println(
        "quickstart: the TPC-C workload (prepare, run, check) is not part of this build yet;"
            + " nothing was measured");
    out.flush();
    return 0;
  }
}
