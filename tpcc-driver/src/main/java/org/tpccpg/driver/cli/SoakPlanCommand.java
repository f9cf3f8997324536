package org.tpccpg.driver.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import org.tpccpg.driver.connect.HiddenArguments;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code soak-plan}: for {@code bin/tpcc-soak}, the target a soak's options name and the argument
 * list of each of its phases, one {@code name=value} line each (see {@link SoakPlan}). Hidden from
 * the help: it is the soak script's, not a benchmark.
 */
@Command(
    name = "soak-plan",
    hidden = true,
    mixinStandardHelpOptions = true,
    description = {
      "Prints what bin/tpcc-soak runs for the options after '--': the resolved target (host,"
          + " port, dbname, user, lock key), then each phase's arguments; never the password."
          + " See docs/soak.md."
    })
final class SoakPlanCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;
  @ParentCommand private TpccCli parent;

  @Option(names = "--workload", paramLabel = "tpcc|tpcb", description = "tpcc (default) or tpcb.")
  private String workload = "tpcc";

  @Option(
      names = "--init",
      paramLabel = "OPTIONS",
      description = "tpcb: the initialization options, one string (default \"-s 10\").")
  private String init = "-s 10";

  @Option(names = "--results", paramLabel = "DIR", description = "The run's results directory.")
  private Path results;

  @Option(
      names = "--stdin",
      description =
          "Also read options from standard input, each ended by a NUL byte, so that no password"
              + " among them shows in this command's process title.")
  private boolean stdin;

  @Option(
      names = "--secret-file",
      paramLabel = "FILE",
      description = "Write the resolved password (nothing if none) to FILE, made owner-only.")
  private Path secretFile;

  @Parameters(paramLabel = "OPTION", description = "The soak's options (after '--').")
  private List<String> options = new ArrayList<>();

  @Override
  public Integer call() throws IOException {
    List<String> given = new ArrayList<>(options);
    SoakPlan plan;
    try {
      if (stdin) { // bin/tpcc-soak's options: those holding a password stand as placeholders
        String[] read = nulSeparated(System.in).toArray(String[]::new);
        given.addAll(List.of(HiddenArguments.restore(read, parent.environment())));
      }
      plan =
          switch (workload) {
            case "tpcc" -> SoakPlan.tpcc(given, results, parent.environment(), err());
            case "tpcb" -> SoakPlan.tpcb(init, given, results, parent.environment(), err());
            default ->
                throw new IllegalArgumentException(
                    "--workload=" + workload + " is not a workload; use tpcc or tpcb");
          };
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage(), e);
    }
    if (secretFile != null) {
      writeSecret(secretFile, plan.password());
    }
    plan.lines().forEach(spec.commandLine().getOut()::println);
    spec.commandLine().getOut().flush();
    return 0;
  }

  private PrintWriter err() {
    return spec.commandLine().getErr();
  }

  private static List<String> nulSeparated(InputStream in) throws IOException {
    String text = new String(in.readAllBytes(), Charset.defaultCharset());
    if (text.isEmpty()) {
      return List.of();
    }
    if (text.endsWith("\0")) {
      text = text.substring(0, text.length() - 1);
    }
    return Arrays.asList(text.split("\0", -1));
  }

  /** Owner-only from its creation, so the password is never readable by others even briefly. */
  private static void writeSecret(Path file, String password) throws IOException {
    if (!Files.exists(file)) {
      Files.createFile(
          file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    } else {
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    }
    Files.writeString(
        file,
        password,
        Charset.defaultCharset(),
        StandardOpenOption.WRITE,
        StandardOpenOption.TRUNCATE_EXISTING);
  }
}
