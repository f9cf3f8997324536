package org.tpccpg.driver.tpcb.script;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.tpccpg.testkit.Background;
import org.tpccpg.testkit.TestDatabase;

/** The real pgbench binary (on PATH, else the newest /usr/lib/postgresql/N), run on a database. */
final class PgbenchProcess {
  private PgbenchProcess() {}

  /** What pgbench printed, and its exit code. */
  record Output(int exitCode, String out, String err) {}

  static Path locate() throws IOException {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
      Path candidate = Path.of(dir.isEmpty() ? "." : dir, "pgbench");
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    Path root = Path.of("/usr/lib/postgresql");
    try (Stream<Path> versions = Files.list(root)) {
      Optional<Path> newest =
          versions
              .filter(p -> p.getFileName().toString().matches("\\d+"))
              .sorted(Comparator.comparingInt(p -> -Integer.parseInt(p.getFileName().toString())))
              .map(p -> p.resolve("bin/pgbench"))
              .filter(Files::isExecutable)
              .findFirst();
      return newest.orElseThrow(() -> new IllegalStateException("no pgbench installed"));
    }
  }

  /** Runs pgbench with {@code args} on {@code database}; fails unless it exits with 0. */
  static Output run(TestDatabase database, String... args) throws Exception {
    Output output = runIn(Path.of("."), database, args);
    assertEquals(0, output.exitCode(), "pgbench " + String.join(" ", args) + ":\n" + output.err());
    return output;
  }

  /** Runs pgbench with {@code args} on {@code database} in {@code directory}, whatever its exit. */
  static Output runIn(Path directory, TestDatabase database, String... args) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(locate().toString());
    command.addAll(List.of(args));
    command.add(database.name());
    ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
    builder.environment().put("PGHOST", database.host());
    builder.environment().put("PGPORT", Integer.toString(database.port()));
    builder.environment().put("PGUSER", database.user());
    builder.environment().put("PGPASSWORD", database.password());
    Process process = builder.start();
    CompletableFuture<byte[]> err =
        Background.supply(
            () -> {
              try {
                return process.getErrorStream().readAllBytes();
              } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            });
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String errText = new String(err.get(), StandardCharsets.UTF_8);
    return new Output(process.waitFor(), out, errText);
  }
}
