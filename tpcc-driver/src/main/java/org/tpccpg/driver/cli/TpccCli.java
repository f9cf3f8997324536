package org.tpccpg.driver.cli;

import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.tpccpg.core.catalog.TpccVersion;
import org.tpccpg.driver.connect.HiddenArguments;
import org.tpccpg.driver.engine.ClientThreads;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/** The {@code tpcc} command: TPC-C and TPC-B benchmarks for PostgreSQL. */
@Command(
    name = "tpcc",
    mixinStandardHelpOptions = true,
    versionProvider = TpccCli.Version.class,
    description = "TPC-C and TPC-B benchmark driver for PostgreSQL.")
public final class TpccCli implements Runnable {
  /**
   * The commands, in the order {@code --help} lists them. Only the one invoked is given to picocli:
   * picocli reads every option of every command it is given by reflection at start, and that is a
   * fifth of a second of CPU that a 30 s benchmark takes from the server (docs/benchmarks.md).
   */
  private static final Map<String, Supplier<Object>> COMMANDS = commands();

  @Spec private CommandSpec spec;

  @Option(
      names = "--verbose",
      scope = ScopeType.INHERIT,
      description =
          "On failure, print the full stack trace, not just one line. run also prints its"
              + " effective configuration (password masked) before it starts.")
  private boolean verbose;

  private final Map<String, String> environment;
  private final InterruptGuard interrupts;

  /** A command line that reads connection defaults from the given environment variables. */
  public TpccCli(Map<String, String> environment) {
    this(environment, InterruptGuard.inactive());
  }

  private TpccCli(Map<String, String> environment, InterruptGuard interrupts) {
    this.environment = Map.copyOf(Objects.requireNonNull(environment, "environment"));
    this.interrupts = Objects.requireNonNull(interrupts, "interrupts");
  }

  Map<String, String> environment() {
    return environment;
  }

  /** Whether {@code --verbose} was given, before or after the command's name. */
  boolean verbose() {
    return FailureHandler.verbose(spec.commandLine().getParseResult());
  }

  /** What an interrupt before a command's own stop handling does (see {@link InterruptGuard}). */
  InterruptGuard interrupts() {
    return interrupts;
  }

  @Override
  public void run() {
    throw new ParameterException(spec.commandLine(), "a command is required");
  }

  public static void main(String[] args) {
    Charset charset = Charset.defaultCharset();
    PrintWriter out = new PrintWriter(System.out, true, charset);
    PrintWriter err = new PrintWriter(System.err, true, charset);
    InterruptGuard interrupts = InterruptGuard.install(err);
    ParentWatch.start(System.getenv());
    int exitCode = execute(args, out, err, System.getenv(), interrupts);
    interrupts.disarm();
    System.exit(exitCode);
  }

  /**
   * Runs one invocation and returns its exit code: 0 on success, 1 when the work failed, 2 for bad
   * options. Tests call this with captured writers and a made-up environment.
   */
  public static int execute(
      String[] args, PrintWriter out, PrintWriter err, Map<String, String> environment) {
    return execute(args, out, err, environment, InterruptGuard.inactive());
  }

  private static int execute(
      String[] args,
      PrintWriter out,
      PrintWriter err,
      Map<String, String> environment,
      InterruptGuard interrupts) {
    String[] given;
    try {
      given = HiddenArguments.restore(args, environment);
    } catch (IllegalArgumentException e) {
      err.println("tpcc: " + e.getMessage());
      err.flush();
      return 2;
    }
    SysbenchAliases.Rewritten sysbench = SysbenchAliases.commandLine(given);
    sysbench.warnings().forEach(out::println);
    String[] normalized = PgbenchArguments.normalize(sysbench.args());
    CommandLine commandLine = new CommandLine(new TpccCli(environment, interrupts));
    addCommands(commandLine, normalized);
    commandLine.setCaseInsensitiveEnumValuesAllowed(true);
    commandLine.setOut(out);
    commandLine.setErr(err);
    commandLine.setParameterExceptionHandler(new UsageErrorHandler());
    commandLine.setExecutionExceptionHandler(new FailureHandler());
    int exitCode = commandLine.execute(normalized);
    out.flush();
    err.flush();
    return exitCode;
  }

  /**
   * The whole command tree, every command in it, with no environment: the model that the build
   * generates the shell completion script and the man pages from (see DistributionFiles in the
   * tests).
   */
  static CommandLine allCommands() {
    CommandLine commandLine = new CommandLine(new TpccCli(Map.of()));
    COMMANDS.forEach((name, command) -> add(commandLine, name, command.get()));
    commandLine.setCaseInsensitiveEnumValuesAllowed(true);
    return commandLine;
  }

  private static Map<String, Supplier<Object>> commands() {
    Map<String, Supplier<Object>> commands = new LinkedHashMap<>();
    commands.put("prepare", PrepareCommand::new);
    commands.put("cleanup", CleanupCommand::new);
    commands.put("check", CheckCommand::new);
    commands.put("install-procedures", InstallProceduresCommand::new);
    commands.put("run", RunCommand::new);
    commands.put("quickstart", QuickstartCommand::new);
    commands.put("tpcb", TpcbCommand::new);
    commands.put("compare", CompareCommand::new);
    commands.put("merge", MergeCommand::new);
    commands.put("report", ReportCommand::new);
    commands.put("sweep", SweepCommand::new);
    commands.put("soak-plan", SoakPlanCommand::new);
    commands.put("help", CommandLine.HelpCommand::new);
    return Collections.unmodifiableMap(commands);
  }

  /**
   * Gives picocli the command named first (after {@link SysbenchArguments#normalize}, the command
   * word comes first); none for a lone {@code --version}; every command when there is none, it is
   * {@code help}, or it is not a command: help, usage and picocli's "did you mean" then see them
   * all.
   */
  private static void addCommands(CommandLine commandLine, String[] args) {
    if (args.length == 1 && ("--version".equals(args[0]) || "-V".equals(args[0]))) {
      return;
    }
    String first = args.length == 0 ? "" : args[0];
    if (COMMANDS.containsKey(first) && !"help".equals(first)) {
      add(commandLine, first, COMMANDS.get(first).get());
      return;
    }
    COMMANDS.forEach((name, command) -> add(commandLine, name, command.get()));
  }

  /**
   * Adds one command. tpcb takes repeated options as pgbench does (the last value counts, each -S
   * adds a script) and prints its help in pgbench's sections; the sysbench commands take them as
   * sysbench does (the last value counts).
   */
  private static void add(CommandLine commandLine, String name, Object command) {
    commandLine.addSubcommand(name, command);
    if (SysbenchAliases.COMMANDS.contains(name)) {
      commandLine.getSubcommands().get(name).setOverwrittenOptionsAllowed(true);
    }
    if ("tpcb".equals(name)) {
      CommandLine tpcb = commandLine.getSubcommands().get(name);
      tpcb.setOverwrittenOptionsAllowed(true);
      TpcbHelp.install(tpcb);
    }
  }

  /** Prints the version and git commit from the build, then the JVM it runs on. */
  static final class Version implements IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {
        "tpcc " + TpccVersion.get() + " (commit " + TpccVersion.commit() + ")",
        "Java "
            + System.getProperty("java.version")
            + " ("
            + System.getProperty("java.vm.name")
            + ", "
            + System.getProperty("java.vendor")
            + ") in "
            + System.getProperty("java.home"),
        ClientThreads.describe()
      };
    }
  }
}
