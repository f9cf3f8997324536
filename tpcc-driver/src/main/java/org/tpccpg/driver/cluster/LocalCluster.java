package org.tpccpg.driver.cluster;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.tpccpg.driver.connect.ConnectionSettings;

/**
 * A private, throwaway PostgreSQL cluster in a temporary directory, for {@code tpcc quickstart}.
 *
 * <p>It is created with {@code initdb}, listens on a free port of 127.0.0.1 with its unix socket in
 * its own directory, and trusts local connections. {@link #close()} stops it and deletes the
 * directory; a JVM shutdown hook does the same on Ctrl-C, and a detached watchdog process does it
 * if the JVM is killed outright. As root, the server runs as the {@code postgres} OS user, because
 * PostgreSQL refuses to run as root.
 */
public final class LocalCluster implements AutoCloseable {
  private static final String SUPERUSER = "postgres";
  private static final String OWNER_OS_USER = "postgres";
  private static final int START_ATTEMPTS = 3;

  private final Path binDir;
  private final Path directory;
  private final Path dataDir;
  private final boolean runAsOwner;
  private final Thread shutdownHook;
  private int port;
  private boolean closed;

  private LocalCluster(Path binDir, Path directory, boolean runAsOwner) {
    this.binDir = binDir;
    this.directory = directory;
    this.dataDir = directory.resolve("data");
    this.runAsOwner = runAsOwner;
    this.shutdownHook = new Thread(this::closeQuietly, "tpcc-local-cluster-cleanup");
  }

  /**
   * Creates and starts a cluster with the given extra {@code postgresql.conf} lines.
   *
   * @throws IllegalStateException with a one-line reason when no cluster can be started
   */
  public static LocalCluster start(List<String> settings) throws IOException, InterruptedException {
    return start(PostgresBinaries.locate(), settings);
  }

  /** As {@link #start(List)}, with the server binaries of {@code binDir}. */
  public static LocalCluster start(Path binDir, List<String> settings)
      throws IOException, InterruptedException {
    boolean root = isRoot();
    Path directory =
        Files.createTempDirectory(
            "tpcc-quickstart-",
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    LocalCluster cluster = new LocalCluster(binDir, directory, root);
    Runtime.getRuntime().addShutdownHook(cluster.shutdownHook);
    try {
      cluster.initialize();
      cluster.startServer(settings);
      cluster.startWatchdog();
      return cluster;
    } catch (IOException | InterruptedException | RuntimeException e) {
      cluster.close();
      throw e;
    }
  }

  /** Connection settings for the cluster's superuser and the given database. */
  public ConnectionSettings settings(String database) {
    return new ConnectionSettings("127.0.0.1", port, SUPERUSER, "", database);
  }

  public Path directory() {
    return directory;
  }

  /** The data directory, in {@link #directory()}. */
  public Path dataDirectory() {
    return dataDir;
  }

  public int port() {
    return port;
  }

  /** Creates a database owned by the superuser. */
  public void createDatabase(String name) throws SQLException {
    try (Connection connection = settings("postgres").open();
        Statement statement = connection.createStatement()) {
      statement.execute("CREATE DATABASE " + name);
    }
  }

  private void initialize() throws IOException, InterruptedException {
    if (runAsOwner) {
      UserPrincipalLookupService users = directory.getFileSystem().getUserPrincipalLookupService();
      try {
        Files.setOwner(directory, users.lookupPrincipalByName(OWNER_OS_USER));
      } catch (IOException e) {
        throw new IllegalStateException(
            "running as root, but there is no '"
                + OWNER_OS_USER
                + "' OS user to run the server (PostgreSQL refuses root); install the postgresql"
                + " package or run as an ordinary user",
            e);
      }
    }
    run(
        List.of(
            binDir.resolve("initdb").toString(),
            "-D",
            dataDir.toString(),
            "-U",
            SUPERUSER,
            "--auth=trust",
            "-E",
            "UTF8",
            "--locale=C",
            "-N"), // --no-sync since 10, --nosync before
        "initdb");
  }

  private void startServer(List<String> settings) throws IOException, InterruptedException {
    IllegalStateException last = null;
    for (int attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
      port = freePort();
      List<String> conf = new ArrayList<>();
      conf.add("port = " + port);
      conf.add("listen_addresses = '127.0.0.1'");
      conf.add("unix_socket_directories = '" + directory + "'");
      conf.addAll(settings);
      // Overwrite in place, so the file keeps the owner initdb gave it.
      Files.write(dataDir.resolve("postgresql.auto.conf"), conf, StandardCharsets.UTF_8);
      try {
        run(
            List.of(
                binDir.resolve("pg_ctl").toString(),
                "-D",
                dataDir.toString(),
                "-l",
                directory.resolve("server.log").toString(),
                "-w",
                "-t",
                "60",
                "start"),
            "pg_ctl start");
        return;
      } catch (IllegalStateException e) {
        last = e; // most likely the port was taken in between: try another
      }
    }
    throw last;
  }

  /** Stops the server and removes the directory, so nothing is left behind however we end. */
  private void startWatchdog() throws IOException {
    String script =
        "while kill -0 \"$1\" 2>/dev/null; do sleep 1; done;"
            + " if [ -f \"$3/postmaster.pid\" ]; then"
            + (runAsOwner
                ? " runuser -u " + OWNER_OS_USER + " -- \"$2/pg_ctl\" -D \"$3\" -m immediate stop;"
                : " \"$2/pg_ctl\" -D \"$3\" -m immediate stop;")
            + " fi; rm -rf \"$4\"";
    new ProcessBuilder(
            "setsid",
            "sh",
            "-c",
            script,
            "tpcc-cluster-watchdog",
            Long.toString(ProcessHandle.current().pid()),
            binDir.toString(),
            dataDir.toString(),
            directory.toString())
        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .redirectError(ProcessBuilder.Redirect.DISCARD)
        .start();
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      if (Files.exists(dataDir.resolve("postmaster.pid"))) {
        run(
            List.of(
                binDir.resolve("pg_ctl").toString(),
                "-D",
                dataDir.toString(),
                "-m",
                "fast",
                "-w",
                "stop"),
            "pg_ctl stop");
      }
    } catch (IOException | RuntimeException e) {
      // Stopping failed; the directory is removed anyway and the watchdog stops what remains.
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      deleteRecursively(directory);
      try {
        Runtime.getRuntime().removeShutdownHook(shutdownHook);
      } catch (IllegalStateException e) {
        // The JVM is already shutting down, and this is the hook running.
      }
    }
  }

  private void closeQuietly() {
    close();
  }

  private void run(List<String> command, String what) throws IOException, InterruptedException {
    List<String> full = new ArrayList<>();
    // A session of its own: Ctrl-C on the terminal reaches us, and we stop the server in order.
    full.add("setsid");
    full.add("--wait");
    full.add("--wait");
    if (runAsOwner) {
      full.addAll(List.of("runuser", "-u", OWNER_OS_USER, "--"));
    }
    full.addAll(command);
    Path log = directory.resolve(what.replace(' ', '-') + ".out");
    ProcessBuilder builder = new ProcessBuilder(full);
    // The user's PGPORT, PGDATA and friends are for their own server, not for this one.
    builder.environment().keySet().removeIf(name -> name.startsWith("PG"));
    Process process =
        builder
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .start();
    int status = process.waitFor();
    if (status != 0) {
      throw new IllegalStateException(what + " failed (exit " + status + "): " + reason(log));
    }
  }

  /** The first line that says what went wrong, else the last line of the program's output. */
  private static String reason(Path log) {
    try {
      List<String> lines =
          Files.readAllLines(log, StandardCharsets.UTF_8).stream()
              .filter(line -> !line.isBlank())
              .toList();
      return lines.stream()
          .filter(line -> line.matches("(?i).*\\b(error|fatal)\\b.*"))
          .findFirst()
          .or(() -> lines.stream().reduce((first, second) -> second))
          .map(String::strip)
          .orElse("no output");
    } catch (IOException e) {
      return "no output";
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  private static boolean isRoot() throws IOException {
    return ((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0;
  }

  private static void deleteRecursively(Path root) {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    } catch (IOException e) {
      // Leave the rest to the watchdog, which removes the directory once we are gone.
    }
  }
}
