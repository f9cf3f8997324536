package org.tpccpg.driver.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Finds the PostgreSQL server programs ({@code initdb}, {@code pg_ctl}) the way {@code
 * scripts/lib/cluster.sh} does: on {@code PATH}, then {@code pg_config --bindir}, then the newest
 * {@code /usr/lib/postgresql/<version>/bin} (Debian's layout).
 */
public final class PostgresBinaries {
  private static final Path DEBIAN_ROOT = Path.of("/usr/lib/postgresql");

  private PostgresBinaries() {}

  /** Returns the directory holding initdb and pg_ctl, or fails with an install hint. */
  public static Path locate() throws IOException, InterruptedException {
    Optional<Path> found = onPath();
    if (found.isEmpty()) {
      found = fromPgConfig();
    }
    if (found.isEmpty()) {
      found = newestDebianVersion();
    }
    return found.orElseThrow(
        () ->
            new IllegalStateException(
                "no PostgreSQL server binaries (initdb, pg_ctl) in PATH, 'pg_config --bindir' or"
                    + " /usr/lib/postgresql/*/bin; install them (e.g. 'apt-get install postgresql')"
                    + " or point --pgsql-host/--pgsql-port at a running server"));
  }

  static boolean isServerBinDir(Path dir) {
    return Files.isExecutable(dir.resolve("initdb")) && Files.isExecutable(dir.resolve("pg_ctl"));
  }

  private static Optional<Path> onPath() {
    String path = System.getenv("PATH");
    if (path == null) {
      return Optional.empty();
    }
    return Stream.of(path.split(":"))
        .filter(entry -> !entry.isEmpty())
        .map(Path::of)
        .filter(PostgresBinaries::isServerBinDir)
        .findFirst()
        .map(PostgresBinaries::realBinDir);
  }

  /**
   * Follows a symbolic link such as /usr/local/bin/initdb to the directory of the real binaries.
   */
  private static Path realBinDir(Path dir) {
    try {
      return dir.resolve("initdb").toRealPath().getParent();
    } catch (IOException e) {
      return dir;
    }
  }

  private static Optional<Path> fromPgConfig() throws IOException, InterruptedException {
    Process process;
    try {
      process = new ProcessBuilder("pg_config", "--bindir").redirectErrorStream(true).start();
    } catch (IOException e) {
      return Optional.empty(); // no pg_config on this machine
    }
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (process.waitFor() != 0 || output.isBlank()) {
      return Optional.empty();
    }
    Path dir = Path.of(output.strip());
    return isServerBinDir(dir) ? Optional.of(dir) : Optional.empty();
  }

  private static Optional<Path> newestDebianVersion() throws IOException {
    if (!Files.isDirectory(DEBIAN_ROOT)) {
      return Optional.empty();
    }
    try (Stream<Path> versions = Files.list(DEBIAN_ROOT)) {
      List<Path> candidates =
          versions
              .filter(dir -> dir.getFileName().toString().matches("\\d+(\\.\\d+)?"))
              .sorted(
                  Comparator.comparingDouble(
                      dir -> Double.parseDouble(dir.getFileName().toString())))
              .map(dir -> dir.resolve("bin"))
              .filter(PostgresBinaries::isServerBinDir)
              .toList();
      return candidates.isEmpty()
          ? Optional.empty()
          : Optional.of(candidates.get(candidates.size() - 1));
    }
  }
}
