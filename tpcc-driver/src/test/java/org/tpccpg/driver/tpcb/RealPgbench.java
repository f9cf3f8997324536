package org.tpccpg.driver.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.tpccpg.testkit.TestDatabase;

/**
 * The real {@code pgbench} binary, found on PATH or as the newest {@code
 * /usr/lib/postgresql/<version>/bin/pgbench}, run against a test database.
 */
final class RealPgbench {
  private RealPgbench() {}

  static Path locate() throws IOException {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      Path candidate = Path.of(dir.isEmpty() ? "." : dir, "pgbench");
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    Path root = Path.of("/usr/lib/postgresql");
    if (Files.isDirectory(root)) {
      try (Stream<Path> versions = Files.list(root)) {
        Optional<Path> newest =
            versions
                .filter(p -> p.getFileName().toString().matches("\\d+"))
                .sorted(Comparator.comparingInt(p -> -Integer.parseInt(p.getFileName().toString())))
                .map(p -> p.resolve("bin/pgbench"))
                .filter(Files::isExecutable)
                .findFirst();
        if (newest.isPresent()) {
          return newest.get();
        }
      }
    }
    throw new IllegalStateException(
        "no pgbench on PATH or in /usr/lib/postgresql/*/bin; install postgresql-client");
  }

  /** Runs pgbench with {@code args} and the database name; fails unless it exits with 0. */
  static Output run(TestDatabase database, String... args) throws Exception {
    Output output = runAny(database, args);
    assertEquals(0, output.exitCode(), "pgbench " + args + ": " + output.err());
    return output;
  }

  /** The same, whatever its exit code. */
  static Output runAny(TestDatabase database, String... args) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(locate().toString());
    command.addAll(List.of(args));
    command.add(database.name());
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().put("PGHOST", database.host());
    builder.environment().put("PGPORT", Integer.toString(database.port()));
    builder.environment().put("PGUSER", database.user());
    builder.environment().put("PGPASSWORD", database.password());
    Process process = builder.start();
    byte[] err = process.getErrorStream().readAllBytes();
    byte[] out = process.getInputStream().readAllBytes();
    Output output =
        new Output(
            process.waitFor(),
            new String(out, StandardCharsets.UTF_8),
            new String(err, StandardCharsets.UTF_8));
    return output;
  }

  /** What a command printed. */
  record Output(int exitCode, String out, String err) {}
}
