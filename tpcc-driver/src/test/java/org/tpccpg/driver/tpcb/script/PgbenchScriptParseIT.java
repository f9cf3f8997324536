package org.tpccpg.driver.tpcb.script;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.provider.Arguments;
import org.tpccpg.testkit.PostgresFixture;

/**
 * Script files against the real pgbench 15: the lines it prints for each script it refuses, and how
 * it splits a script into commands.
 */
class PgbenchScriptParseIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  @TempDir Path tmp;

  @Test
  void everyScriptPgbenchRefusesIsRefusedWithPgbenchsLines() throws Exception {
    List<Arguments> cases = ScriptParserTest.refusals().toList();
    for (Arguments arguments : cases) {
      String text = (String) arguments.get()[0];
      Files.writeString(tmp.resolve("t.sql"), text);
      PgbenchProcess.Output pgbench =
          PgbenchProcess.runIn(tmp, POSTGRES.database(), "-n", "-t", "1", "-f", "t.sql");
      assertEquals(1, pgbench.exitCode(), text);
      String theirs = pgbench.err().replaceFirst("^pgbench: error: ", "").stripTrailing();
      ScriptParseException ours =
          assertThrows(ScriptParseException.class, () -> ScriptParser.parse("t.sql", text));
      // a context line may itself hold newlines (a continued meta-command)
      assertEquals(theirs, String.join("\n", ours.lines()), text);
    }
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
