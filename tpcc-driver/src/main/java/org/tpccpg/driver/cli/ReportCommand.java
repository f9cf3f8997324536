package org.tpccpg.driver.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.Callable;
import org.tpccpg.driver.htmlreport.Report;
import org.tpccpg.driver.htmlreport.TableText;
import org.tpccpg.driver.results.FileFailure;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code report BUNDLE|RESULTS...}: one self-contained HTML page, or a sweep's tables as text. */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    description = {
      "Writes one HTML file that opens offline (uPlot and the data inlined): for a sweep bundle"
          + " its tables (a row per client count, a column per target, median tps with"
          + " lowest-highest over repeats) and tps and p95 against clients; for a results"
          + " directory its tps, latency, errors and reconnects over time with outages shaded,"
          + " the server's statistics when recorded, and each kind's latency distribution."
          + " A bundle's tables are also written as Markdown and CSV next to the HTML."
          + " See docs/report.md.",
      "Exit codes: 0 written; 1 an input could not be read or the file not written; 2 bad"
          + " options."
    })
final class ReportCommand implements Callable<Integer> {
  /** What to write. */
  enum Format {
    html,
    md,
    csv
  }

  @Spec private CommandSpec spec;

  @Parameters(
      arity = "1..*",
      paramLabel = "BUNDLE|RESULTS",
      description =
          "Sweep bundles (with manifest.json) and results directories (with summary.json).")
  private List<Path> inputs;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FILE",
      description =
          "The HTML file (default: report.html in the input directory, or in the working"
              + " directory for several inputs). The Markdown and CSV tables go next to it.")
  private Path output;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      description =
          "html (default) writes the files; md or csv prints the sweep tables to standard output.")
  private Format format = Format.html;

  @Option(
      names = "--cells",
      description = "Also draw every done cell of a bundle as a run (one section per cell).")
  private boolean cells;

  @Override
  public Integer call() throws IOException {
    if (format != Format.html && output != null) {
      throw new ParameterException(
          spec.commandLine(), "--output is for the HTML file; --format=" + format + " prints");
    }
    if (output != null) {
      requireDirectoryOf(output);
    }
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Report report = Report.read(inputs, cells, w -> err.println("tpcc report: " + w));
    err.flush();
    if (format != Format.html) {
      if (report.tables().isEmpty()) {
        throw new ParameterException(
            spec.commandLine(),
            "--format=" + format + " prints a sweep's tables, but no input is a sweep bundle");
      }
      out.print(
          format == Format.md
              ? TableText.markdown(report.tables())
              : TableText.csv(report.tables()));
      out.flush();
      return 0;
    }
    Path html = output != null ? output : defaultOutput();
    write(html, report.html());
    out.println("wrote " + html);
    if (!report.tables().isEmpty()) {
      Path md = sibling(html, ".md");
      Path csv = sibling(html, ".csv");
      write(md, TableText.markdown(report.tables()));
      write(csv, TableText.csv(report.tables()));
      out.println("wrote " + md);
      out.println("wrote " + csv);
    }
    out.flush();
    return 0;
  }

  /** Before reading any input: an hour's week-long report would be lost at the end (#32). */
  private void requireDirectoryOf(Path file) {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null && !Files.isDirectory(parent)) {
      throw new ParameterException(
          spec.commandLine(),
          "--output="
              + file
              + ": "
              + (Files.exists(parent) ? parent + " is not a directory" : "no directory " + parent));
    }
  }

  private Path defaultOutput() {
    return inputs.size() == 1 ? inputs.get(0).resolve("report.html") : Path.of("report.html");
  }

  private static Path sibling(Path html, String extension) {
    String name = html.getFileName().toString();
    String base = name.endsWith(".html") ? name.substring(0, name.length() - 5) : name;
    return html.resolveSibling(base + extension);
  }

  /** Through a temporary file, so a file is whole or left as it was. */
  private static void write(Path file, String text) throws IOException {
    Path absolute = file.toAbsolutePath();
    Path partial = absolute.resolveSibling(absolute.getFileName() + ".partial");
    try {
      Files.writeString(partial, text, StandardCharsets.UTF_8);
      Files.move(
          partial, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      Files.deleteIfExists(partial);
      throw new IOException(FileFailure.cannotWrite(file, e), e);
    }
  }
}
