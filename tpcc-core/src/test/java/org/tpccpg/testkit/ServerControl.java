package org.tpccpg.testkit;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Fault injection on a test server, for the ITs that show a run survives it: terminating the
 * benchmark's backends, and restarting, stopping or crashing the whole server. The server is a
 * throwaway cluster of the test class's own (its data directory and binaries given here), so that
 * no other class sees the fault.
 */
public final class ServerControl {
  private final Path binDir;
  private final Path dataDir;
  private final Path logFile;

  /** Controls the cluster in {@code dataDir} with the {@code pg_ctl} of {@code binDir}. */
  public ServerControl(Path binDir, Path dataDir, Path logFile) {
    this.binDir = binDir;
    this.dataDir = dataDir;
    this.logFile = logFile;
  }

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

  /**
   * Returns once at least {@code count} backends of the given application are connected to the
   * database: a fault injected after it finds the run connected however loaded the machine is.
   *
   * @throws IllegalStateException when they are not there within 60 s
   */
  public static void awaitBackends(TestDatabase database, String applicationName, int count)
      throws SQLException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    try (Connection connection = database.connect();
        PreparedStatement backends =
            connection.prepareStatement(
                "SELECT count(*) FROM pg_stat_activity WHERE application_name = ?"
                    + " AND datname = current_database() AND pid <> pg_backend_pid()")) {
      backends.setString(1, applicationName);
      while (true) {
        try (ResultSet rows = backends.executeQuery()) {
          rows.next();
          if (rows.getInt(1) >= count) {
            return;
          }
        }
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException(
              count + " backends of " + applicationName + " never connected within 60 s");
        }
        TimeUnit.MILLISECONDS.sleep(50);
      }
    }
  }

  /** {@code pg_ctl restart -m fast} of the server, as its owner; waits until it is up. */
  public void restart() throws IOException, InterruptedException {
    pgCtl("restart", "-m", "fast");
  }

  /**
   * {@code pg_ctl stop -m fast}: the server is down until {@link #start()}, which the caller must
   * make sure happens (in a {@code finally}), since the class's later tests need the server.
   */
  public void stop() throws IOException, InterruptedException {
    pgCtl("stop", "-m", "fast");
  }

  /**
   * {@code pg_ctl stop -m immediate}: the server goes away as in a crash, without a checkpoint;
   * {@link #start} brings it back through crash recovery.
   */
  public void crash() throws IOException, InterruptedException {
    pgCtl("stop", "-m", "immediate");
  }

  /** {@code pg_ctl start} after {@link #stop()}; waits until the server accepts connections. */
  public void start() throws IOException, InterruptedException {
    pgCtl("start");
  }

  private void pgCtl(String action, String... options) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    if ("root".equals(System.getProperty("user.name"))) {
      command.addAll(List.of("runuser", "-u", "postgres", "--"));
    }
    command.addAll(List.of(binDir.resolve("pg_ctl").toString(), "-D", dataDir.toString()));
    command.addAll(List.of(options));
    command.addAll(List.of("-w", "-l", logFile.toString(), action));
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
