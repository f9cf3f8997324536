package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.cluster.LocalCluster;
import org.tpccpg.driver.cluster.PostgresBinaries;
import org.tpccpg.driver.results.JsonReader;

/**
 * What a sweep writes about a server and does to its settings (issue 32, points 4 and 6), against a
 * throwaway cluster of its own that has a replication password in {@code primary_conninfo} and a
 * key passphrase in {@code ssl_passphrase_command}, and that the tests restart: the manifest shows
 * neither secret; a failed restart command is restored and said; a restart command that does not
 * restart is found before a cell runs with the wrong value; a bad value is refused before any cell
 * runs. Each test leaves the cluster as it found it.
 */
class SweepSettingsIT {
  private static final String REPLICATION_PASSWORD = "r3plS3cret";
  private static final String KEY_PASSPHRASE = "k3yS3cret";

  @TempDir static Path work;

  private static LocalCluster server;
  private static String restart;

  @BeforeAll
  static void startServer() throws Exception {
    server =
        LocalCluster.start(
            List.of(
                "log_min_messages = warning",
                "fsync = off",
                "primary_conninfo = 'host=127.0.0.1 user=rep password="
                    + REPLICATION_PASSWORD
                    + "'",
                "ssl_passphrase_command = 'echo " + KEY_PASSPHRASE + "'"));
    server.createDatabase("bench");
    Path data = server.directory().resolve("data");
    restart =
        "runuser -u postgres -- "
            + PostgresBinaries.locate().resolve("pg_ctl")
            + " -D "
            + data
            + " -l "
            + server.directory().resolve("server.log")
            + " -w -t 60 -m fast restart";
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  private static String sweepFile(String restartCommand, String settings) {
    return String.join(
        "\n",
        "[sweep]",
        "clients = 1",
        "duration = 1",
        "[target a]",
        "host = 127.0.0.1",
        "port = " + server.port(),
        "dbname = bench",
        "user = postgres",
        restartCommand == null ? "" : "restart_command = " + restartCommand,
        "[workload select]",
        "kind = tpcb",
        "options = -S",
        "prepare = true",
        "prepare_options = -s 1 -q",
        settings.isEmpty() ? "" : "[settings]\n" + settings,
        "");
  }

  private static CliRun sweep(String name, String text) throws IOException {
    Path file = work.resolve(name + ".sweep");
    Files.writeString(file, text, StandardCharsets.UTF_8);
    return CliRun.of(Map.of(), "sweep", file.toString(), "--bundle", bundle(name).toString());
  }

  private static Path bundle(String name) {
    return work.resolve(name + "-bundle");
  }

  private static Map<String, Object> manifest(String name) throws IOException {
    return JsonReader.object(Files.readString(bundle(name).resolve("manifest.json")));
  }

  /** shared_buffers in force (pg_settings.setting) and its postgresql.auto.conf entry or null. */
  private static List<String> sharedBuffers() throws SQLException {
    try (Connection c = server.settings("postgres").open();
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT current_setting('shared_buffers'), (SELECT setting FROM pg_file_settings"
                    + " WHERE name = 'shared_buffers' AND sourcefile LIKE '%auto.conf'"
                    + " ORDER BY seqno DESC LIMIT 1)")) {
      rs.next();
      return java.util.Arrays.asList(rs.getString(1), rs.getString(2));
    }
  }

  /** Takes the sweep's value out of postgresql.auto.conf and restarts for real. */
  private static void putBackSharedBuffers() throws Exception {
    try (Connection c = server.settings("postgres").open();
        Statement s = c.createStatement()) {
      s.execute("ALTER SYSTEM RESET shared_buffers");
    }
    Process p = new ProcessBuilder("sh", "-c", restart).inheritIO().start();
    assertEquals(0, p.waitFor(), restart);
  }

  @Test
  void theManifestShowsNeitherTheReplicationPasswordNorTheKeyPassphrase() throws IOException {
    CliRun run = sweep("secrets", sweepFile(null, ""));
    assertEquals(0, run.exitCode(), run.out() + run.err());
    @SuppressWarnings("unchecked")
    Map<String, Object> settings =
        (Map<String, Object>)
            ((List<Map<String, Object>>) manifest("secrets").get("targets"))
                .get(0)
                .get("non_default_settings");
    assertEquals(
        "host=127.0.0.1 user=rep password=********", settings.get("primary_conninfo"), "masked");
    assertEquals("(hidden: may hold a password)", settings.get("ssl_passphrase_command"));
    try (var files = Files.walk(bundle("secrets"))) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        String text = Files.readString(file, StandardCharsets.ISO_8859_1);
        assertFalse(text.contains(REPLICATION_PASSWORD), file.toString());
        assertFalse(text.contains(KEY_PASSPHRASE), file.toString());
      }
    }
    assertFalse((run.out() + run.err()).contains(REPLICATION_PASSWORD), run.out());
  }

  @Test
  void aFailedRestartCommandIsRestoredAndReadBack() throws Exception {
    CliRun run = sweep("fails", sweepFile("false", "shared_buffers = 96MB, 128MB"));
    assertEquals(1, run.exitCode(), run.out() + run.err());
    assertEquals(
        "tpcc sweep: [target a] restart_command failed with exit code 1\n", run.err(), run.out());
    assertEquals(true, manifest("fails").get("settings_restored"), run.out());
    assertEquals(java.util.Arrays.asList("128MB", null), sharedBuffers(), "as before the sweep");
    assertFalse(Files.exists(bundle("fails").resolve("runs/a.select.c1.s1.r1")), "no cell ran");
  }

  @Test
  void aRestoreThatCannotRestartIsNotCalledRestored() throws Exception {
    Path once = work.resolve("restarted-once");
    String command = "if [ -e " + once + " ]; then exit 3; fi; touch " + once + " && " + restart;
    try {
      CliRun run = sweep("once", sweepFile(command, "shared_buffers = 96MB, 128MB"));
      assertEquals(1, run.exitCode(), run.out() + run.err());
      assertTrue(run.out().contains("[1/2] a.select.c1.s1.r1: "), run.out());
      assertTrue(
          run.out()
              .contains(
                  "sweep: could not restore the settings of target a: [target a] restart_command"
                      + " failed with exit code 3"),
          run.out());
      assertEquals(false, manifest("once").get("settings_restored"), run.out());
      assertEquals("96MB", sharedBuffers().get(0), "the sweep's value is still in force");
    } finally {
      putBackSharedBuffers();
    }
    assertEquals(java.util.Arrays.asList("128MB", null), sharedBuffers());
  }

  @Test
  void aRestartCommandThatDoesNotRestartIsFoundBeforeACellRuns() throws Exception {
    CliRun run = sweep("norestart", sweepFile("true", "shared_buffers = 96MB, 128MB"));
    assertEquals(1, run.exitCode(), run.out() + run.err());
    assertEquals(
        "tpcc sweep: [target a] shared_buffers is 128MB in force, not 96MB, after restart_command"
            + " (did it restart the server?); no cell ran with it\n",
        run.err(),
        run.out());
    assertFalse(Files.exists(bundle("norestart").resolve("runs/a.select.c1.s1.r1")));
    assertEquals(true, manifest("norestart").get("settings_restored"), run.out());
    assertEquals(java.util.Arrays.asList("128MB", null), sharedBuffers());
  }

  @Test
  void aBadValueIsRefusedBeforeAnyCellRuns() throws Exception {
    int n = 0;
    for (String[] bad :
        List.of(
            new String[] {"work_mem = 8MB, 8XB", "[settings] work_mem = 8XB: not a whole number"},
            new String[] {
              "work_mem = 8MB, 1kB", "[settings] work_mem = 1kB: out of range: from 64"
            },
            new String[] {
              "enable_seqscan = on, maybe", "[settings] enable_seqscan = maybe: not a boolean"
            })) {
      String name = "bad" + ++n;
      CliRun run = sweep(name, sweepFile(null, bad[0]));
      assertEquals(1, run.exitCode(), run.out() + run.err());
      assertTrue(run.err().startsWith("tpcc sweep: " + bad[1]), run.err());
      assertTrue(run.err().endsWith(" (pg_settings of target a); no cell ran\n"), run.err());
      assertFalse(Files.exists(bundle(name).resolve("runs")), "no cell ran");
      assertFalse(Files.exists(bundle(name).resolve("manifest.json")), "nothing changed");
    }
  }
}
