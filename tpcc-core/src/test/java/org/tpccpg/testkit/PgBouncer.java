package org.tpccpg.testkit;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A real pgbouncer (the Debian package {@code pgbouncer}, which {@code .ci/run} installs) in front
 * of the test server, on a free port of 127.0.0.1, configured in a temporary directory with {@code
 * auth_type = trust}. As root it runs as the {@code postgres} OS user, since pgbouncer refuses
 * root. {@link #close()} stops it and removes the directory.
 */
public final class PgBouncer implements AutoCloseable {
  private static final Pattern VERSION = Pattern.compile("PgBouncer (\\d+)\\.(\\d+)");

  private final Path directory;
  private Process process;
  private final int port;

  private PgBouncer(Path directory, Process process, int port) {
    this.directory = directory;
    this.process = process;
    this.port = port;
  }

  /**
   * Starts pgbouncer with the given pool mode ({@code session}, {@code transaction} or {@code
   * statement}) and extra {@code [pgbouncer]} settings, for every database of the server.
   */
  public static PgBouncer start(
      String poolMode, String serverHost, int serverPort, Map<String, String> settings)
      throws IOException, InterruptedException {
    Path directory =
        Files.createTempDirectory(
            "tpcc-pgbouncer-",
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    int port = freePort();
    List<String> ini = new ArrayList<>();
    ini.add("[databases]");
    ini.add("* = host=" + serverHost + " port=" + serverPort);
    ini.add("[pgbouncer]");
    ini.add("listen_addr = 127.0.0.1");
    ini.add("listen_port = " + port);
    ini.add("unix_socket_dir =");
    ini.add("auth_type = trust");
    ini.add("auth_file = " + directory.resolve("userlist.txt"));
    ini.add("pool_mode = " + poolMode);
    ini.add("max_client_conn = 200");
    ini.add("default_pool_size = 20");
    ini.add("ignore_startup_parameters = extra_float_digits,options");
    ini.add("logfile = " + directory.resolve("pgbouncer.log"));
    settings.forEach((name, value) -> ini.add(name + " = " + value));
    Files.write(directory.resolve("pgbouncer.ini"), ini, StandardCharsets.UTF_8);
    Files.writeString(directory.resolve("userlist.txt"), "\"postgres\" \"\"\n");
    if (OsUser.isRoot()) {
      OsUser.giveToPostgres(directory);
    }
    Process process = launch(directory);
    PgBouncer bouncer = new PgBouncer(directory, process, port);
    try {
      bouncer.awaitListening();
    } catch (IllegalStateException e) {
      bouncer.close();
      throw e;
    }
    return bouncer;
  }

  private static Process launch(Path directory) throws IOException {
    List<String> command = new ArrayList<>(OsUser.asPostgres());
    command.add(binary());
    command.add(directory.resolve("pgbouncer.ini").toString());
    return new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(directory.resolve("stdout.log").toFile()))
        .start();
  }

  /**
   * Kills pgbouncer (SIGKILL: every client and server connection cut at once, a transaction's
   * answer lost on its way) and starts it again on the same port; waits until it listens.
   */
  public synchronized void restart() throws IOException, InterruptedException {
    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (true) {
      process = launch(directory);
      try {
        awaitListening();
        return;
      } catch (IllegalStateException e) {
        // the port may still be held by the killed process's sockets for a moment
        if (System.nanoTime() > deadline) {
          throw e;
        }
        Thread.sleep(100);
      }
    }
  }

  /** The installed pgbouncer's version as {major, minor}, e.g. {1, 18}. */
  public static int[] version() throws IOException, InterruptedException {
    Process process = new ProcessBuilder(binary(), "--version").redirectErrorStream(true).start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    process.waitFor();
    Matcher matcher = VERSION.matcher(out);
    if (!matcher.find()) {
      throw new IllegalStateException("cannot read the pgbouncer version from: " + out.strip());
    }
    return new int[] {Integer.parseInt(matcher.group(1)), Integer.parseInt(matcher.group(2))};
  }

  public int port() {
    return port;
  }

  private void awaitListening() throws IOException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        break;
      }
      try (Socket socket = new Socket()) {
        socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
        return;
      } catch (IOException e) {
        Thread.sleep(50);
      }
    }
    String log = Files.readString(directory.resolve("stdout.log"), StandardCharsets.UTF_8);
    Path file = directory.resolve("pgbouncer.log");
    if (Files.exists(file)) {
      log = log + Files.readString(file, StandardCharsets.UTF_8);
    }
    throw new IllegalStateException("pgbouncer did not start on port " + port + ": " + log);
  }

  /** pgbouncer from PATH or from the Debian package's location. */
  private static String binary() {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "pgbouncer"))) {
        return Path.of(dir, "pgbouncer").toString();
      }
    }
    if (Files.isExecutable(Path.of("/usr/sbin/pgbouncer"))) {
      return "/usr/sbin/pgbouncer";
    }
    throw new IllegalStateException(
        "pgbouncer is not installed; run .ci/run or 'apt-get install pgbouncer'");
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  @Override
  public synchronized void close() {
    process.destroy();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try (Stream<Path> paths = Files.walk(directory)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    } catch (IOException e) {
      // A temporary directory left behind is not worth failing a test for.
    }
  }
}
