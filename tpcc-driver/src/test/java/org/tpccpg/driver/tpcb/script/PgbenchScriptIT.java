package org.tpccpg.driver.tpcb.script;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tpccpg.testkit.PostgresFixture;

/**
 * The script package against the real pgbench 15 on a real server: the same seeded draws per
 * client, the same expression values, the same commands out of a script file.
 */
class PgbenchScriptIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  private static final List<String> DRAWN = List.of("u", "e", "g", "z", "h", "f", "p", "q");

  @TempDir Path tmp;

  @ParameterizedTest
  @CsvSource({
    "20261130, 2, 2, scale=1",
    "18446744073709551615, 3, 2, scale=1",
    "0, 1, 1, default_seed=-5",
  })
  void seededRandomFunctionsDrawPgbenchsValuesInPgbenchsOrderForEachClient(
      String seedText, int clients, int threads, String define) throws Exception {
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement()) {
      s.execute("DROP TABLE IF EXISTS draws");
      s.execute(
          "CREATE TABLE draws (n serial, client int, u bigint, e bigint, g bigint, z bigint,"
              + " h bigint, f bigint, p bigint, q bigint, default_seed bigint)");
    }
    String text =
        "\\set u random(1, 1000000000)\n"
            + "\\set e random_exponential(-50, 1000000, 3.5)\n"
            + "\\set g random_gaussian(1, 1000000, 2.5)\n"
            + "\\set z random_zipfian(1, 1000000, 1.07)\n"
            + "\\set h hash(:u)\n"
            + "\\set f hash_fnv1a(:u, :g)\n"
            + "\\set p permute(:u, 1000003)\n"
            + "\\set q random(-4611686018427387904, 4611686018427387902) + :random_seed % 2\n"
            + "INSERT INTO draws (client, u, e, g, z, h, f, p, q, default_seed)"
            + " VALUES (:client_id, :u, :e, :g, :z, :h, :f, :p, :q, :default_seed);\n";
    Path file = tmp.resolve("draws.sql");
    Files.writeString(file, text);
    int transactions = 25;
    PgbenchProcess.run(
        POSTGRES.database(),
        "-n",
        "-c",
        Integer.toString(clients),
        "-j",
        Integer.toString(threads),
        "-t",
        Integer.toString(transactions),
        "--random-seed=" + seedText,
        "-D",
        define,
        "-f",
        file.toString());

    long seed = Long.parseUnsignedLong(seedText);
    Script script = ScriptParser.parse(file.toString(), text);
    Variables defined = new Variables();
    defined.define(define);
    RunSeeds seeds = RunSeeds.derive(seed, clients, threads, defined.contains("default_seed"));
    for (int client = 0; client < clients; client++) {
      Variables variables = seeds.clientVariables(defined, client, 1);
      Evaluator evaluator = new Evaluator(variables, seeds.clients().get(client), v -> {});
      List<List<Long>> ours = new ArrayList<>();
      for (int t = 0; t < transactions; t++) {
        for (Command command : script.commands()) {
          if (command instanceof MetaCommand set) {
            variables.put("set", set.variable(), evaluator.evaluate(set.expression()));
          }
        }
        List<Long> row = new ArrayList<>();
        for (String name : DRAWN) {
          row.add(variables.value(name).asInt());
        }
        row.add(variables.value("default_seed").asInt());
        ours.add(row);
      }
      assertEquals(pgbenchsDraws(client), ours, "client " + client);
    }
  }

  private static List<List<Long>> pgbenchsDraws(int client) throws Exception {
    List<List<Long>> rows = new ArrayList<>();
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement();
        ResultSet r =
            s.executeQuery(
                "SELECT u, e, g, z, h, f, p, q, default_seed FROM draws WHERE client = "
                    + client
                    + " ORDER BY n")) {
      while (r.next()) {
        List<Long> row = new ArrayList<>();
        for (int i = 1; i <= DRAWN.size() + 1; i++) {
          row.add(r.getLong(i));
        }
        rows.add(row);
      }
    }
    assertFalse(rows.isEmpty(), "pgbench inserted rows for client " + client);
    return rows;
  }

  @Test
  void expressionsEvaluateToPgbenchsValuesAsDebugPrintsThem() throws Exception {
    List<String> expressions =
        List.of(
            "1.0 / 3",
            "pi() * 1e10",
            "exp(1)",
            "ln(10)",
            "sqrt(2)",
            "pow(2, 0.5)",
            "7 / 2 + -7 % 3",
            "5 > 3 AND NOT 2 >= 3",
            "NULL",
            "NULL IS NULL",
            "hash(5)",
            "hash_fnv1a(5, 7)",
            "hash_murmur2(-123456789, -1)",
            "permute(5, 100)",
            "permute(-7, 10, 99)",
            "int(2.5) + int(-3.5)",
            "1e20",
            "0.00001",
            "greatest(1, 2.5, -1)",
            "least(3, 1, 2)",
            "CASE WHEN 0 THEN 1 WHEN 1 THEN 2.25 END",
            "~5 # 3 | 1 << 62",
            "abs(-9223372036854775807)",
            "double(123456789012345678)",
            ":default_seed",
            ":random_seed",
            "-9223372036854775808 % -1",
            "1 / 0.0",
            "-1 / 0.0");
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < expressions.size(); i++) {
      text.append("\\set r").append(i).append(" debug(").append(expressions.get(i)).append(")\n");
    }
    Path file = tmp.resolve("debug.sql");
    Files.writeString(file, text.toString());
    long seed = 7;
    PgbenchProcess.Output output =
        PgbenchProcess.run(
            POSTGRES.database(), "-n", "-t", "1", "--random-seed=" + seed, "-f", file.toString());
    List<String> theirs = new ArrayList<>();
    for (String line : output.err().split("\n")) {
      if (line.startsWith("debug(")) {
        theirs.add(line);
      }
    }

    Script script = ScriptParser.parse(file.toString(), text.toString());
    RunSeeds seeds = RunSeeds.derive(seed, 1, 1, false);
    Variables variables = new Variables();
    variables.put("startup", "default_seed", Value.of(seeds.defaultSeed()));
    variables.put("startup", "random_seed", Value.of(seed));
    List<String> ours = new ArrayList<>();
    int[] command = {0};
    Evaluator evaluator =
        new Evaluator(
            variables,
            seeds.clients().get(0),
            v -> ours.add(Evaluator.debugLine(0, command[0], v)));
    for (Command c : script.commands()) {
      command[0]++;
      evaluator.evaluate(((MetaCommand) c).expression());
    }
    assertEquals(theirs, ours);
  }

  @Test
  void everyScriptPgbenchRefusesIsRefusedWithPgbenchsLines() throws Exception {
    List<org.junit.jupiter.params.provider.Arguments> cases = ScriptParserTest.refusals().toList();
    for (org.junit.jupiter.params.provider.Arguments arguments : cases) {
      String text = (String) arguments.get()[0];
      Files.writeString(tmp.resolve("t.sql"), text);
      PgbenchProcess.Output pgbench =
          PgbenchProcess.runIn(tmp, POSTGRES.database(), "-n", "-t", "1", "-f", "t.sql");
      assertEquals(1, pgbench.exitCode(), text);
      String theirs = pgbench.err().replaceFirst("^pgbench: error: ", "").stripTrailing();
      ScriptParseException ours =
          org.junit.jupiter.api.Assertions.assertThrows(
              ScriptParseException.class, () -> ScriptParser.parse("t.sql", text));
      // a context line may itself hold newlines (a continued meta-command)
      assertEquals(theirs, String.join("\n", ours.lines()), text);
    }
  }

  @Test
  void failingExpressionsAbortWithPgbenchsMessages() throws Exception {
    List<String> expressions =
        List.of(
            "9223372036854775807 + 1",
            "-9223372036854775807 - 2",
            "4294967296 * 4294967296",
            "-9223372036854775808 / -1",
            "1 / 0",
            "1 % 0",
            "int(1e19)",
            "int(-1e300)",
            "1 + true",
            "1.5 + true",
            "NOT 1",
            "1 AND true",
            ":nope",
            ":txt + 1",
            ":big + 1",
            "random(2, 1)",
            "random(-9223372036854775808, 9223372036854775807)",
            "random_gaussian(1, 10, 1.5)",
            "random_zipfian(1, 10, 1)",
            "random_zipfian(1, 10, 1000.5)",
            "random_exponential(1, 10, 0)",
            "permute(1, 0, 1)",
            "permute(1, -5)");
    for (String expression : expressions) {
      Path file = tmp.resolve("fail.sql");
      String text = "\\set r " + expression + "\n";
      Files.writeString(file, text);
      PgbenchProcess.Output output =
          PgbenchProcess.runIn(
              tmp,
              POSTGRES.database(),
              "-n",
              "-t",
              "1",
              "-D",
              "txt=abc",
              "-D",
              "big=99999999999999999999",
              "-f",
              file.toString());
      assertEquals(2, output.exitCode(), expression + ": " + output.err());
      String theirs = output.err().lines().findFirst().orElseThrow();

      Variables variables = new Variables();
      variables.put("startup", "txt", "abc");
      variables.put("startup", "big", "99999999999999999999");
      variables.put("startup", "default_seed", Value.of(0L));
      MetaCommand set = (MetaCommand) ScriptParser.parse("fail.sql", text).commands().get(0);
      EvaluationException ours =
          org.junit.jupiter.api.Assertions.assertThrows(
              EvaluationException.class,
              () -> new Evaluator(variables, PgPrng.seeded(0), v -> {}).evaluate(set.expression()));
      assertEquals(theirs, "pgbench: error: " + ours.getMessage(), expression);
    }
  }

  @Test
  void setshellReadsWhatPgbenchReadsFromTheSameCommandLine() throws Exception {
    String[][] cases = {
      {"\\setshell v echo :n", null},
      {"\\setshell v echo '  -12  '", null},
      {"\\setshell v echo ::n", "echo: shell command must return an integer (not \":n\n\")"},
      {"\\setshell v echo 12abc", "echo: shell command must return an integer (not \"12abc\n\")"},
      {"\\setshell v echo :none", "echo: undefined variable \":none\""},
    };
    for (String[] c : cases) {
      String text = c[0] + "\n\\set d debug(:v)\n";
      Path file = tmp.resolve("shell.sql");
      Files.writeString(file, text);
      PgbenchProcess.Output output =
          PgbenchProcess.runIn(
              tmp, POSTGRES.database(), "-n", "-t", "1", "-D", "n=5", "-f", file.toString());
      MetaCommand setshell = (MetaCommand) ScriptParser.parse("shell.sql", text).commands().get(0);
      Variables variables = new Variables();
      variables.put("startup", "n", "5");
      if (c[1] == null) {
        assertEquals(0, output.exitCode(), output.err());
        String line = ShellCommand.commandLine(setshell, variables);
        Process shell = new ProcessBuilder("/bin/sh", "-c", line).start();
        String printed = new String(shell.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        shell.waitFor();
        long ours = ShellCommand.result(setshell, printed);
        assertEquals(
            "debug(script=0,command=2): int " + ours,
            output.err().lines().filter(l -> l.startsWith("debug(")).findFirst().orElseThrow(),
            c[0]);
      } else {
        assertEquals(2, output.exitCode(), output.err());
        EvaluationException ours =
            org.junit.jupiter.api.Assertions.assertThrows(
                EvaluationException.class,
                () -> {
                  String line = ShellCommand.commandLine(setshell, variables);
                  Process shell = new ProcessBuilder("/bin/sh", "-c", line).start();
                  String printed =
                      new String(shell.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                  shell.waitFor();
                  ShellCommand.result(setshell, printed);
                });
        assertEquals(c[1], ours.getMessage(), c[0]);
        org.junit.jupiter.api.Assertions.assertTrue(
            output.err().startsWith("pgbench: error: " + c[1]), output.err());
      }
    }
  }

  @Test
  void ifBranchesRunAsInPgbenchForSeededConditions() throws Exception {
    String text =
        "\\set r random(1, 4)\n"
            + "\\if :r = 1\n\\set a debug(1)\n"
            + "\\elif debug(:r) = 2\n\\set a debug(2)\n"
            + "\\elif :r = 3\n"
            + "\\if random(0, 1) = 1\n\\set a debug(31)\n\\else\n\\set a debug(30)\n\\endif\n"
            + "\\else\n"
            + "\\if false\n\\set a debug(-1)\n\\elif random(0, 2) > 0\n\\set a debug(41)\n\\endif\n"
            + "\\endif\n"
            + "\\set b debug(:r * 10)\n";
    Path file = tmp.resolve("if.sql");
    Files.writeString(file, text);
    long seed = 99;
    int transactions = 40;
    PgbenchProcess.Output output =
        PgbenchProcess.run(
            POSTGRES.database(),
            "-n",
            "-t",
            Integer.toString(transactions),
            "--random-seed=" + seed,
            "-f",
            file.toString());
    List<String> theirs = output.err().lines().filter(l -> l.startsWith("debug(")).toList();

    List<Command> commands = ScriptParser.parse("if.sql", text).commands();
    RunSeeds seeds = RunSeeds.derive(seed, 1, 1, false);
    Variables variables = seeds.clientVariables(new Variables(), 0, 1);
    List<String> ours = new ArrayList<>();
    int[] index = {0};
    Evaluator evaluator =
        new Evaluator(
            variables,
            seeds.clients().get(0),
            v -> ours.add(Evaluator.debugLine(0, index[0] + 1, v)));
    for (int t = 0; t < transactions; t++) {
      MetaOnlyRunner.run(commands, evaluator, variables, index);
    }
    assertEquals(theirs, ours);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "SELECT 1 AS a, 'x y' AS b, NULL AS c \\gset p_ | :p_a/:p_b/:p_c",
        "SELECT 1 AS a \\; SELECT 2 AS a, 3 AS b \\; SELECT 4 AS c WHERE false \\aset | :a/:b/:c",
        "SELECT 1 AS a \\; SELECT 5 AS b \\gset | :a/:b",
        "SELECT 1 AS a \\; SELECT 2 AS b UNION SELECT 3 \\gset | -",
        "CREATE TEMP TABLE t () \\gset | -",
        "SELECT 1 AS \"1x\" \\gset | -",
      })
  void gsetAndAsetStoreWhatPgbenchStores(String query, String stored) throws Exception {
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement()) {
      s.execute("DROP TABLE IF EXISTS captured");
      s.execute("CREATE TABLE captured (who text, v text)");
    }
    String text = query + "\nINSERT INTO captured VALUES ('pgbench', '" + stored + "');\n";
    Path file = tmp.resolve("capture.sql");
    Files.writeString(file, text);
    PgbenchProcess.Output output =
        PgbenchProcess.runIn(tmp, POSTGRES.database(), "-n", "-t", "1", "-f", file.toString());

    List<Command> commands = ScriptParser.parse("capture.sql", text).commands();
    SqlCommand capturing = (SqlCommand) commands.get(0);
    Variables variables = new Variables();
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement()) {
      List<QueryResult> results = results(s, capturing.interpolate(variables));
      try {
        ResultCapture.store(capturing, results, variables);
      } catch (ResultCapture.CaptureException e) {
        assertEquals(2, output.exitCode(), output.err());
        String line = "pgbench: error: " + e.pgbenchMessage(0, 0, 0);
        org.junit.jupiter.api.Assertions.assertTrue(
            output.err().lines().anyMatch(line::equals), line + " in\n" + output.err());
        return;
      }
      assertEquals(0, output.exitCode(), output.err());
      s.execute(
          ((SqlCommand) commands.get(1)).interpolate(variables).replace("'pgbench'", "'ours'"));
    }
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement();
        ResultSet r =
            s.executeQuery(
                "SELECT (SELECT v FROM captured WHERE who = 'pgbench'),"
                    + " (SELECT v FROM captured WHERE who = 'ours')")) {
      r.next();
      assertEquals(r.getString(1), r.getString(2), query);
    }
  }

  /** Every result of {@code sql}, as {@code \gset} sees them. */
  private static List<QueryResult> results(Statement s, String sql) throws Exception {
    List<QueryResult> results = new ArrayList<>();
    boolean rows = s.execute(sql);
    while (true) {
      if (rows) {
        try (ResultSet r = s.getResultSet()) {
          int count = r.getMetaData().getColumnCount();
          List<String> columns = new ArrayList<>();
          for (int i = 1; i <= count; i++) {
            columns.add(r.getMetaData().getColumnLabel(i));
          }
          List<String> last = List.of();
          int n = 0;
          while (r.next()) {
            n++;
            List<String> values = new ArrayList<>();
            for (int i = 1; i <= count; i++) {
              String v = r.getString(i);
              values.add(v == null ? "" : v);
            }
            last = values;
          }
          results.add(QueryResult.rows(n, columns, last));
        }
      } else if (s.getUpdateCount() >= 0) {
        results.add(QueryResult.command());
      } else {
        return results;
      }
      rows = s.getMoreResults();
    }
  }

  @Test
  void simpleModeSubstitutesVariablesIntoSqlAsPgbenchDoes() throws Exception {
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE texts (n serial, v text)");
      s.execute("CREATE TABLE texts_ours (n serial, v text)");
    }
    String text =
        "\\set d 1.0 / 3\n"
            + "\\set b :n > 1\n"
            + "INSERT INTO texts (v) VALUES (':x|:n|::x|:undefined|:d|:b|:xx');\n";
    Path file = tmp.resolve("texts.sql");
    Files.writeString(file, text);
    PgbenchProcess.run(
        POSTGRES.database(), "-n", "-t", "1", "-D", "x=a:b", "-D", "n= 7", "-f", file.toString());

    Variables variables = new Variables();
    variables.put("startup", "x", "a:b");
    variables.put("startup", "n", " 7");
    Evaluator evaluator = new Evaluator(variables, PgPrng.seeded(0), v -> {});
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement()) {
      for (Command command : ScriptParser.parse("texts.sql", text).commands()) {
        if (command instanceof MetaCommand set) {
          variables.put("set", set.variable(), evaluator.evaluate(set.expression()));
        } else {
          s.execute(((SqlCommand) command).interpolate(variables).replace("texts", "texts_ours"));
        }
      }
    }
    assertEquals(column("texts"), column("texts_ours"));
  }

  private static List<String> column(String table) throws Exception {
    List<String> values = new ArrayList<>();
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement();
        ResultSet r = s.executeQuery("SELECT v FROM " + table + " ORDER BY n")) {
      while (r.next()) {
        values.add(r.getString(1));
      }
    }
    assertEquals(1, values.size(), table);
    return values;
  }

  @Test
  void pgbenchLeavesQuotedVariableReferencesAsWritten() throws Exception {
    Path file = tmp.resolve("quoted.sql");
    Files.writeString(file, "SELECT :'x';\n");
    PgbenchProcess.Output output =
        PgbenchProcess.runIn(
            tmp, POSTGRES.database(), "-n", "-t", "1", "-D", "x=abc", "-f", file.toString());
    assertEquals(2, output.exitCode(), output.err());
    org.junit.jupiter.api.Assertions.assertTrue(
        output.err().contains("syntax error at or near \":\""), output.err());
    Variables variables = new Variables();
    variables.put("startup", "x", "abc");
    assertEquals(
        "SELECT :'x';",
        ((SqlCommand) ScriptParser.parse("quoted.sql", "SELECT :'x';\n").commands().get(0))
            .interpolate(variables));
  }

  @Test
  void aScriptSplitsIntoPgbenchsCommandsAsItsPerCommandReportShowsThem() throws Exception {
    String text =
        "-- a header; with a semicolon\n"
            + "SELECT ';' AS a, $$x;y$$ AS b, E'\\';' AS c;\n"
            + "SELECT 1 \\; SELECT 2;\n"
            + "SELECT (1\n"
            + "  ); /* c; */ SELECT 3 AS d \\gset\n"
            + "\\set x 1 + \\\n"
            + "  :d\n"
            + "SELECT :x::int AS e, \"quote;d\" FROM (SELECT 1 AS \"quote;d\") s\n"
            + "  ;\n"
            + "\\sleep 1us\n"
            + "CREATE FUNCTION f() RETURNS int LANGUAGE sql\n"
            + "  BEGIN ATOMIC SELECT 1; SELECT CASE WHEN true THEN 2 END; END;\n"
            + "SELECT U&'d;' AS u, X'1F' AS x, B'101' AS b, $a$ $b$; $a$ AS d, \"x\"\"y;\" FROM"
            + " (SELECT 1 AS \"x\"\"y;\") q;\n"
            + "SELECT f() /* one /* two; */ three; */ \\:\\:text;\n"
            + "DROP FUNCTION f();\n"
            + "SELECT 4";
    Path file = tmp.resolve("split.sql");
    Files.writeString(file, text);
    PgbenchProcess.Output output =
        PgbenchProcess.run(POSTGRES.database(), "-n", "-t", "1", "-r", "-f", file.toString());
    // each row: latency, failures, the command's first line (a meta-command's runs on over
    // its continuation lines)
    List<String> theirs = new ArrayList<>();
    Pattern row = Pattern.compile("^ +-?[0-9.]+ +[0-9]+ +(.*)$");
    boolean inReport = false;
    for (String line : output.out().split("\n")) {
      if (line.startsWith("statement latencies")) {
        inReport = true;
        continue;
      }
      Matcher m = row.matcher(line);
      if (inReport && m.matches()) {
        theirs.add(m.group(1));
      } else if (inReport && !theirs.isEmpty()) {
        theirs.set(theirs.size() - 1, theirs.get(theirs.size() - 1) + "\n" + line);
      }
    }
    List<String> ours =
        ScriptParser.parse(file.toString(), text).commands().stream()
            .map(Command::firstLine)
            .toList();
    assertEquals(theirs, ours);
  }
}
