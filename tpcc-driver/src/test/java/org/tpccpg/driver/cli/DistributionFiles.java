package org.tpccpg.driver.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.codegen.docgen.manpage.ManPageGenerator;

/**
 * Writes the release archive's generated files from the command model: the bash completion script
 * (picocli's {@link AutoComplete}; it also works in zsh through bashcompinit) and one AsciiDoc man
 * page per command (picocli-codegen's {@link ManPageGenerator}), which the build renders to troff
 * with Asciidoctor. The build runs this at prepare-package (tpcc-driver/pom.xml). It lives with the
 * tests so that picocli-codegen stays out of tpcc.jar.
 *
 * <p>Usage: {@code DistributionFiles OUTPUT-DIRECTORY}; writes {@code completion/tpcc.bash} and
 * {@code man-adoc/*.adoc} under it.
 */
final class DistributionFiles {
  private DistributionFiles() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      throw new IllegalArgumentException("usage: DistributionFiles OUTPUT-DIRECTORY");
    }
    Path output = Path.of(args[0]);
    CommandLine tpcc = TpccCli.allCommands();

    Path completion = Files.createDirectories(output.resolve("completion")).resolve("tpcc.bash");
    Files.writeString(completion, AutoComplete.bash("tpcc", tpcc), StandardCharsets.UTF_8);

    Path manPages = Files.createDirectories(output.resolve("man-adoc"));
    int exitCode =
        ManPageGenerator.generateManPage(
            manPages.toFile(), null, new boolean[0], true, tpcc.getCommandSpec());
    if (exitCode != 0) {
      throw new IllegalStateException("the man page generator failed with exit code " + exitCode);
    }
  }
}
