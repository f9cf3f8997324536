package org.tpccpg.driver.tpcb.script;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The expression language's values, operators, functions and errors, as pgbench 15's. */
class EvaluatorTest {
  private final Variables variables = new Variables();
  private final List<Value> debugged = new ArrayList<>();

  private Value eval(String expression) throws Exception {
    Script script = ScriptParser.parse("t.sql", "\\set r " + expression + "\n");
    MetaCommand set = (MetaCommand) script.commands().get(0);
    return new Evaluator(variables, PgPrng.seeded(42), debugged::add).evaluate(set.expression());
  }

  private String text(String expression) throws Exception {
    Value value = eval(expression);
    return value.typeName() + " " + value.text();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "1 + 2 * 3 | int 7",
        "(1 + 2) * 3 | int 9",
        "7 / 2 | int 3",
        "-7 / 2 | int -3",
        "-7 % 3 | int -1",
        "7 % -3 | int 1",
        "7.0 / 2 | double 3.5",
        "7.5 % 2 | int 0",
        "1 / 3.0 | double 0.333333333333333",
        "- 9223372036854775808 | int -9223372036854775808",
        "5 > 3 | boolean true",
        "3 >= 3 AND 2 <> 2 | boolean false",
        "1 != 1.0 | boolean false",
        "~0 | int -1",
        "~ 1 + 1 | int -3",
        "1 << 3 + 1 | int 16",
        "12 # 5 & 7 | int 1",
        "256 >> 4 | int 16",
        "NOT true OR true | boolean true",
        "NOT 1 = 2 | boolean true",
        "NULL IS NULL | boolean true",
        "1 IS NULL | boolean false",
        "1 ISNULL | boolean false",
        "1 NOTNULL | boolean true",
        "true IS NOT false | boolean true",
        "NULL + 1 | null NULL",
        "NULL AND false | null NULL",
        "false AND NULL | boolean false",
        "true OR NULL | boolean true",
        "CASE WHEN 0 THEN 1 WHEN 2.5 THEN 2 ELSE 3 END | int 2",
        "CASE WHEN NULL THEN 1 END | null NULL",
        "abs(-3) + abs(-2.5) | double 5.5",
        "least(3, 1, 2) | int 1",
        "greatest(3, 1.5, 2) | double 3",
        "int(2.5) + int(3.5) + int(-2.5) | int 4",
        "double(3) | double 3",
        "sqrt(2) | double 1.4142135623731",
        "ln(exp(1)) | double 1",
        "pow(2, 10) + power(2, -1) | double 1024.5",
        "pi() | double 3.14159265358979",
        "mod(7, 3) | int 1",
        "1e20 + 0 | double 1e+20",
        "0.0001 | double 0.0001",
        "0.00001 | double 1e-05",
        "permute(0, 1) | int 0",
        "hash(3, 0) = hash_murmur2(3, 0) | boolean true",
      })
  void evaluatesLikePgbench(String expression, String expected) throws Exception {
    variables.put("startup", "default_seed", Value.of(5L));
    assertEquals(expected, text(expression));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "9223372036854775807 + 1 | bigint add out of range",
        "-9223372036854775807 - 2 | bigint sub out of range",
        "4294967296 * 4294967296 | bigint mul out of range",
        "-9223372036854775808 / -1 | bigint div out of range",
        "1 / 0 | division by zero",
        "1 % 0 | division by zero",
        "int(1e19) | double to int overflow for 10000000000000000000.000000",
        "1 + true | cannot coerce boolean to int",
        "1.5 + true | cannot coerce boolean to double",
        "NOT 1 | cannot coerce int to boolean",
        "1 AND true | cannot coerce int to boolean",
        ":nope | undefined variable \"nope\"",
        "random(2, 1) | empty range given to random",
        "random(-9223372036854775808, 9223372036854775807) | random range is too large",
        "random_gaussian(1, 10, 1.5) | gaussian parameter must be at least 2.000000 (not 1.500000)",
        "random_zipfian(1, 10, 1) | zipfian parameter must be in range [1.001, 1000] (not 1.000000)",
        "random_exponential(1, 10, 0) | exponential parameter must be greater than zero (not 0.000000)",
        "permute(1, 0, 1) | permute size parameter must be greater than zero",
      })
  void failsWithPgbenchsMessages(String expression, String message) {
    EvaluationException e = assertThrows(EvaluationException.class, () -> eval(expression));
    assertEquals(message, e.getMessage());
  }

  @Test
  void moduloByMinusOneIsZeroAndDivisionNegates() throws Exception {
    assertEquals(Value.of(0L), eval("-9223372036854775808 % -1"));
    assertEquals(Value.of(-5L), eval("5 / -1"));
  }

  @Test
  void andOrAndCaseEvaluateOnlyTheArgumentsTheyNeed() throws Exception {
    assertEquals(Value.of(false), eval("false AND debug(1) = 1"));
    assertEquals(Value.of(true), eval("true OR debug(2) = 2"));
    assertEquals(Value.of(3L), eval("CASE WHEN true THEN debug(3) ELSE debug(4) END"));
    assertEquals(List.of(Value.of(3L)), debugged);
  }

  @Test
  void debugPassesItsArgumentThroughEvenNull() throws Exception {
    assertEquals(Value.NULL, eval("debug(NULL)"));
    assertEquals(Value.of(2.5), eval("debug(2.5)"));
    assertEquals(List.of(Value.NULL, Value.of(2.5)), debugged);
    assertEquals("debug(script=0,command=3): null", Evaluator.debugLine(0, 3, Value.NULL));
    assertEquals("debug(script=1,command=1): double 2.5", Evaluator.debugLine(1, 1, Value.of(2.5)));
    assertEquals(
        "debug(script=0,command=2): boolean true", Evaluator.debugLine(0, 2, Value.of(true)));
  }

  @Test
  void greaterThanEvaluatesItsRightOperandFirst() throws Exception {
    eval("debug(1) > debug(2)");
    assertEquals(List.of(Value.of(2L), Value.of(1L)), debugged);
  }

  @Test
  void variablesHoldingTextAreReadAsPgbenchReadsThem() throws Exception {
    variables.put("startup", "a", "42");
    variables.put("startup", "b", " -7");
    variables.put("startup", "c", "2.5e1");
    variables.put("startup", "d", "YE");
    variables.put("startup", "e", "of");
    variables.put("startup", "f", "nUlL");
    assertEquals("int 35", text(":a + :b"));
    assertEquals("double 25", text(":c"));
    assertEquals("boolean false", text(":d AND :e"));
    assertEquals("null NULL", text(":f"));
    variables.put("startup", "g", "o");
    assertEquals(
        "malformed variable \"g\" value: \"o\"",
        assertThrows(EvaluationException.class, () -> eval(":g")).getMessage());
    variables.put("startup", "h", "99999999999999999999");
    assertEquals(
        "value \"99999999999999999999\" is out of range for type bigint",
        assertThrows(EvaluationException.class, () -> eval(":h")).getMessage());
    variables.put("startup", "i", "-");
    assertEquals(
        "invalid input syntax for type bigint: \"-\"",
        assertThrows(EvaluationException.class, () -> eval(":i")).getMessage());
  }

  @Test
  void valuesBecomeTextAsPgbenchSubstitutesThem() throws Exception {
    variables.put("set", "x", Value.of(0.1 + 0.2));
    variables.put("set", "y", Value.of(true));
    variables.put("set", "z", Value.NULL);
    assertEquals("0.3", variables.text("x").orElseThrow());
    assertEquals("true", variables.text("y").orElseThrow());
    assertEquals("NULL", variables.text("z").orElseThrow());
    assertEquals(
        "set: invalid variable name: \"1x\"",
        assertThrows(EvaluationException.class, () -> variables.put("set", "1x", Value.NULL))
            .getMessage());
  }

  @Test
  void dashDDefinesTextVariablesWithPgbenchsRefusals() throws Exception {
    variables.define("x=1=2");
    assertEquals("1=2", variables.text("x").orElseThrow());
    for (String bad : new String[] {"foo", "=x", "x="}) {
      assertEquals(
          "invalid variable definition: \"" + bad + "\"",
          assertThrows(IllegalArgumentException.class, () -> variables.define(bad)).getMessage());
    }
    assertEquals(
        "option: invalid variable name: \"1x\"",
        assertThrows(IllegalArgumentException.class, () -> variables.define("1x=3")).getMessage());
  }

  @Test
  void automaticVariablesFillInWhatDashDLeftUndefined() throws Exception {
    variables.define("scale=7");
    RunSeeds seeds = RunSeeds.derive(9, 2, 1, false);
    Variables client1 = seeds.clientVariables(variables, 1, 3);
    assertEquals("7", client1.text("scale").orElseThrow());
    assertEquals("1", client1.text("client_id").orElseThrow());
    assertEquals(Long.toString(seeds.defaultSeed()), client1.text("default_seed").orElseThrow());
    assertEquals("9", client1.text("random_seed").orElseThrow());
    assertEquals(false, variables.contains("client_id"));
  }

  @Test
  void sleepTimesAreInMicroseconds() throws Exception {
    variables.put("startup", "t", "250");
    variables.put("startup", "bad", "x1");
    assertEquals(2_000_000, sleep("\\sleep 2"));
    assertEquals(10_000, sleep("\\sleep 10ms"));
    assertEquals(10, sleep("\\sleep 10 us"));
    assertEquals(250_000, sleep("\\sleep :t ms"));
    assertEquals(
        "sleep: invalid sleep time \"x1\" for variable \"bad\"",
        assertThrows(EvaluationException.class, () -> sleep("\\sleep :bad")).getMessage());
    assertEquals(
        "sleep: undefined variable \"none\"",
        assertThrows(EvaluationException.class, () -> sleep("\\sleep :none")).getMessage());
  }

  private int sleep(String line) throws Exception {
    MetaCommand sleep = (MetaCommand) ScriptParser.parse("t.sql", line).commands().get(0);
    return SleepTime.micros(sleep, variables);
  }
}
