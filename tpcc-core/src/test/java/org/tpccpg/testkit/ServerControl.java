package org.tpccpg.testkit;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Fault injection on the test server, for the ITs that show a run survives it: terminating the
 * benchmark's backends, and restarting or stopping the whole server. Those need the throwaway
 * cluster of scripts/test.sh, which exports its data directory and binaries.
 */
public final class ServerControl {
  private ServerControl() {}

  /** Terminates every backend of the given application in the database, except the caller's. */
  public static int terminateBackends(TestDatabase database, String applicationName)
      throws SQLException {
    try (Connection connection = database.connect();
        Statement statement = connection.createStatement();
        var rows =
            statement.executeQuery(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                    + " WHERE application_name = '"
                    + applicationName.replace("'", "''")
                    + "' AND datname = current_database() AND pid <> pg_backend_pid()")) {
      rows.next();
      return rows.getInt(1);
    }
  }

  /** {@code pg_ctl restart -m fast} of the test server, as its owner; waits until it is up. */
  public static void restart() throws IOException, InterruptedException {
    pgCtl("restart", "-m", "fast");
  }

  /**
   * {@code pg_ctl stop -m fast}: the server is down until {@link #start()}, which the caller must
   * make sure happens (in a {@code finally}), since the other tests share the server.
   */
  public static void stop() throws IOException, InterruptedException {
    pgCtl("stop", "-m", "fast");
  }

  /**
   * {@code pg_ctl stop -m immediate}: the server goes away as in a crash, without a checkpoint;
   * {@link #start} brings it back through crash recovery.
   */
  public static void crash() throws IOException, InterruptedException {
    pgCtl("stop", "-m", "immediate");
  }

  /** {@code pg_ctl start} after {@link #stop()}; waits until the server accepts connections. */
  public static void start() throws IOException, InterruptedException {
    pgCtl("start");
  }

  private static void pgCtl(String action, String... options)
      throws IOException, InterruptedException {
    String dataDir = System.getenv("TPCC_TEST_PGDATA");
    String binDir = System.getenv("TPCC_TEST_PGBIN");
    if (dataDir == null || binDir == null) {
      throw new IllegalStateException(
          "pg_ctl "
              + action
              + " of the test server needs TPCC_TEST_PGDATA and TPCC_TEST_PGBIN: run the tests"
              + " through scripts/test.sh, which owns its throwaway cluster");
    }
    List<String> command = new ArrayList<>();
    if ("root".equals(System.getProperty("user.name"))) {
      command.addAll(List.of("runuser", "-u", "postgres", "--"));
    }
    command.addAll(List.of(Path.of(binDir, "pg_ctl").toString(), "-D", dataDir));
    command.addAll(List.of(options));
    command.addAll(
        List.of("-w", "-l", Path.of(dataDir).getParent().resolve("server.log").toString(), action));
    Process pgCtl =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    int status = pgCtl.waitFor();
    if (status != 0) {
      throw new IllegalStateException("pg_ctl " + action + " failed with exit code " + status);
    }
  }
}
