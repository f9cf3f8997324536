package org.tpccpg.driver.tpcb.script;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.testkit.PostgresFixture;

/**
 * Expressions against the real pgbench 15: the values debug() prints, the messages of failing
 * evaluations, and the {@code \if} branches seeded transactions take.
 */
class PgbenchExpressionIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  @TempDir Path tmp;

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
          assertThrows(
              EvaluationException.class,
              () -> new Evaluator(variables, PgPrng.seeded(0), v -> {}).evaluate(set.expression()));
      assertEquals(theirs, "pgbench: error: " + ours.getMessage(), expression);
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
}
