package org.tpccpg.driver.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.Callable;
import org.tpccpg.driver.sweep.DryRun;
import org.tpccpg.driver.sweep.GridSize;
import org.tpccpg.driver.sweep.Sweep;
import org.tpccpg.driver.sweep.SweepFile;
import org.tpccpg.driver.sweep.SweepFileException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code sweep FILE}: runs a grid of targets, workloads, client counts and settings. */
@Command(
    name = "sweep",
    mixinStandardHelpOptions = true,
    description = {
      "Runs every cell of a sweep file (targets x workloads x client counts x settings x repeats),"
          + " each as a child tpcc process, targets interleaved, into one bundle directory: a copy"
          + " of the file, manifest.json and runs/<cell>/ results. Given an existing bundle, it"
          + " resumes: cells already done are not run again. See docs/sweep.md.",
      "Exit codes: 0 all cells done; 1 a cell failed or had an outage, or the sweep failed;"
          + " 2 a bad sweep file or option; 130 interrupted (resume with the same --bundle)."
    })
final class SweepCommand implements Callable<Integer> {
  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

  @Spec private CommandSpec spec;
  @ParentCommand private TpccCli parent;

  @Parameters(index = "0", paramLabel = "FILE", description = "The sweep file.")
  private Path file;

  @Option(
      names = "--bundle",
      paramLabel = "DIR",
      description =
          "The bundle directory; resumes the sweep when it holds one already (default"
              + " sweeps/<UTC time>-<file name>).")
  private Path bundle;

  @Option(
      names = "--max-cells",
      paramLabel = "N",
      description =
          "Refuse a grid of more than N cells before anything runs (default ${DEFAULT-VALUE});"
              + " the count and an estimated duration are printed either way.",
      defaultValue = "10000")
  private long maxCells;

  @Option(
      names = "--keep-outages",
      description =
          "Keep cells whose run recorded outages (the server down for part of it) in the samples,"
              + " done with a note in the manifest, instead of marking them outage and running"
              + " them again; a resume takes the outage cells it finds as they are.")
  private boolean keepOutages;

  @Option(
      names = "--dry-run",
      description =
          "Print the data preparations and the cells in the order they would run, each with the"
              + " tpcc command lines of its child runs (BUNDLE: the --bundle directory, else the"
              + " new sweeps/TIME-NAME), and connect to nothing.")
  private boolean dryRun;

  @Override
  public Integer call() throws Exception {
    if (bundle != null && bundle.toString().isEmpty()) {
      // Path.of("") is the working directory: a resume there, or "not empty" (#32).
      throw new ParameterException(spec.commandLine(), "--bundle is empty: give a directory");
    }
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new ParameterException(
          spec.commandLine(), "cannot read the sweep file " + file + ": " + e.getMessage());
    }
    SweepFile sweep;
    try {
      sweep = SweepFile.parse(text);
    } catch (SweepFileException e) {
      throw new ParameterException(spec.commandLine(), file + ": " + e.getMessage());
    }
    PrintWriter out = spec.commandLine().getOut();
    GridSize size = grid(sweep);
    if (dryRun) {
      List<String> lines;
      try {
        lines =
            DryRun.lines(sweep, parent.environment(), bundle != null ? bundle : Path.of("BUNDLE"));
      } catch (IllegalArgumentException e) {
        throw new ParameterException(spec.commandLine(), file + ": " + e.getMessage());
      }
      lines.forEach(out::println);
      out.println("sweep: " + size.describe());
      out.flush();
      return 0;
    }
    out.println("sweep: " + size.describe());
    Path directory = bundle != null ? bundle : defaultBundle();
    String copyName = file.getFileName().toString();
    prepareBundle(directory, copyName, text);
    Sweep run = new Sweep(sweep, directory, parent.environment(), TpccCli.class.getName(), out);
    run.keepOutages(keepOutages);
    parent.interrupts().disarm(); // from here on, a signal stops the sweep and restores settings
    SignalStop stop = SignalStop.install(run::requestStop, out, parent.interrupts());
    int exitCode = 1;
    try {
      exitCode = run.run(copyName);
      return exitCode;
    } finally {
      stop.finished(exitCode);
    }
  }

  /**
   * The grid's size, refused above {@code --max-cells}: a grid of millions would run for years and
   * its manifest (rewritten after every cell) grow to hundreds of megabytes.
   */
  private GridSize grid(SweepFile sweep) {
    if (maxCells < 1) {
      throw new ParameterException(
          spec.commandLine(), "--max-cells=" + maxCells + ": must be a whole number >= 1");
    }
    GridSize size;
    try {
      size = GridSize.of(sweep);
    } catch (ArithmeticException e) {
      throw new ParameterException(
          spec.commandLine(), file + ": the grid has more cells than can be counted");
    }
    if (size.cells() > maxCells && !dryRun) {
      throw new ParameterException(
          spec.commandLine(),
          "--max-cells="
              + maxCells
              + ": "
              + file
              + " has "
              + size.describe()
              + "; make the grid smaller, or raise --max-cells to run it");
    }
    return size;
  }

  private Path defaultBundle() {
    String name = file.getFileName().toString().replaceFirst("\\.[^.]*$", "");
    return Path.of("sweeps", STAMP.format(Clock.systemUTC().instant()) + "-" + name);
  }

  /**
   * Creates the bundle with the sweep file's copy, or checks that an existing bundle was made from
   * the same file: resuming with another file would mix cells of two sweeps.
   */
  private void prepareBundle(Path directory, String copyName, String text) throws IOException {
    Path copy = directory.resolve(copyName);
    if (Files.isRegularFile(copy)) {
      if (!Files.readString(copy, StandardCharsets.UTF_8).equals(text)) {
        throw new ParameterException(
            spec.commandLine(),
            "--bundle="
                + directory
                + " was made from another version of "
                + copyName
                + ": give a new --bundle, or the file as it is in the bundle");
      }
      return;
    }
    if (Files.isDirectory(directory)) {
      try (var entries = Files.list(directory)) {
        if (entries.findAny().isPresent()) {
          throw new ParameterException(
              spec.commandLine(),
              "--bundle="
                  + directory
                  + " is not empty and holds no "
                  + copyName
                  + ": not a bundle of this sweep");
        }
      }
    }
    Files.createDirectories(directory);
    Files.writeString(copy, text, StandardCharsets.UTF_8);
  }
}
