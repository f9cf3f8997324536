package org.tpccpg.driver.tpcb.script;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The command lines and results of \shell and \setshell, as pgbench's runShellCommand(). */
class ShellCommandTest {
  private final Variables variables = new Variables();

  private static MetaCommand command(String line) throws Exception {
    return (MetaCommand) ScriptParser.parse("t.sql", line + "\n").commands().get(0);
  }

  @Test
  void wordsAreJoinedWithVariablesSubstitutedAndDoubleColonsUnescaped() throws Exception {
    variables.put("startup", "n", Value.of(42L));
    assertEquals(
        "echo 42 :lit a:b",
        ShellCommand.commandLine(command("\\setshell v echo :n ::lit a:b"), variables));
    assertEquals(
        "touch /tmp/x", ShellCommand.commandLine(command("\\shell touch /tmp/x"), variables));
  }

  @Test
  void anUndefinedVariableOrAnOverlongLineIsRefused() throws Exception {
    assertEquals(
        "echo: undefined variable \":none\"",
        assertThrows(
                EvaluationException.class,
                () -> ShellCommand.commandLine(command("\\shell echo :none"), variables))
            .getMessage());
    String longWord = "x".repeat(250);
    assertEquals(
        "echo: shell command is too long",
        assertThrows(
                EvaluationException.class,
                () -> ShellCommand.commandLine(command("\\shell echo " + longWord), variables))
            .getMessage());
  }

  @Test
  void theResultIsTheIntegerOnTheFirstLine() throws Exception {
    MetaCommand setshell = command("\\setshell v echo 1");
    assertEquals(-17, ShellCommand.result(setshell, " -17 \nmore\n"));
    assertEquals(0, ShellCommand.result(setshell, "  \n"));
    assertEquals(
        "echo: shell command must return an integer (not \"12abc\n\")",
        assertThrows(EvaluationException.class, () -> ShellCommand.result(setshell, "12abc\n"))
            .getMessage());
    assertEquals(
        "echo: could not read result of shell command",
        assertThrows(EvaluationException.class, () -> ShellCommand.result(setshell, ""))
            .getMessage());
  }
}
