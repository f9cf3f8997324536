package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/tpcc in a source checkout whose jar is older than its sources: it builds the jar first, and
 * what is piped to it still reaches the command. The build here is a stand-in {@code mvn} on the
 * PATH that reads all its input, as Maven may, and puts the real jar in place; the checkout is a
 * copy of the launcher and its Java library around an empty pom.xml.
 */
class LauncherIT {
  @TempDir Path tmp;

  /** A checkout of the launcher and its Java library around an empty pom.xml, with no jar. */
  private Path checkout(String name) throws Exception {
    Path root = tmp.resolve(name);
    Files.createDirectories(root.resolve("bin"));
    Files.createDirectories(root.resolve("scripts/lib"));
    Files.createDirectories(root.resolve("tpcc-driver/target"));
    Files.copy(Path.of("..", "bin", "tpcc"), root.resolve("bin/tpcc"));
    for (String lib : List.of("java.sh", "hidden.sh")) {
      Files.copy(Path.of("..", "scripts", "lib", lib), root.resolve("scripts/lib").resolve(lib));
    }
    Files.writeString(root.resolve("pom.xml"), "");
    return root;
  }

  @Test
  void aBuildBeforeTheCommandLeavesTheCommandsInputToIt() throws Exception {
    Path root = checkout("checkout");
    Path fakeBin = Files.createDirectories(tmp.resolve("fake-bin"));
    Path mvn = fakeBin.resolve("mvn");
    Files.writeString(
        mvn,
        "#!/bin/sh\ncat >/dev/null\ncp '"
            + Path.of("target", "tpcc.jar").toAbsolutePath()
            + "' tpcc-driver/target/tpcc.jar\n");
    Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwx------"));

    ProcessBuilder builder =
        new ProcessBuilder(root.resolve("bin/tpcc").toString(), "soak-plan", "--stdin");
    builder.environment().put("PATH", fakeBin + ":" + System.getenv("PATH"));
    builder.redirectError(tmp.resolve("err.txt").toFile());
    Process process = builder.start();
    try (OutputStream in = process.getOutputStream()) {
      in.write("--pgsql-host=db7\0--pgsql-port=6543\0".getBytes(StandardCharsets.UTF_8));
    }
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(60, TimeUnit.SECONDS), "bin/tpcc returned");
    String err = Files.readString(tmp.resolve("err.txt"));
    assertEquals(0, process.exitValue(), out + err);
    assertTrue(err.contains("tpcc: building the distribution"), err);
    assertTrue(out.contains("\nhost=db7\nport=6543\n"), out);
  }

  /** A checkout with the real jar, newer than its pom.xml: it needs no build. */
  private Path checkoutWithItsJar() throws Exception {
    Path root = checkout("built");
    Files.copy(Path.of("target", "tpcc.jar"), root.resolve("tpcc-driver/target/tpcc.jar"));
    return root;
  }

  private static Process launch(Path root, Map<String, String> environment, String... args)
      throws Exception {
    List<String> command = new ArrayList<>(List.of(root.resolve("bin/tpcc").toString()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().putAll(environment);
    builder.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    return builder.start();
  }

  @Test
  void argumentsHoldingAPasswordReachTheJvmThroughTheEnvironmentNotItsProcessTitle()
      throws Exception {
    Path root = checkoutWithItsJar();
    Path seen = tmp.resolve("seen.txt");
    Path java = tmp.resolve("java");
    // a stand-in JVM that writes down its arguments and the variables it was given
    Files.writeString(
        java,
        "#!/bin/sh\nprintf 'arg %s\\n' \"$@\" > '"
            + seen
            + "'\nenv | grep '^TPCC_HIDDEN_' | sort >> '"
            + seen
            + "'\n");
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwx------"));
    Process process =
        launch(
            root,
            // a caller (bin/tpcc-soak) hid one of its own arguments as number 2: kept, skipped
            Map.of("TPCC_JAVA", java.toString(), "TPCC_HIDDEN_2", "the caller's"),
            "run",
            "--pgsql-password=Sekr1tA",
            "--pgsql_password",
            "Sekr1tB",
            "--pgsql-conninfo",
            "host=db1 PASSWORD=Sekr1tC",
            "--threads=2");
    assertTrue(process.waitFor(60, TimeUnit.SECONDS), "bin/tpcc returned");
    assertEquals(
        List.of(
            "arg -jar",
            "arg " + root.resolve("tpcc-driver/target/tpcc.jar"),
            "arg run",
            "arg @tpcc-hidden-1",
            "arg --pgsql_password",
            "arg @tpcc-hidden-3",
            "arg --pgsql-conninfo",
            "arg @tpcc-hidden-4",
            "arg --threads=2",
            "TPCC_HIDDEN_1=--pgsql-password=Sekr1tA",
            "TPCC_HIDDEN_2=the caller's",
            "TPCC_HIDDEN_3=Sekr1tB",
            "TPCC_HIDDEN_4=host=db1 PASSWORD=Sekr1tC"),
        Files.readAllLines(seen));
  }

  @Test
  void theToolReadsTheHiddenArgumentsInTheirPlaces() throws Exception {
    Process process =
        launch(checkoutWithItsJar(), Map.of(), "check", "--pgsql-conninfo", "port=54x password=S");
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(60, TimeUnit.SECONDS), "bin/tpcc returned");
    assertEquals(2, process.exitValue(), out);
    assertTrue(out.startsWith("tpcc check: --pgsql-conninfo port=54x is not a port number"), out);
  }
}
