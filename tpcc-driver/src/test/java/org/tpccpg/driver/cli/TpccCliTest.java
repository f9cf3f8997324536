package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tpccpg.core.catalog.TpccVersion;

class TpccCliTest {
  @Test
  void versionPrintsTheBuildVersionAndCommitAndExitsZero() {
    CliRun run = CliRun.of("--version");
    assertEquals(0, run.exitCode());
    String first = "tpcc " + TpccVersion.get() + " (commit " + TpccVersion.commit() + ")\n";
    assertTrue(run.out().startsWith(first), run.out());
    assertFalse(TpccVersion.commit().equals("unknown"), "the build ran in a git checkout");
  }

  @Test
  void helpListsTheQuickstartCommand() {
    CliRun run = CliRun.of("--help");
    assertEquals(0, run.exitCode());
    assertTrue(run.out().contains("quickstart"), run.out());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "prepare",
        "run",
        "check",
        "cleanup",
        "quickstart",
        "tpcb",
        "compare",
        "merge",
        "report",
        "install-procedures",
        "sweep"
      })
  void everyCommandsHelpFormatsWithoutAPicocliWarning(String command) {
    PrintStream systemErr = System.err;
    ByteArrayOutputStream warnings = new ByteArrayOutputStream();
    CliRun run;
    try {
      // picocli reports a description it cannot format (an unescaped %) on System.err itself
      System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
      run = CliRun.of(command, "--help");
    } finally {
      System.setErr(systemErr);
    }
    assertEquals(0, run.exitCode(), run.err());
    assertEquals("", warnings.toString(StandardCharsets.UTF_8));
    assertEquals("", run.err());
  }

  @Test
  void anUnknownOptionIsOneLineNamingItPlusAHintAndExitsTwo() {
    CliRun run = CliRun.of("--no-such-option");
    assertEquals(2, run.exitCode());
    assertEquals(
        "tpcc: Unknown option: '--no-such-option'\nTry 'tpcc --help' for more information.\n",
        run.err());
    assertEquals("", run.out());
  }

  @Test
  void noCommandIsAUsageError() {
    CliRun run = CliRun.of();
    assertEquals(2, run.exitCode());
    assertTrue(run.err().startsWith("tpcc: a command is required\n"), run.err());
  }

  @Test
  void aBadPortNamesTheOptionAndTheValue() {
    CliRun run = CliRun.of("quickstart", "--pgsql-port=abc");
    assertEquals(2, run.exitCode());
    assertTrue(run.err().contains("--pgsql-port=abc is not a port number"), run.err());
    assertFalse(run.err().contains("\tat "), "no stack trace");
  }

  @Test
  void aPortOutOfRangeIsAUsageError() {
    CliRun run = CliRun.of("quickstart", "--pgsql-host=127.0.0.1", "--pgsql-port=70000");
    assertEquals(2, run.exitCode());
    assertTrue(run.err().contains("--pgsql-port=70000 is not a port number"), run.err());
  }

  @Test
  void aBadPgportFromTheEnvironmentNamesTheVariable() {
    CliRun run = CliRun.of(Map.of("PGPORT", "54x"), "quickstart");
    assertEquals(2, run.exitCode());
    assertTrue(run.err().contains("PGPORT=54x is not a port number"), run.err());
  }

  @Test
  void aDriverOtherThanPgsqlIsRefused() {
    CliRun run = CliRun.of("quickstart", "--pgsql-host=127.0.0.1", "--db-driver=mysql");
    assertEquals(2, run.exitCode());
    assertTrue(run.err().contains("--db-driver=mysql is not supported"), run.err());
  }

  @Test
  void aBadSslmodeNamesTheOptionAndTheValue() {
    CliRun run = CliRun.of("quickstart", "--pgsql-sslmode=strict");
    assertEquals(2, run.exitCode());
    assertTrue(
        run.err().startsWith("tpcc quickstart: --pgsql-sslmode=strict is not an sslmode"),
        run.err());
  }

  @Test
  void aBadPgsslmodeFromTheEnvironmentNamesTheVariable() {
    CliRun run = CliRun.of(Map.of("PGSSLMODE", "on"), "quickstart", "--pgsql-port=5432");
    assertEquals(2, run.exitCode());
    assertTrue(run.err().contains("PGSSLMODE=on is not an sslmode"), run.err());
  }

  @Test
  void conninfoAndUrlTogetherAreAUsageError() {
    CliRun run =
        CliRun.of("quickstart", "--pgsql-conninfo=host=a", "--pgsql-url=jdbc:postgresql://b/db");
    assertEquals(2, run.exitCode());
    assertTrue(run.err().contains("cannot be used together"), run.err());
  }

  @Test
  void aMalformedConninfoIsOneLineThatDoesNotRepeatThePassword() {
    CliRun run = CliRun.of("quickstart", "--pgsql-conninfo=password='s3cret");
    assertEquals(2, run.exitCode());
    assertTrue(
        run.err()
            .startsWith(
                "tpcc quickstart: --pgsql-conninfo is malformed: unterminated quoted value for"
                    + " \"password\"\n"),
        run.err());
    assertFalse(run.err().contains("s3cret"), run.err());
  }
}
