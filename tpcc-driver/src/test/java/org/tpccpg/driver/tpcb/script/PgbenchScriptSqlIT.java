package org.tpccpg.driver.tpcb.script;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tpccpg.testkit.PostgresFixture;

/**
 * SQL commands and shell commands against the real pgbench 15: the text sent after substituting
 * variables, what {@code \gset} and {@code \aset} store, what {@code \setshell} reads.
 */
class PgbenchScriptSqlIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  @TempDir Path tmp;

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
        assertTrue(output.err().lines().anyMatch(line::equals), line + " in\n" + output.err());
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

  @ParameterizedTest
  @CsvSource({"extended", "prepared"})
  void extendedAndPreparedModesBindTheVariablesPgbenchBinds(String mode) throws Exception {
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement()) {
      s.execute("DROP TABLE IF EXISTS params");
      s.execute("CREATE TABLE params (who text, a text, b text, c text, d text)");
    }
    String text =
        "\\set d 1.0 / 4\n"
            + "INSERT INTO params VALUES ('pgbench', :a, :b::text, :undefined, :d);\n";
    Path file = tmp.resolve("params.sql");
    Files.writeString(file, text);
    PgbenchProcess.run(
        POSTGRES.database(),
        "-n",
        "-t",
        "1",
        "-M",
        mode,
        "-D",
        "a=1",
        "-D",
        "b=x y",
        "-f",
        file.toString());

    Variables variables = new Variables();
    variables.define("a=1");
    variables.define("b=x y");
    List<Command> commands = ScriptParser.parse("params.sql", text).commands();
    MetaCommand set = (MetaCommand) commands.get(0);
    variables.put(
        "set",
        set.variable(),
        new Evaluator(variables, PgPrng.seeded(0), v -> {}).evaluate(set.expression()));
    SqlCommand.Parameterized insert = ((SqlCommand) commands.get(1)).parameterized();
    assertEquals(List.of("a", "b", "undefined", "d"), insert.variables());
    try (Connection c = POSTGRES.database().connect();
        java.sql.PreparedStatement p =
            c.prepareStatement(
                // JDBC numbers its parameters by the order of its ? marks
                insert.sql().replace("'pgbench'", "'ours'").replaceAll("\\$[0-9]+", "?"))) {
      List<String> values = insert.values(variables);
      for (int i = 0; i < values.size(); i++) {
        // pgbench leaves the parameter types to the server, as Types.OTHER does
        p.setObject(i + 1, values.get(i), java.sql.Types.OTHER);
      }
      p.executeUpdate();
    }
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement();
        ResultSet r =
            s.executeQuery("SELECT count(DISTINCT (a, b, c, d)), count(*), min(d) FROM params")) {
      r.next();
      assertEquals(1, r.getInt(1), "both rows alike");
      assertEquals(2, r.getInt(2));
      assertEquals("0.25", r.getString(3));
    }
  }

  @Test
  void pgbenchLeavesQuotedVariableReferencesAsWritten() throws Exception {
    Path file = tmp.resolve("quoted.sql");
    Files.writeString(file, "SELECT :'x';\n");
    PgbenchProcess.Output output =
        PgbenchProcess.runIn(
            tmp, POSTGRES.database(), "-n", "-t", "1", "-D", "x=abc", "-f", file.toString());
    assertEquals(2, output.exitCode(), output.err());
    assertTrue(output.err().contains("syntax error at or near \":\""), output.err());
    Variables variables = new Variables();
    variables.put("startup", "x", "abc");
    assertEquals(
        "SELECT :'x';",
        ((SqlCommand) ScriptParser.parse("quoted.sql", "SELECT :'x';\n").commands().get(0))
            .interpolate(variables));
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
            assertThrows(
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
        assertTrue(output.err().startsWith("pgbench: error: " + c[1]), output.err());
      }
    }
  }
}
