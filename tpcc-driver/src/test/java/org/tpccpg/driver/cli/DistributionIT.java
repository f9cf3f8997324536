package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.core.catalog.TpccVersion;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestDatabase;

/**
 * The release archive that {@code mvn package} builds, unpacked as a user would on a machine with a
 * Java runtime and no Maven: it runs, completes in bash, and its man pages render.
 */
class DistributionIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  private static final String NAME = "tpcc-" + TpccVersion.get();
  private static final Path ARCHIVE = Path.of("target", NAME + ".tar.gz").toAbsolutePath();

  @TempDir static Path tmp;

  /** The unpacked archive's top directory. */
  private static Path home;

  /** Where the stand-in for mvn leaves a mark when it is called. */
  private static Path mavenCalled;

  /** One finished command. */
  record Result(int exitCode, String out, String err) {}

  @BeforeAll
  static void unpack() throws Exception {
    assertTrue(Files.exists(ARCHIVE), "mvn package (without -Ddist.skip) built " + ARCHIVE);
    Path unpacked = Files.createDirectory(tmp.resolve("unpacked"));
    Result tar = run(unpacked, Map.of(), "tar", "xzf", ARCHIVE.toString());
    assertEquals(0, tar.exitCode(), tar.err());
    home = unpacked.resolve(NAME);
    mavenCalled = tmp.resolve("mvn-was-called");
  }

  @Test
  void theArchiveHoldsTheScriptsTheJarTheDocsAndTheGeneratedFiles() {
    for (String file :
        List.of(
            "bin/tpcc",
            "bin/tpcc-soak",
            "lib/tpcc.jar",
            "lib/java.sh",
            "lib/hidden.sh",
            "README.md",
            "LICENSE",
            "docs/tpcc.md",
            "docs/tpcb.md",
            "completion/tpcc.bash",
            "man/man1/tpcc.1")) {
      assertTrue(Files.isRegularFile(home.resolve(file)), "in the archive: " + file);
    }
    assertTrue(Files.isExecutable(home.resolve("bin/tpcc")), "bin/tpcc is executable");
    assertTrue(Files.isExecutable(home.resolve("bin/tpcc-soak")), "bin/tpcc-soak is executable");
    assertFalse(Files.exists(home.resolve("pom.xml")), "no sources: bin/tpcc must not build");
  }

  @Test
  void versionRunsFromTheArchiveWithoutMavenAndNamesTheCommit() throws Exception {
    Result version = tpcc("--version");
    assertEquals(0, version.exitCode(), version.err());
    String first = "tpcc " + TpccVersion.get() + " (commit " + TpccVersion.commit() + ")\n";
    assertTrue(version.out().startsWith(first), version.out());
    assertFalse(Files.exists(mavenCalled), "bin/tpcc called mvn");
  }

  @Test
  void quickstartRunsFromTheArchiveWithoutMaven() throws Exception {
    TestDatabase db = POSTGRES.database();
    Result quickstart =
        tpcc(
            "quickstart",
            "--time=5",
            "--pgsql-host=" + db.host(),
            "--pgsql-port=" + db.port(),
            "--pgsql-user=" + db.user(),
            "--pgsql-db=" + db.name());
    assertEquals(0, quickstart.exitCode(), quickstart.out() + quickstart.err());
    assertTrue(quickstart.out().contains("tpmC: "), quickstart.out());
    assertTrue(quickstart.out().contains("check: all 11 conditions"), quickstart.out());
    assertFalse(Files.exists(mavenCalled), "bin/tpcc called mvn");
  }

  @Test
  void tpccSoakRunsFromTheArchive() throws Exception {
    // status of a soak that never ran: exit code 3 (docs/soak.md), after the script found all it
    // needs in the archive.
    Result status =
        run(
            tmp,
            withoutMaven(),
            home.resolve("bin/tpcc-soak").toString(),
            "status",
            "--dir",
            tmp.resolve("no-soak").toString());
    assertEquals(3, status.exitCode(), status.out() + status.err());
  }

  @Test
  void bashCompletesTpccCommandsAndOptionsAfterSourcingTheScript() throws Exception {
    String script =
        String.join(
            "\n",
            "source \"$1\"",
            "complete -p tpcc",
            "COMP_WORDS=(tpcc qu); COMP_CWORD=1; _complete_tpcc",
            "echo \"commands: ${COMPREPLY[*]}\"",
            "COMP_WORDS=(tpcc run --thr); COMP_CWORD=2; _complete_tpcc",
            "echo \"options: ${COMPREPLY[*]}\"");
    Path completion = home.resolve("completion/tpcc.bash");
    Result bash = run(tmp, Map.of(), "bash", "-c", script, "bash", completion.toString());
    assertEquals(0, bash.exitCode(), bash.err());
    assertTrue(bash.out().contains("complete -o default -F _complete_tpcc tpcc\n"), bash.out());
    assertTrue(bash.out().contains("commands: quickstart\n"), bash.out());
    assertTrue(bash.out().contains("options: --threads --thread-stack-size\n"), bash.out());
  }

  @Test
  void zshRegistersTheSameScriptThroughBashcompinitAndItOffersACommandsOptions() throws Exception {
    // In zsh the script loads compinit and bashcompinit itself. zsh filters the candidates by the
    // typed prefix when it shows them, so the reply holds all of run's options, not just --thr*.
    String script =
        String.join(
            "\n",
            "source \"$1\"",
            "print -r -- \"registered: ${_comps[tpcc]}\"",
            "reply() { emulate -L sh; COMP_WORDS=(tpcc run --thr); COMP_CWORD=2; _complete_tpcc;",
            "  echo \"options: ${COMPREPLY[*]}\"; }",
            "reply");
    Path completion = home.resolve("completion/tpcc.bash");
    Result zsh = run(tmp, Map.of(), "zsh", "-f", "-c", script, "zsh", completion.toString());
    assertEquals(0, zsh.exitCode(), zsh.err());
    assertTrue(zsh.out().contains("registered: _bash_complete -F _complete_tpcc"), zsh.out());
    assertTrue(zsh.out().contains(" --threads "), zsh.out());
    assertTrue(zsh.out().contains(" --warmup-time "), zsh.out());
  }

  @Test
  void everyCommandHasAManPageThatManRendersWithoutWarnings() throws Exception {
    Set<String> expected = new TreeSet<>();
    expected.add("tpcc.1");
    // A hidden command (soak-plan, bin/tpcc-soak's own) is in no help and gets no man page.
    TpccCli.allCommands().getSubcommands().entrySet().stream()
        .filter(command -> !command.getValue().getCommandSpec().usageMessage().hidden())
        .forEach(command -> expected.add("tpcc-" + command.getKey() + ".1"));
    Path man1 = home.resolve("man/man1");
    Set<String> pages;
    try (Stream<Path> files = Files.list(man1)) {
      pages =
          files
              .map(file -> file.getFileName().toString())
              .collect(Collectors.toCollection(TreeSet::new));
    }
    assertEquals(expected, pages);
    for (String page : pages) {
      String name = page.substring(0, page.length() - ".1".length());
      Result man =
          run(
              tmp,
              Map.of("MANPAGER", "cat", "MANWIDTH", "100"),
              "man",
              "--warnings",
              "-l",
              man1.resolve(page).toString());
      assertEquals(0, man.exitCode(), page + ": " + man.err());
      assertEquals("", man.err(), page + " renders without a warning");
      assertTrue(man.out().contains("NAME"), man.out());
      assertTrue(man.out().contains(name + " - "), man.out());
    }
  }

  /** Runs the archive's bin/tpcc with a PATH whose mvn only records that it was called. */
  private static Result tpcc(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(home.resolve("bin/tpcc").toString()));
    command.addAll(List.of(args));
    return run(tmp, withoutMaven(), command.toArray(String[]::new));
  }

  /**
   * An environment in which Maven cannot run: the first mvn on PATH is a stand-in that leaves a
   * mark and fails, and Maven's own variables are empty.
   */
  private static Map<String, String> withoutMaven() throws IOException {
    Path stubs = tmp.resolve("stubs");
    Path mvn = stubs.resolve("mvn");
    if (!Files.exists(mvn)) {
      Files.createDirectories(stubs);
      Files.writeString(
          mvn,
          "#!/bin/sh\ntouch '" + mavenCalled + "'\necho 'mvn must not be called' >&2\nexit 127\n",
          StandardCharsets.UTF_8);
      Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
    return Map.of("PATH", stubs + ":" + System.getenv("PATH"), "MAVEN_HOME", "", "M2_HOME", "");
  }

  private static Result run(Path directory, Map<String, String> environment, String... command)
      throws IOException, InterruptedException {
    Path out = Files.createTempFile(tmp, "out", ".txt");
    Path err = Files.createTempFile(tmp, "err", ".txt");
    ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
    builder.environment().putAll(environment);
    Process process = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    if (!process.waitFor(120, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IllegalStateException("no end within 120 s: " + String.join(" ", command));
    }
    return new Result(
        process.exitValue(),
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }
}
