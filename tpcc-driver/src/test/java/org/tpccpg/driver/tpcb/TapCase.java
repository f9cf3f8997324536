package org.tpccpg.driver.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Pattern;
import org.tpccpg.driver.cli.TpccCli;
import org.tpccpg.testkit.Background;
import org.tpccpg.testkit.TestDatabase;

/**
 * One case of pgbench 15's TAP files (src/bin/pgbench/t/00[12]_*.pl), as we wrote it from what the
 * case checks: the options, the script files, the exit code and the patterns stdout and stderr must
 * each contain. {@link #check} runs the real pgbench first, so the expectation is proven on
 * pgbench, then {@code tpcc tpcb} with the same arguments and environment.
 *
 * @param name the case's name in the TAP file
 * @param options the options, split on blanks as the TAP file splits them
 * @param files script files by name; a name ending in {@code @N} is passed as {@code -f file@N}
 *     (001's way) when {@code weightsPassed}, else without it (002's way)
 * @param exitCode the expected exit code
 * @param out patterns stdout must contain (Java regexes, found anywhere)
 * @param err patterns stderr must contain
 * @param env variables both get besides the connection's, e.g. {@code PGOPTIONS}
 * @param setup SQL run before each of the two, to give both the same starting point, or null
 * @param gap why tpcc tpcb does not pass this case (listed in docs/tpcb.md), or null
 * @param needs the pgbench major whose options or output the case takes: above 15, the pgbench
 *     installed here cannot run it, so only tpcc tpcb runs it, given {@code --pgbench-version=N}
 */
record TapCase(
    String name,
    String options,
    Map<String, String> files,
    int exitCode,
    List<String> out,
    List<String> err,
    Map<String, String> env,
    String setup,
    String gap,
    int needs) {

  static TapCase of(String name, String options, int exitCode, List<String> out, List<String> err) {
    return new TapCase(name, options, Map.of(), exitCode, out, err, Map.of(), null, null, 15);
  }

  TapCase withFiles(Map<String, String> scripts) {
    return new TapCase(
        name, options, new TreeMap<>(scripts), exitCode, out, err, env, setup, gap, needs);
  }

  TapCase withEnv(Map<String, String> variables) {
    return new TapCase(name, options, files, exitCode, out, err, variables, setup, gap, needs);
  }

  TapCase withSetup(String sql) {
    return new TapCase(name, options, files, exitCode, out, err, env, sql, gap, needs);
  }

  /** A case tpcc tpcb does not pass, for {@code reason}. */
  TapCase gap(String reason) {
    return new TapCase(name, options, files, exitCode, out, err, env, setup, reason, needs);
  }

  /** The same case with other options. */
  TapCase withOptions(String changed) {
    return new TapCase(name, changed, files, exitCode, out, err, env, setup, gap, needs);
  }

  /** A case of a later pgbench's, run on tpcc tpcb only, as that pgbench ({@code major}). */
  TapCase needs(int major) {
    return new TapCase(name, options, files, exitCode, out, err, env, setup, gap, major);
  }

  /** Runs SQL before each tool. */
  interface Setup {
    void run(String sql) throws Exception;
  }

  @Override
  public String toString() {
    return name;
  }

  /** What a command printed. */
  record Output(int exitCode, String out, String err) {}

  /**
   * Runs the case on pgbench (unless it {@link #needs} a later one) and on tpcc tpcb; pgbench must
   * pass it, and tpcc tpcb too unless the case is a known gap, which must still fail (else the gap
   * list is out of date).
   *
   * @param dir where the script files are written (and the processes run)
   * @param env the PG* variables both get
   * @param weightsPassed whether {@code name@N} files are passed with their weight (001)
   */
  void check(Path dir, Map<String, String> connection, boolean weightsPassed) throws Exception {
    check(dir, connection, weightsPassed, sql -> {});
  }

  /**
   * The same against {@code db}: both tools get its PG* variables, {@link #setup} runs on a
   * connection of its own before each.
   */
  void check(Path dir, TestDatabase db) throws Exception {
    Map<String, String> connection =
        Map.of(
            "PGHOST", db.host(),
            "PGPORT", Integer.toString(db.port()),
            "PGUSER", db.user(),
            "PGPASSWORD", db.password(),
            "PGDATABASE", db.name());
    check(
        dir,
        connection,
        true,
        sql -> {
          try (Connection c = db.connect();
              Statement s = c.createStatement()) {
            s.execute(sql);
          }
        });
  }

  /** The same, running {@link #setup} with {@code runner} before each tool. */
  void check(Path dir, Map<String, String> connection, boolean weightsPassed, Setup runner)
      throws Exception {
    Map<String, String> env = new TreeMap<>(connection);
    env.putAll(this.env);
    List<String> args = arguments(dir, weightsPassed);
    if (needs == 15) {
      if (setup != null) {
        runner.run(setup);
      }
      Output pgbench = pgbench(dir, args, env);
      List<String> failures = failures(pgbench, "pgbench");
      assertEquals(List.of(), failures, "pgbench itself: " + pgbench);
    }
    if (setup != null) {
      runner.run(setup);
    }
    List<String> ourArgs = new ArrayList<>(args);
    ourArgs.add(0, "--pgbench-version=" + needs); // 15: the real pgbench it was compared with
    Output ours = ours(ourArgs, env);
    List<String> ourFailures = failures(ours, "tpcc tpcb");
    if (gap == null) {
      assertEquals(List.of(), ourFailures, "tpcc tpcb: " + ours);
    } else {
      assertFalse(
          ourFailures.isEmpty(),
          "tpcc tpcb now passes '" + name + "': remove it from the gaps in docs/tpcb.md");
    }
  }

  private List<String> arguments(Path dir, boolean weightsPassed) throws IOException {
    List<String> args = new ArrayList<>();
    for (String option : options.trim().split("\\s+")) {
      if (!option.isEmpty()) {
        args.add(option.replace("$DIR", dir.toString()));
      }
    }
    for (Map.Entry<String, String> file : files.entrySet()) {
      String fileName = file.getKey().replaceFirst("@\\d+$", "");
      Path path = dir.resolve(fileName);
      Files.writeString(path, file.getValue(), StandardCharsets.UTF_8);
      args.add("-f");
      args.add(weightsPassed ? dir.resolve(file.getKey()).toString() : path.toString());
    }
    return args;
  }

  /** The expectations {@code output} misses, named; empty when it passes. */
  private List<String> failures(Output output, String tool) {
    List<String> failures = new ArrayList<>();
    if (output.exitCode() != exitCode) {
      failures.add("exit code " + output.exitCode() + ", expected " + exitCode);
    }
    for (String pattern : out) {
      if (!Pattern.compile(ours(pattern, tool)).matcher(output.out()).find()) {
        failures.add("stdout lacks /" + pattern + "/");
      }
    }
    for (String pattern : err) {
      if (!Pattern.compile(ours(pattern, tool)).matcher(output.err()).find()) {
        failures.add("stderr lacks /" + pattern + "/");
      }
    }
    return failures;
  }

  /** A pattern naming the program by its name: pgbench's, or ours (our first word is ours). */
  private static String ours(String pattern, String tool) {
    return pattern.replace("$PROGRAM", Pattern.quote(tool));
  }

  private static Output pgbench(Path dir, List<String> args, Map<String, String> env)
      throws Exception {
    List<String> command = new ArrayList<>();
    command.add(RealPgbench.locate().toString());
    command.addAll(args);
    ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
    builder.environment().keySet().removeIf(key -> key.startsWith("PG"));
    builder.environment().putAll(env);
    builder.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    Process process = builder.start();
    CompletableFuture<String> err =
        Background.supply(
            () -> {
              try {
                return new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            });
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    return new Output(process.waitFor(), out, err.get());
  }

  private static Output ours(List<String> args, Map<String, String> env) {
    List<String> command = new ArrayList<>();
    command.add("tpcb");
    command.addAll(args);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code =
        TpccCli.execute(
            command.toArray(String[]::new), new PrintWriter(out), new PrintWriter(err), env);
    return new Output(code, out.toString(), err.toString());
  }
}
