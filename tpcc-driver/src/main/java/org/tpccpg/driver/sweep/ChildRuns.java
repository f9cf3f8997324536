package org.tpccpg.driver.sweep;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.tpccpg.driver.connect.HiddenArguments;

/**
 * Runs {@code tpcc} commands as child processes: the same Java runtime, class path and JVM options
 * as this one, the same environment (so {@code PGPASSWORD} and {@code PGPASSFILE} reach them), the
 * output appended to a log file. Each cell gets a fresh JVM, as a user's separate runs do: no JIT
 * warm-up, heap or class loading carries over from one cell into the next. Each child is told this
 * process's pid ({@link Sweep#PARENT_VARIABLE}) and stops as on SIGTERM once that process is gone,
 * so a sweep killed outright leaves no cell running on; while it runs, it is recorded in the bundle
 * ({@link BundleLock#running}).
 */
final class ChildRuns {
  private final List<String> launcher;
  private final Path bundle;
  private final AtomicReference<Process> current = new AtomicReference<>();
  private volatile boolean stopping;

  /**
   * @param mainClass the command line's main class, which takes the arguments
   */
  ChildRuns(String mainClass, Path bundle) {
    this.bundle = bundle;
    List<String> launcher = new ArrayList<>();
    launcher.add(
        ProcessHandle.current()
            .info()
            .command()
            .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    launcher.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
    launcher.add("-cp");
    launcher.add(System.getProperty("java.class.path"));
    launcher.add(mainClass);
    this.launcher = List.copyOf(launcher);
  }

  /** The outcome of one child: its exit code, and the last line it wrote to stderr or stdout. */
  record Outcome(int exitCode, String lastLine) {}

  /**
   * Runs one command to its end, its output appended to {@code log}.
   *
   * @throws IOException when the process cannot be started
   */
  Outcome run(List<String> args, Path log) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(launcher);
    command.addAll(args);
    Files.writeString(
        log,
        "$ tpcc " + String.join(" ", args) + "\n",
        StandardCharsets.UTF_8,
        java.nio.file.StandardOpenOption.CREATE,
        java.nio.file.StandardOpenOption.APPEND);
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    HiddenArguments.scrub(builder.environment());
    builder.environment().put(Sweep.PARENT_VARIABLE, Long.toString(ProcessHandle.current().pid()));
    Process process = builder.start();
    current.set(process);
    BundleLock.running(bundle, process, log.getFileName().toString().replaceFirst("\\.log$", ""));
    if (stopping) {
      process.destroy(); // the stop came while it started
    }
    try {
      int code = process.waitFor();
      return new Outcome(code, lastLine(log));
    } finally {
      current.set(null);
      BundleLock.ended(bundle);
    }
  }

  /**
   * Asks the running child to stop (SIGTERM: it ends its run and writes its summary), and no more
   * to start; safe from any thread.
   */
  void stop() {
    stopping = true;
    Process process = current.get();
    if (process != null) {
      process.destroy();
    }
  }

  boolean stopping() {
    return stopping;
  }

  private static String lastLine(Path log) throws IOException {
    List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
    for (int i = lines.size() - 1; i >= 0; i--) {
      if (!lines.get(i).isBlank()) {
        return lines.get(i).strip();
      }
    }
    return "no output";
  }
}
