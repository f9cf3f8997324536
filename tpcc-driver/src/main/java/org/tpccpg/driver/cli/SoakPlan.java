package org.tpccpg.driver.cli;

import java.io.PrintWriter;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.tpccpg.core.ddl.StorageOptions;
import org.tpccpg.driver.connect.ClientSettings;
import org.tpccpg.driver.connect.ConnectionKeyword;
import org.tpccpg.driver.connect.ConnectionSettings;
import org.tpccpg.driver.connect.LibpqUri;
import org.tpccpg.driver.connect.TcpKeepAlive;
import org.tpccpg.driver.soak.SoakTarget;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * What {@code bin/tpcc-soak} runs, worked out once by the parsers and the connection resolver that
 * the phases themselves use: the target (host, port, database, user, lock key), and each phase's
 * argument list with the connection options replaced by that one resolved target, so that every
 * phase goes to the same server as the same user whatever the environment of a phase holds.
 *
 * <p>The lines it gives never hold the password; it is kept apart ({@link #password()}) for the
 * soak to hand to its phases through {@code PGPASSWORD}. It does not connect, and checks the
 * options only as far as parsing them (a phase still checks the rest when it starts).
 */
final class SoakPlan {
  /** The sysbench-style connection options, by their longest names. */
  private static final Set<String> TPCC_CONNECTION =
      Set.of(
          "--pgsql-host",
          "--pgsql-port",
          "--pgsql-user",
          "--pgsql-password",
          "--pgsql-db",
          "--pgsql-sslmode",
          "--pgsql-sslrootcert",
          "--pgsql-conninfo",
          "--pgsql-url");

  /** pgbench's connection options; the dbname argument is the fourth. */
  private static final Set<String> TPCB_CONNECTION =
      Set.of("--host", "--port", "--username", "--dbname");

  private final List<String> lines = new ArrayList<>();
  private final String password;

  private SoakPlan(String workload, ConnectionSettings settings, int reportInterval) {
    this.password = sharedPassword(settings);
    lines.add("workload=" + workload);
    lines.add("target=" + settings.target());
    lines.add("host=" + settings.hostList());
    lines.add("port=" + settings.portList());
    lines.add("dbname=" + settings.database());
    lines.add("user=" + settings.user());
    lines.add(
        "password=" + (settings.connectionTarget().passwordGiven() ? "given (not shown)" : "none"));
    lines.add("lock=" + SoakTarget.lockKey(settings));
    lines.add("report_interval=" + reportInterval);
    SoakTarget.environment(settings)
        .forEach((name, value) -> lines.add("env=" + name + "=" + value));
  }

  /**
   * The password every server of the target takes, for {@code PGPASSWORD}; empty when there is none
   * or when the password file gave several servers different ones, which the phases then look up
   * there themselves, server by server, as libpq does.
   */
  private static String sharedPassword(ConnectionSettings settings) {
    List<String> passwords =
        settings.hosts().stream().map(ConnectionSettings::password).distinct().toList();
    return passwords.size() == 1 ? passwords.get(0) : "";
  }

  /** The plan's lines, {@code name=value} each; never the password. */
  List<String> lines() {
    return List.copyOf(lines);
  }

  /** The resolved password, empty for none: for {@code PGPASSWORD}, never for output. */
  String password() {
    return password;
  }

  /**
   * The TPC-C soak: cleanup, prepare, run and check with the options given.
   *
   * @param results the run's {@code --results} directory, or null
   * @throws IllegalArgumentException for options the phases would refuse, naming the option
   */
  static SoakPlan tpcc(
      List<String> given, Path results, Map<String, String> environment, PrintWriter err) {
    List<String> words = new ArrayList<>(List.of("run"));
    words.addAll(given);
    CommandLine root = new CommandLine(new TpccCli(environment));
    root.addSubcommand("run", new RunCommand());
    root.getSubcommands().get("run").setOverwrittenOptionsAllowed(true); // as run takes them
    root.setErr(err);
    // as run reads them: the config file's options (a target among them) and the old names
    ParseResult run = parse(root, SysbenchAliases.commandLine(words.toArray(String[]::new)).args());
    refuseResults(run);
    CommandLine runLine = run.commandSpec().commandLine();
    ConnectionOptions connection = mixin(run, "connection", ConnectionOptions.class);
    ConnectionSettings settings;
    try {
      settings = connection.resolve(runLine, environment);
    } catch (ParameterException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
    RunOptions runOptions = mixin(run, "run", RunOptions.class);
    SoakPlan plan = new SoakPlan("tpcc", settings, runOptions.reportInterval);
    plan.storage(environment);
    List<String> options = PhaseArguments.options(run, TPCC_CONNECTION);
    options.addAll(tpccTarget(settings));
    plan.phase("cleanup", List.of("cleanup"), options);
    plan.phase("prepare", List.of("prepare"), options);
    plan.phase("run", withResults(List.of("run"), results), options);
    plan.phase("check", List.of("check"), options);
    return plan;
  }

  /**
   * The TPC-B soak: {@code tpcb -i} with the initialization options, then the run and the balance
   * check with the run's options; the server and user come from the run's options alone.
   *
   * @param init the initialization options, a list of words ({@code -s 10})
   * @throws IllegalArgumentException for options pgbench would refuse, with pgbench's message
   */
  static SoakPlan tpcb(
      String init,
      List<String> given,
      Path results,
      Map<String, String> environment,
      PrintWriter err) {
    ParseResult run = parseTpcb(given, environment, err);
    TpcbCommand command = (TpcbCommand) run.commandSpec().userObject();
    checkTpcbRun(run, command);
    List<String> initWords = new ArrayList<>(List.of("-i"));
    String initText = init == null ? "" : init.strip();
    if (!initText.isEmpty()) {
      initWords.addAll(List.of(initText.split("\\s+")));
    }
    ParseResult initialization = parseTpcb(initWords, environment, err);
    checkTpcbInit(initialization, (TpcbCommand) initialization.commandSpec().userObject());
    List<String> warnings = new ArrayList<>();
    ConnectionSettings settings =
        TpcbConnectionArguments.resolve(
            command.host,
            command.port,
            command.user,
            TpcbInvocation.database(command), // pgbench 17's -d NAME, else the argument
            "setup",
            environment,
            warnings);
    warnings.forEach(err::println);
    err.flush();
    int progress =
        command.run.progress == null ? 0 : Integer.parseInt(command.run.progress.strip());
    SoakPlan plan = new SoakPlan("tpcb", settings, progress);
    plan.storage(environment);
    List<String> target = tpcbTarget(settings);
    List<String> options = PhaseArguments.options(run, TPCB_CONNECTION);
    options.addAll(target);
    List<String> initOptions = PhaseArguments.options(initialization, TPCB_CONNECTION);
    initOptions.addAll(target);
    plan.phase("init", List.of("tpcb"), initOptions);
    plan.phase("run", withResults(List.of("tpcb"), results), options);
    plan.phase("check", List.of("tpcb", "--check"), options);
    return plan;
  }

  private static ParseResult parseTpcb(
      List<String> words, Map<String, String> environment, PrintWriter err) {
    List<String> all = new ArrayList<>(List.of("tpcb"));
    all.addAll(words);
    String[] normalized = PgbenchArguments.normalize(all.toArray(String[]::new)); // -d, as tpcb
    CommandLine root = new CommandLine(new TpccCli(environment));
    root.addSubcommand("tpcb", new TpcbCommand());
    root.getSubcommands().get("tpcb").setOverwrittenOptionsAllowed(true);
    root.setErr(err);
    return parse(root, normalized);
  }

  /** pgbench's own checks of a run's options, and the soak's: the soak does -i and --check. */
  private static void checkTpcbRun(ParseResult run, TpcbCommand command) {
    TpcbOptionScan scan = TpcbOptionScan.scan(run);
    if (scan.listing() != null) {
      throw new IllegalArgumentException(
          "-b list and --show-script list scripts; they do not run a soak");
    }
    String own = PhaseArguments.firstGiven(run, List.of("--initialize", "--check", "--results"));
    if (own != null) {
      throw new IllegalArgumentException(
          own
              + " is the soak's: it initializes (with --init), records into DIR/results and"
              + " checks by itself; leave it out of the options after '--'");
    }
    if (scan.initializationOption()) {
      throw new IllegalArgumentException(
          "some of the specified options cannot be used in benchmarking mode");
    }
    int allowed = command.dbname == null ? 1 : 0; // pgbench 17: -d takes the database's place
    if (command.positional.size() > allowed) {
      throw new IllegalArgumentException(
          "too many command-line arguments (first is \"" + command.positional.get(allowed) + "\")");
    }
  }

  /** The initialization options name no server: the run's options do, for all three phases. */
  private static void checkTpcbInit(ParseResult init, TpcbCommand command) {
    TpcbOptionScan scan = TpcbOptionScan.scan(init);
    String connection =
        PhaseArguments.firstGiven(
            init, List.of("--host", "--port", "--username", "--dbname", "--check"));
    if (connection != null || !command.positional.isEmpty()) {
      throw new IllegalArgumentException(
          "--init takes initialization options only (it has "
              + (connection != null ? connection : "a dbname")
              + "): the server and the database come from the options after '--'");
    }
    if (scan.benchmarkingOption()) {
      throw new IllegalArgumentException(
          "--init: some of the specified options cannot be used in initialization (-i) mode");
    }
  }

  private static ParseResult parse(CommandLine root, String[] words) {
    try {
      return root.parseArgs(words).subcommand();
    } catch (ParameterException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  private static void refuseResults(ParseResult run) {
    if (run.hasMatchedOption("--results")) {
      throw new IllegalArgumentException(
          "--results is set by the soak (DIR/results); leave it out");
    }
  }

  private static <T> T mixin(ParseResult parsed, String name, Class<T> type) {
    return type.cast(parsed.commandSpec().mixins().get(name).userObject());
  }

  private static List<String> withResults(List<String> command, Path results) {
    List<String> words = new ArrayList<>(command);
    if (results != null) {
      words.add("--results=" + results);
    }
    return words;
  }

  /** The resolved target as options, which win over every other source in the phases. */
  private static List<String> tpccTarget(ConnectionSettings settings) {
    List<String> options = new ArrayList<>();
    options.add("--pgsql-host=" + settings.hostList());
    options.add("--pgsql-port=" + settings.portList());
    options.add("--pgsql-user=" + settings.user());
    options.add("--pgsql-db=" + settings.database());
    Map<String, String> properties = new TreeMap<>(settings.client().driverProperties());
    TcpKeepAlive timing = settings.client().keepAlive();
    if (!timing.systemDefaults()) { // a URL gives them under libpq's names (ConnectionKeyword)
      keepAliveTiming(timing).forEach(properties::put);
    }
    if (!properties.isEmpty()) {
      StringBuilder url = new StringBuilder(settings.jdbcUrl());
      char separator = '?';
      for (Map.Entry<String, String> property : properties.entrySet()) {
        if (property.getKey().toLowerCase(Locale.ROOT).contains("password")) {
          throw new IllegalArgumentException(
              "--pgsql-url sets the PgJDBC property "
                  + property.getKey()
                  + ", which the soak cannot pass to its phases without showing it in 'ps';"
                  + " leave it out of the URL");
        }
        url.append(separator)
            .append(encode(property.getKey()))
            .append('=')
            .append(encode(property.getValue()));
        separator = '&';
      }
      options.add("--pgsql-url=" + url);
    }
    return options;
  }

  /**
   * pgbench's options for the target; a dbname that libpq would expand is quoted as one, and
   * keep-alives off or timed, which have no variable, make it a connection string.
   */
  private static List<String> tpcbTarget(ConnectionSettings settings) {
    String database = settings.database();
    String keepAlives = keepAliveKeywords(settings.client());
    if (database.contains("=") || LibpqUri.isUri(database) || !keepAlives.isEmpty()) {
      database = "dbname='" + database.replace("\\", "\\\\").replace("'", "\\'") + "'" + keepAlives;
    }
    return List.of(
        "--host=" + settings.hostList(),
        "--port=" + settings.portList(),
        "--username=" + settings.user(),
        database);
  }

  private static String keepAliveKeywords(ClientSettings client) {
    StringBuilder keywords = new StringBuilder();
    if ("false".equals(client.driverProperties().get("tcpKeepAlive"))) {
      keywords.append(" keepalives=0");
    }
    TcpKeepAlive timing = client.keepAlive();
    if (!timing.systemDefaults()) {
      keepAliveTiming(timing)
          .forEach(
              (keyword, value) -> keywords.append(' ').append(keyword).append('=').append(value));
    }
    return keywords.toString();
  }

  /** The keep-alive timing as libpq's keywords and their values, in libpq's order. */
  private static Map<String, String> keepAliveTiming(TcpKeepAlive timing) {
    Map<String, String> keywords = new LinkedHashMap<>();
    keywords.put(
        ConnectionKeyword.KEEPALIVES_IDLE.keyword(), Integer.toString(timing.idleSeconds()));
    keywords.put(
        ConnectionKeyword.KEEPALIVES_INTERVAL.keyword(),
        Integer.toString(timing.intervalSeconds()));
    keywords.put(ConnectionKeyword.KEEPALIVES_COUNT.keyword(), Integer.toString(timing.count()));
    return keywords;
  }

  private static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }

  /** sysbench-tpcc's storage variables, which every phase reads from the environment it gets. */
  private void storage(Map<String, String> environment) {
    for (String name :
        List.of(StorageOptions.TABLE_OPTIONS_NAME, StorageOptions.INDEX_OPTIONS_NAME)) {
      String value = environment.get(name);
      if (value != null) {
        lines.add("storage=" + name + "=" + value);
      }
    }
  }

  private void phase(String name, List<String> command, List<String> options) {
    lines.add("phase=" + name);
    for (String word : command) {
      lines.add("arg=" + word);
    }
    for (String option : options) {
      if (option.contains("\n") || option.contains("\r")) {
        throw new IllegalArgumentException(
            "an option holds a line break, which a soak's phases cannot be given; remove it");
      }
      lines.add("arg=" + option);
    }
  }
}
