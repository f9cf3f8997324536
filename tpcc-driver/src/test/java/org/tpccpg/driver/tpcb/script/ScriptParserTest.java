package org.tpccpg.driver.tpcb.script;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Script files into commands, and pgbench 15's refusals, line for line as pgbench prints them. */
class ScriptParserTest {
  private static List<Command> commands(String text) throws ScriptParseException {
    return ScriptParser.parse("t.sql", text).commands();
  }

  private static List<String> sql(String text) throws ScriptParseException {
    return commands(text).stream().map(c -> ((SqlCommand) c).text()).toList();
  }

  @Test
  void semicolonsEndCommandsOutsideQuotesCommentsAndParentheses() throws Exception {
    assertEquals(
        List.of(
            "SELECT ';' , \"a;b\", $$x;y$$, $q$ $$; $q$, E'\\';';",
            "SELECT (1;2);",
            "SELECT 1 /* a; /* nested; */ b; */ + 1;",
            "SELECT 2 -- c;\n;"),
        sql(
            "SELECT ';' , \"a;b\", $$x;y$$, $q$ $$; $q$, E'\\';';\n"
                + "SELECT (1;2);\n"
                + "SELECT 1 /* a; /* nested; */ b; */ + 1;\n"
                + "SELECT 2 -- c;\n;"));
  }

  @Test
  void leadingBlanksAndDashCommentsAreDroppedAndTheLastCommandNeedsNoSemicolon() throws Exception {
    assertEquals(List.of("SELECT 1;", "SELECT 2\n"), sql("-- header\n\n  SELECT 1;\n\nSELECT 2\n"));
  }

  @Test
  void backslashSemicolonJoinsStatementsIntoOneCommand() throws Exception {
    assertEquals(List.of("SELECT 1 ; SELECT 2;"), sql("SELECT 1 \\; SELECT 2;"));
  }

  @Test
  void aBeginAtomicBodyKeepsItsSemicolons() throws Exception {
    String create =
        "CREATE OR REPLACE FUNCTION f() RETURNS int LANGUAGE sql BEGIN ATOMIC SELECT 1; SELECT"
            + " CASE WHEN true THEN 2 END; END;";
    assertEquals(List.of(create, "SELECT f();"), sql(create + "\nSELECT f();"));
  }

  @Test
  void gsetAndAsetEndTheSqlCommandBeforeThem() throws Exception {
    List<Command> commands =
        commands("SELECT 1 AS a \\gset\nSELECT 2 AS b \\gset p_\nSELECT 3 \\; SELECT 4 \\aset\n");
    assertEquals(
        List.of(
            new SqlCommand("SELECT 1 AS a ", SqlCommand.Capture.GSET, ""),
            new SqlCommand("SELECT 2 AS b ", SqlCommand.Capture.GSET, "p_"),
            new SqlCommand("SELECT 3 ; SELECT 4 ", SqlCommand.Capture.ASET, "")),
        commands);
  }

  @Test
  void metaCommandsKeepTheirWordsAndLines() throws Exception {
    List<Command> commands =
        commands(
            "\\set aid random(1, 100000 * :scale)\n"
                + "\\sleep 10ms\n"
                + "\\sleep :t us\n"
                + "\\SetShell x echo \\\n  1\n"
                + "\\if :aid > 5\n\\elif false\n\\else\n\\endif\n"
                + "\\startpipeline\nSELECT 1;\n\\endpipeline\n");
    MetaCommand set = assertInstanceOf(MetaCommand.class, commands.get(0));
    assertEquals(MetaKind.SET, set.kind());
    assertEquals("aid", set.variable());
    assertEquals("\\set aid random(1, 100000 * :scale)", set.firstLine());
    MetaCommand sleep = (MetaCommand) commands.get(1);
    assertEquals(List.of("sleep", "10ms", "ms"), sleep.arguments());
    assertEquals(List.of("sleep", ":t", "us"), ((MetaCommand) commands.get(2)).arguments());
    MetaCommand shell = (MetaCommand) commands.get(3);
    assertEquals(MetaKind.SETSHELL, shell.kind());
    assertEquals(List.of("SetShell", "x", "echo", "1"), shell.arguments());
    assertEquals("\\SetShell x echo \\\n  1", shell.firstLine());
    assertEquals(4, shell.lineNumber());
    assertEquals(MetaKind.IF, ((MetaCommand) commands.get(4)).kind());
    assertEquals(6, ((MetaCommand) commands.get(4)).lineNumber());
    assertEquals(MetaKind.ENDPIPELINE, ((MetaCommand) commands.get(10)).kind());
    assertEquals(11, commands.size());
  }

  @Test
  void sqlCommandsGiveTheirFirstLineAndParameters() throws Exception {
    SqlCommand command = SqlCommand.of("SELECT :a::int, ':b', :a\nFROM t WHERE x = :_c1;");
    assertEquals("SELECT :a::int, ':b', :a", command.firstLine());
    SqlCommand.Parameterized parameterized = command.parameterized();
    assertEquals("SELECT $1::int, '$2', $3\nFROM t WHERE x = $4;", parameterized.sql());
    assertEquals(List.of("a", "b", "a", "_c1"), parameterized.variables());
    Variables variables = new Variables();
    variables.put("startup", "a", Value.of(1.5));
    variables.put("startup", "b", "x");
    assertEquals(Arrays.asList("1.5", "x", "1.5", null), parameterized.values(variables));
    SqlCommand.Parameterized jdbc = command.jdbcParameterized();
    assertEquals("SELECT ?::int, '?', ?\nFROM t WHERE x = ?;", jdbc.sql());
    assertEquals(parameterized.variables(), jdbc.variables());
  }

  @Test
  void simpleModeSubstitutesDefinedVariablesEverywhereAndLeavesTheRest() throws Exception {
    Variables variables = new Variables();
    variables.put("startup", "x", "a:b");
    variables.put("startup", "n", Value.of(2.5));
    assertEquals(
        "SELECT 'a:b', a:b::text, :'x', :\"x\", :undefined, 2.5;",
        SqlCommand.of("SELECT ':x', :x::text, :'x', :\"x\", :undefined, :n;")
            .interpolate(variables));
  }

  @Test
  void theFirstLineKeepsAt127BytesOfUtf8() {
    String longLine = "SELECT '" + "\u00e9".repeat(100) + "';";
    String first = SqlCommand.of(longLine).firstLine();
    assertEquals("SELECT '" + "\u00e9".repeat(59), first);
    assertEquals("SELECT 1", SqlCommand.of("SELECT 1\r\n;").firstLine());
  }

  @Test
  void aBackslashAloneOnItsLineIsNoCommand() throws Exception {
    assertEquals(List.of("SELECT 1;"), sql("\\\nSELECT 1;"));
  }

  /** Each case: the script, then every line pgbench 15.18 printed after "pgbench: error: ". */
  static Stream<Arguments> refusals() {
    return Stream.of(
        Arguments.of(
            "\\set i 1 +\n",
            List.of(
                "t.sql:1: syntax error in command \"set\"",
                "\\set i 1 +",
                "          ^ error found here")),
        Arguments.of(
            "\\set i 1 +",
            List.of(
                "t.sql:1: syntax error in command \"set\"",
                "\\set i 1 +",
                "         ^ error found here")),
        Arguments.of(
            "SELECT 1;\r\n\\set i 1 +\r\n",
            List.of(
                "t.sql:2: syntax error in command \"set\"",
                "\\set i 1 +",
                "           ^ error found here")),
        Arguments.of(
            "\\set i foo(1)\n",
            List.of(
                "t.sql:1: unexpected function name (foo) in command \"set\"",
                "\\set i foo(1)",
                "         ^ error found here")),
        Arguments.of(
            "\\set i 1 $ 2 @\n",
            List.of(
                "t.sql:1: unexpected character (@) in command \"set\"",
                "\\set i 1 $ 2 @",
                "             ^ error found here")),
        Arguments.of(
            "\\set i foo(1) @ 99999999999999999999\n",
            List.of(
                "t.sql:1: bigint constant overflow (99999999999999999999) in command \"set\"",
                "\\set i foo(1) @ 99999999999999999999",
                "                                   ^ error found here")),
        Arguments.of(
            "\\set i -9223372036854775808\n\\set j 9223372036854775808\n",
            List.of(
                "t.sql:2: syntax error in command \"set\"",
                "\\set j 9223372036854775808",
                "                         ^ error found here")),
        Arguments.of(
            "\\set d 1.0E309\n",
            List.of(
                "t.sql:1: double constant overflow (1.0E309) in command \"set\"",
                "\\set d 1.0E309",
                "             ^ error found here")),
        Arguments.of("\\set\n", List.of("t.sql:1: missing argument in command \"set\"")),
        Arguments.of(
            "\\set \u00e9 1 +\n",
            List.of(
                "t.sql:1: syntax error in command \"set\"",
                "\\set \u00e9 1 +",
                "           ^ error found here")),
        Arguments.of(
            "\\sleep :\u00e9 x\n",
            List.of(
                "t.sql:1: unrecognized time unit, must be us, ms or s (x) in command \"sleep\"",
                "\\sleep :\u00e9 x",
                "           ^ error found here")),
        Arguments.of(
            "\\set d 1e-400\n",
            List.of(
                "t.sql:1: double constant overflow (1e-400) in command \"set\"",
                "\\set d 1e-400",
                "            ^ error found here")),
        Arguments.of(
            "\\set d 1e-310\n",
            List.of(
                "t.sql:1: double constant overflow (1e-310) in command \"set\"",
                "\\set d 1e-310",
                "            ^ error found here")),
        Arguments.of(
            "\\sleep 1\n\\aset\n",
            List.of("t.sql:2: \\gset must follow an SQL command (\\sleep 1)")),
        Arguments.of(
            "\\set o .5e3 + 1.e2 + 2. + 0x\n",
            List.of(
                "t.sql:1: syntax error in command \"set\"",
                "\\set o .5e3 + 1.e2 + 2. + 0x",
                "                           ^ error found here")),
        Arguments.of(
            "\\set x\n",
            List.of(
                "t.sql:1: syntax error in command \"set\"", "\\set x", "      ^ error found here")),
        Arguments.of(
            "\\sleep\n", List.of("t.sql:1: missing argument in command \"sleep\"", "\\sleep")),
        Arguments.of(
            "\\sleep 1 ms x\n",
            List.of(
                "t.sql:1: too many arguments in command \"sleep\"",
                "\\sleep 1 ms x",
                "            ^ error found here")),
        Arguments.of(
            "\\sleep abc\n",
            List.of(
                "t.sql:1: invalid sleep time, must be an integer (abc) in command \"sleep\"",
                "\\sleep abc",
                "       ^ error found here")),
        Arguments.of(
            "\\sleep 10 hours\n",
            List.of(
                "t.sql:1: unrecognized time unit, must be us, ms or s (hours) in command \"sleep\"",
                "\\sleep 10 hours",
                "          ^ error found here")),
        Arguments.of(
            "\\sleep 10hours\n",
            List.of(
                "t.sql:1: unrecognized time unit, must be us, ms or s (hours) in command \"sleep\"",
                "\\sleep 10hours",
                "         ^ error found here")),
        Arguments.of(
            "\\shell\n", List.of("t.sql:1: missing command in command \"shell\"", "\\shell")),
        Arguments.of(
            "\\setshell x\n",
            List.of("t.sql:1: missing argument in command \"setshell\"", "\\setshell x")),
        Arguments.of(
            "\\foo bar\n", List.of("t.sql:1: invalid command in command \"foo\"", "\\foo bar")),
        Arguments.of("\\gset\n", List.of("t.sql:1: \\gset must follow an SQL command")),
        Arguments.of(
            "\\set x 1\n\\gset\n",
            List.of("t.sql:2: \\gset must follow an SQL command (\\set x 1)")),
        Arguments.of(
            "SELECT 1 \\gset\n\\gset\n", List.of("t.sql:2: \\gset must follow an SQL command")),
        Arguments.of(
            "SELECT 1 \\gset a b\n",
            List.of("t.sql:1: too many arguments in command \"gset\"", "\\gset a b")),
        Arguments.of(
            "\\set i hash()\n",
            List.of(
                "t.sql:1: unexpected number of arguments (hash) in command \"set\"",
                "\\set i hash()",
                "            ^ error found here")),
        Arguments.of("-- nothing\n", List.of("empty command list for script \"t.sql\"")),
        Arguments.of(
            "\\if 1\n",
            List.of(
                "condition error in script \"t.sql\" command 2: \\if without matching \\endif")),
        Arguments.of(
            "\\elif 1\n",
            List.of("condition error in script \"t.sql\" command 1: \\elif without matching \\if")),
        Arguments.of(
            "\\if 1\n\\else\n\\elif 0\n\\endif",
            List.of("condition error in script \"t.sql\" command 3: \\elif after \\else")),
        Arguments.of(
            "\\if 1\n\\else\n\\else\n\\endif",
            List.of("condition error in script \"t.sql\" command 3: \\else after \\else")),
        Arguments.of(
            "\\endif\n",
            List.of(
                "condition error in script \"t.sql\" command 1: \\endif without matching \\if")),
        Arguments.of(
            "\\if 0\n\\else BAD\n\\endif\n",
            List.of("t.sql:2: unexpected argument in command \"else\"", "\\else BAD")),
        Arguments.of(
            "\\set i 1 + \\\n  * 2\n",
            List.of(
                "t.sql:1: syntax error in command \"set\"",
                "\\set i 1 + \\\n  * 2",
                "               ^ error found here")),
        Arguments.of(
            "\\set i CASE WHEN 1 THEN 2 END END\n",
            List.of(
                "t.sql:1: syntax error in command \"set\"",
                "\\set i CASE WHEN 1 THEN 2 END END",
                "                                ^ error found here")),
        Arguments.of(
            "\\startpipeline x\n",
            List.of(
                "t.sql:1: unexpected argument in command \"startpipeline\"", "\\startpipeline x")),
        Arguments.of(
            "\\set i 1 = 2 = 3\n",
            List.of(
                "t.sql:1: syntax error in command \"set\"",
                "\\set i 1 = 2 = 3",
                "             ^ error found here")),
        Arguments.of(
            "\\set i 1 is null is null\n\\set j 1 = 2 is null = true\n\\set k 1 < 2 < 3\n",
            List.of(
                "t.sql:3: syntax error in command \"set\"",
                "\\set k 1 < 2 < 3",
                "             ^ error found here")),
        Arguments.of(
            "\\set i least(1,)\n",
            List.of(
                "t.sql:1: syntax error in command \"set\"",
                "\\set i least(1,)",
                "               ^ error found here")),
        Arguments.of(
            "\\set i least()\n",
            List.of(
                "t.sql:1: at least one argument expected (least) in command \"set\"",
                "\\set i least()",
                "             ^ error found here")),
        Arguments.of(
            "\\set i permute(1)\n",
            List.of(
                "t.sql:1: unexpected number of arguments (permute) in command \"set\"",
                "\\set i permute(1)",
                "                ^ error found here")),
        Arguments.of(
            "\\set i 1 is 2\n",
            List.of(
                "t.sql:1: syntax error in command \"set\"",
                "\\set i 1 is 2",
                "            ^ error found here")),
        Arguments.of(
            "\\set i random_gaussian(1,2)\n",
            List.of(
                "t.sql:1: unexpected number of arguments (random_gaussian) in command \"set\"",
                "\\set i random_gaussian(1,2)",
                "                          ^ error found here")),
        Arguments.of(
            "-- c\nSELECT 1;\n\n  \\set i (\n",
            List.of(
                "t.sql:4: syntax error in command \"set\"",
                "\\set i (",
                "        ^ error found here")),
        Arguments.of(
            "SELECT ';\\set x 1 +';\n\\set i 1 +\n",
            List.of(
                "t.sql:2: syntax error in command \"set\"",
                "\\set i 1 +",
                "          ^ error found here")),
        Arguments.of(
            "SELECT $$;\\set x$$ ; \\set i 1 +\n",
            List.of(
                "t.sql:1: syntax error in command \"set\"",
                "\\set i 1 +",
                "          ^ error found here")),
        Arguments.of(
            "\\set x :1a + 1 + \\\\\n",
            List.of(
                "t.sql:1: unexpected character (\\) in command \"set\"",
                "\\set x :1a + 1 + \\\\",
                "                 ^ error found here")));
  }

  @ParameterizedTest
  @MethodSource("refusals")
  void refusesLikePgbench(String script, List<String> expected) {
    ScriptParseException e =
        assertThrows(ScriptParseException.class, () -> ScriptParser.parse("t.sql", script));
    assertEquals(expected, e.lines());
  }

  @Test
  void expressionsAcceptedByPgbenchParse() {
    assertDoesNotThrow(
        () ->
            ScriptParser.parse(
                "t.sql",
                "\\set i 1 is null is null\n"
                    + "\\set j 1 = 2 is null = true\n"
                    + "\\set k NuLl\n"
                    + "\\set l TRUE iS NoT fAlSe\n"
                    + "\\set m -9223372036854775808\n"
                    + "\\set n CASE WHEN :x THEN 1 WHEN 2 > 3 THEN 2.5 ELSE NULL END\n"
                    + "\\set o .5e3 + 1.e2 + 2.\n"
                    + "\\set p 0e-400 + 0.0e5\n"));
  }
}
