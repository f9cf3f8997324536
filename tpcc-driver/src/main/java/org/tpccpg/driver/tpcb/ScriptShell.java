package org.tpccpg.driver.tpcb;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.tpccpg.driver.connect.HiddenArguments;
import org.tpccpg.driver.tpcb.script.EvaluationException;
import org.tpccpg.driver.tpcb.script.MetaCommand;
import org.tpccpg.driver.tpcb.script.MetaKind;
import org.tpccpg.driver.tpcb.script.ShellCommand;
import org.tpccpg.driver.tpcb.script.Value;
import org.tpccpg.driver.tpcb.script.Variables;

/**
 * pgbench's runShellCommand(): {@code system()} for {@code \shell}, {@code popen()} for {@code
 * \setshell}, through {@code /bin/sh -c}. The command shares the JVM's stdin and stderr; its stdout
 * is read (so it is not a terminal) and, for {@code \shell}, printed on the command's stdout once
 * it ends, so a caller that captures our output (a program embedding tpcc, the tests) gets it as
 * pgbench's caller gets pgbench's. {@code \shell}'s output goes through a file, so the wait for the
 * command stays interruptible at the run's end.
 */
final class ScriptShell {
  private final PrintWriter out;

  ScriptShell(PrintWriter out) {
    this.out = out;
  }

  /**
   * Runs the command of {@code meta}; for {@code \setshell}, stores the integer it printed.
   *
   * @return null, or the line pgbench prints before the client's abort line
   */
  String run(MetaCommand meta, Variables variables) throws InterruptedException {
    String program = meta.arguments().get(meta.kind() == MetaKind.SETSHELL ? 2 : 1);
    try {
      ProcessBuilder builder =
          new ProcessBuilder("/bin/sh", "-c", ShellCommand.commandLine(meta, variables))
              .redirectInput(ProcessBuilder.Redirect.INHERIT)
              .redirectError(ProcessBuilder.Redirect.INHERIT);
      HiddenArguments.scrub(builder.environment());
      if (meta.kind() == MetaKind.SHELL) {
        return shell(builder) ? null : program + ": could not launch shell command";
      }
      Process process = builder.start();
      String output;
      try (InputStream in = process.getInputStream()) {
        output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      process.waitFor();
      variables.put("setshell", meta.variable(), Value.of(ShellCommand.result(meta, output)));
      return null;
    } catch (IOException e) {
      return program + ": could not launch shell command: " + e.getMessage();
    } catch (EvaluationException e) {
      return e.getMessage();
    }
  }

  /** Runs a {@code \shell} command and prints its output; whether it exited with 0. */
  private boolean shell(ProcessBuilder builder) throws IOException, InterruptedException {
    Path output = Files.createTempFile("tpcc-shell", ".out");
    try {
      int exitCode = builder.redirectOutput(output.toFile()).start().waitFor();
      String text = new String(Files.readAllBytes(output), StandardCharsets.UTF_8);
      if (!text.isEmpty()) {
        out.print(text);
        out.flush();
      }
      return exitCode == 0;
    } finally {
      Files.deleteIfExists(output);
    }
  }
}
