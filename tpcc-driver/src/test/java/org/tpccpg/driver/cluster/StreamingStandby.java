package org.tpccpg.driver.cluster;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.tpccpg.testkit.OsUser;
import org.tpccpg.testkit.TestDatabase;

/**
 * A streaming standby of a test server: a {@code pg_basebackup -R -X stream -c fast} of it, started
 * on a free port of its own with its log beside its data directory, run as the server's OS user. It
 * does not wait for the standby to stream, pause its replay or manage replication slots: the tests
 * that need those do them through {@link #connect} and the backup options they pass.
 */
public final class StreamingStandby {
  private final Path binDir;
  private final Path dataDir;
  private final TestDatabase primary;
  private final int port;

  private StreamingStandby(Path binDir, Path dataDir, TestDatabase primary, int port) {
    this.binDir = binDir;
    this.dataDir = dataDir;
    this.primary = primary;
    this.port = port;
  }

  /**
   * Copies {@code primary}'s server into {@code dataDir}, which must not exist yet and whose parent
   * the server's OS user may write, and starts the copy as a standby.
   *
   * @param binDir the binaries that run it ({@code pg_ctl}; {@code pg_basebackup} from there, else
   *     the newest installed under {@code /usr/lib/postgresql})
   * @param backupOptions more options for {@code pg_basebackup}, such as {@code --create-slot}
   */
  public static StreamingStandby start(
      Path binDir, TestDatabase primary, Path dataDir, List<String> backupOptions)
      throws IOException, InterruptedException {
    List<String> backup =
        new ArrayList<>(
            List.of(
                basebackup(binDir).toString(),
                "-h",
                primary.host(),
                "-p",
                Integer.toString(primary.port()),
                "-U",
                primary.user(),
                "-D",
                dataDir.toString(),
                "-R",
                "-X",
                "stream",
                // not a spread checkpoint first: with the test server's checkpoint_timeout that
                // waits minutes
                "-c",
                "fast"));
    backup.addAll(backupOptions);
    asOwner(backup);
    StreamingStandby standby = new StreamingStandby(binDir, dataDir, primary, freePort());
    asOwner(
        List.of(
            binDir.resolve("pg_ctl").toString(),
            "-D",
            dataDir.toString(),
            "-o",
            "-p " + standby.port,
            "-l",
            standby.log().toString(),
            "-w",
            "start"));
    return standby;
  }

  public int port() {
    return port;
  }

  /** The server's log, beside its data directory. */
  public Path log() {
    return dataDir.resolveSibling(dataDir.getFileName() + ".log");
  }

  /** A connection to the standby's copy of the primary's test database. */
  public Connection connect() throws SQLException {
    return DriverManager.getConnection(
        "jdbc:postgresql://" + primary.host() + ":" + port + "/" + primary.name(),
        primary.credentials());
  }

  /** {@code pg_ctl promote -w}: returns when it takes writes. */
  public void promote() throws IOException, InterruptedException {
    asOwner(
        List.of(binDir.resolve("pg_ctl").toString(), "-D", dataDir.toString(), "-w", "promote"));
  }

  /** Stops it at once if it runs, then removes its data directory and log. */
  public void remove() throws IOException, InterruptedException {
    try {
      if (Files.exists(dataDir.resolve("postmaster.pid"))) {
        asOwner(
            List.of(
                binDir.resolve("pg_ctl").toString(),
                "-D",
                dataDir.toString(),
                "-m",
                "immediate",
                "-w",
                "stop"));
      }
    } finally {
      try (Stream<Path> files = Files.walk(dataDir)) {
        for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
      Files.deleteIfExists(log());
    }
  }

  /** The last lines of its log, for a failure's message. */
  public String tail(int lines) throws IOException {
    if (!Files.exists(log())) {
      return "(no log at " + log() + ")";
    }
    List<String> all = Files.readAllLines(log(), StandardCharsets.UTF_8);
    return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
  }

  private static Path basebackup(Path binDir) throws IOException {
    Path own = binDir.resolve("pg_basebackup");
    if (Files.isExecutable(own)) {
      return own;
    }
    try (Stream<Path> majors = Files.list(Path.of("/usr/lib/postgresql"))) {
      return majors
          .map(major -> major.resolve("bin").resolve("pg_basebackup"))
          .filter(Files::isExecutable)
          .max(Comparator.naturalOrder())
          .orElseThrow(
              () -> new IllegalStateException("no pg_basebackup under /usr/lib/postgresql"));
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private static void asOwner(List<String> command) throws IOException, InterruptedException {
    List<String> all = new ArrayList<>(OsUser.asPostgres());
    all.addAll(command);
    Process process = new ProcessBuilder(all).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0) {
      throw new IllegalStateException(String.join(" ", command) + " failed:\n" + output);
    }
  }
}
