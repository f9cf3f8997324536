package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestDatabase;

class QuickstartIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  private static final Pattern CLUSTER_LINE =
      Pattern.compile("quickstart: cluster in (\\S+), port (\\d+)");

  @Test
  void quickstartUsesTheServerGivenByOptions() {
    TestDatabase db = POSTGRES.database();
    CliRun run =
        CliRun.of(
            "quickstart",
            "--time=2",
            "--pgsql-host=" + db.host(),
            "--pgsql-port=" + db.port(),
            "--pgsql-user=" + db.user(),
            "--pgsql-db=" + db.name());
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.out().contains("connected to PostgreSQL "), run.out());
    assertTrue(run.out().contains("prepare: done in "), run.out());
    assertTrue(run.out().contains("Running the test with following options:"), "run's header");
    assertTrue(run.out().contains("tpmC: "), run.out());
    assertTrue(run.out().contains("check: all 11 conditions checked hold (1 skipped)"), run.out());
    assertTrue(run.out().contains("quickstart: cleanup"), run.out());
    assertFalse(run.out().contains("starting a private PostgreSQL cluster"), run.out());
  }

  @Test
  void quickstartUsesTheServerGivenByEnvironment() {
    TestDatabase db = POSTGRES.database();
    Map<String, String> environment =
        Map.of(
            "PGHOST", db.host(),
            "PGPORT", Integer.toString(db.port()),
            "PGUSER", db.user(),
            "PGDATABASE", db.name());
    CliRun run = CliRun.of(environment, "quickstart", "--time=1");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.out().contains("/" + db.name()), run.out());
  }

  @Test
  void quickstartWithoutAServerRunsOnAPrivateClusterAndRemovesIt() {
    CliRun run = CliRun.of("quickstart", "--time=2");
    assertEquals(0, run.exitCode(), run.err());
    Matcher cluster = CLUSTER_LINE.matcher(run.out());
    assertTrue(cluster.find(), run.out());
    assertTrue(run.out().contains("connected to PostgreSQL "), run.out());
    assertFalse(Files.exists(Path.of(cluster.group(1))), "cluster directory removed");
  }

  @Test
  void ctrlCLeavesNoServerAndNoDirectoryBehind() throws Exception {
    assertNothingLeftAfter("INT");
  }

  @Test
  void killDashNineLeavesNoServerAndNoDirectoryBehind() throws Exception {
    assertNothingLeftAfter("KILL");
  }

  /** Starts quickstart as its own process, signals it once the cluster is up, checks cleanup. */
  private static void assertNothingLeftAfter(String signal) throws Exception {
    Path jar = Path.of("target", "tpcc.jar");
    assertTrue(Files.exists(jar), "the distribution is built in the package phase: " + jar);
    Process process =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar",
                jar.toString(),
                "quickstart")
            .redirectErrorStream(true)
            .start();
    Path directory = null;
    try (BufferedReader out =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        Matcher cluster = CLUSTER_LINE.matcher(line);
        if (cluster.find()) {
          directory = Path.of(cluster.group(1));
          break;
        }
      }
      assertNotNull(directory, "quickstart printed where its cluster lives");
      signal(process.pid(), signal);
      assertTrue(process.waitFor(60, TimeUnit.SECONDS), "quickstart ended after SIG" + signal);
      out.transferTo(java.io.Writer.nullWriter());
    } finally {
      process.destroyForcibly();
    }
    assertGoneWithin(directory, 15);
    // The server, and the watchdog that stops it when the JVM dies, both end within seconds.
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
    while (processUsing(directory) && System.nanoTime() < deadline) {
      Thread.sleep(200);
    }
    assertFalse(processUsing(directory), "no process left that uses " + directory);
  }

  private static void signal(long pid, String signal) throws IOException, InterruptedException {
    Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).start();
    assertEquals(0, kill.waitFor(), "kill -" + signal);
  }

  private static void assertGoneWithin(Path directory, int seconds) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (Files.exists(directory) && System.nanoTime() < deadline) {
      Thread.sleep(200);
    }
    assertFalse(Files.exists(directory), "directory removed: " + directory);
  }

  private static boolean processUsing(Path directory) {
    String marker = directory.toString();
    return ProcessHandle.allProcesses()
        .anyMatch(
            process ->
                process.info().commandLine().map(line -> line.contains(marker)).orElse(false));
  }
}
