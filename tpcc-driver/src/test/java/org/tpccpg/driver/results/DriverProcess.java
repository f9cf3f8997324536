package org.tpccpg.driver.results;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** The packaged driver ({@code target/tpcc.jar}) in a process of its own, for signal tests. */
public final class DriverProcess implements AutoCloseable {
  private static final Map<String, Integer> SIGNAL_NUMBERS =
      Map.of("HUP", 1, "INT", 2, "QUIT", 3, "KILL", 9, "TERM", 15);

  private final Process process;
  private final BufferedReader reader;
  private final StringBuilder output = new StringBuilder();

  private DriverProcess(Process process) {
    this.process = process;
    this.reader =
        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
  }

  public static DriverProcess start(List<String> args) throws IOException {
    return start(args, Map.of(), Path.of("."));
  }

  /**
   * @param environment variables added to this process's
   * @param workingDirectory where the driver runs
   */
  public static DriverProcess start(
      List<String> args, Map<String, String> environment, Path workingDirectory)
      throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-jar");
    command.add(Path.of("target", "tpcc.jar").toAbsolutePath().toString());
    command.addAll(args);
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().putAll(environment);
    return new DriverProcess(builder.directory(workingDirectory.toFile()).start());
  }

  /** Reads lines until {@code count} of them match; false when the output ends first. */
  public boolean awaitLines(Predicate<String> matching, int count) throws IOException {
    int seen = 0;
    while (seen < count) {
      String line = reader.readLine();
      if (line == null) {
        return false;
      }
      output.append(line).append('\n');
      if (matching.test(line)) {
        seen++;
      }
    }
    return true;
  }

  public void signal(String name) throws IOException, InterruptedException {
    requireNotIgnored(name);
    new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).start().waitFor();
  }

  /**
   * A signal ignored where the tests were started (a background job of a non-interactive shell
   * ignores SIGINT, nohup SIGHUP) is ignored by the driver too: the JVM keeps an inherited SIG_IGN.
   * Fails at once naming it, where the test would otherwise wait for an exit that cannot come.
   */
  private void requireNotIgnored(String name) throws IOException {
    Integer number = SIGNAL_NUMBERS.get(name);
    Path status = Path.of("/proc", Long.toString(process.pid()), "status");
    if (number == null || !Files.isReadable(status)) {
      return;
    }
    for (String line : Files.readAllLines(status, StandardCharsets.UTF_8)) {
      if (line.startsWith("SigIgn:")
          && (Long.parseUnsignedLong(line.substring(7).trim(), 16) & (1L << (number - 1))) != 0) {
        throw new IllegalStateException(
            "the driver ignores SIG"
                + name
                + ": it inherited SIG_IGN from the environment the tests were started in (a"
                + " background job of a non-interactive shell, nohup); scripts/test.sh resets it");
      }
    }
  }

  /** Reads the rest of the output and waits for the exit code. */
  public int finish() throws IOException, InterruptedException {
    for (String line = reader.readLine(); line != null; line = reader.readLine()) {
      output.append(line).append('\n');
    }
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      throw new IllegalStateException("the driver did not end:\n" + output);
    }
    return process.exitValue();
  }

  public String output() {
    return output.toString();
  }

  @Override
  public void close() {
    process.destroyForcibly();
  }
}
