package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.compare.ResultsFixture;
import org.tpccpg.driver.results.JsonReader;

/** {@code tpcc compare} on hand-written results: output, exit codes and refusals. */
class CompareCommandTest {
  private static final double[] STEADY = {1000, 1010, 990, 1005, 995, 1002, 998, 1001};
  private static final double[] SLOW = {500, 505, 495, 502, 498, 501, 499, 500};

  @TempDir Path tmp;

  private Path run(String name, String workload, double tps, double[] intervals)
      throws IOException {
    return ResultsFixture.write(
        tmp.resolve(name), workload, List.of("select-only"), tps, 1.0, intervals);
  }

  @Test
  void theSameRunComparedWithItselfIsNotTestedAndExitsZero() throws IOException {
    Path a = run("a", "tpcb", 1000, STEADY);
    CliRun compared = CliRun.of("compare", a.toString(), a.toString(), "--fail-if-worse=0");
    assertEquals(0, compared.exitCode(), compared.err());
    List<String> lines = compared.out().lines().toList();
    assertTrue(lines.get(0).startsWith("compare tpcb: A = " + a + " (1 run)"), compared.out());
    assertTrue(lines.get(3).matches("tps +higher .* n/a +0/0 +~"), compared.out());
    assertTrue(
        compared.out().contains("are the same run (the same summary.json): not tested"),
        compared.out());
    assertEquals(
        "tpcc compare: not enough independent samples to test tps (n A/B = 0/0):"
            + " --fail-if-worse=0 cannot fail on it\n"
            + "tpcc compare: not enough independent samples to test p95_ms (n A/B = 0/0):"
            + " --fail-if-worse=0 cannot fail on it\n",
        compared.err());
  }

  /** A {@code cp -r} of a results directory. */
  private Path copy(Path from, String name) throws IOException {
    Path to = Files.createDirectories(tmp.resolve(name));
    for (String file : List.of("summary.json", "intervals.jsonl")) {
      Files.copy(from.resolve(file), to.resolve(file));
    }
    return to;
  }

  /**
   * #32: two copies of a run a side were taken as two agreeing runs (no spread: p = 0, a zero-width
   * interval, exit 3 whatever the intervals said). Copies add nothing: the figures are those of the
   * one run each side.
   */
  @Test
  void copiesOfARunASideCompareAsThatOneRun() throws IOException {
    Path x = run("a/r1", "tpcb", 1000, STEADY);
    copy(x, "a/r2");
    Path y = run("b/r1", "tpcb", 500, SLOW);
    copy(y, "b/r2");
    CliRun copies =
        CliRun.of(
            "compare",
            tmp.resolve("a").toString(),
            tmp.resolve("b").toString(),
            "--fail-if-worse=10");
    CliRun single = CliRun.of("compare", x.toString(), y.toString(), "--fail-if-worse=10");
    assertEquals(single.exitCode(), copies.exitCode(), copies.out() + copies.err());
    assertEquals(single.err(), copies.err());
    assertEquals(
        single.out().lines().skip(1).limit(6).toList(),
        copies.out().lines().skip(1).limit(6).toList(),
        "the same samples line and rows:\n" + copies.out());
    assertTrue(copies.out().contains("(2 runs, 1 distinct)"), copies.out());
    assertTrue(
        copies.out().contains("note: A: " + tmp.resolve("a/r2") + " is a copy of " + x),
        copies.out());
  }

  @Test
  void copiesOfOneRunOnBothSidesCannotFailTheGate() throws IOException {
    Path x = run("a/r1", "tpcb", 1000, STEADY);
    copy(x, "a/r2");
    copy(x, "b/r1");
    copy(x, "b/r2");
    CliRun compared =
        CliRun.of(
            "compare",
            tmp.resolve("a").toString(),
            tmp.resolve("b").toString(),
            "--fail-if-worse=5");
    assertEquals(0, compared.exitCode(), compared.out() + compared.err());
    assertTrue(compared.out().contains("are the same run"), compared.out());
    assertTrue(
        compared.err().startsWith("tpcc compare: not enough independent samples to test tps"),
        compared.err());
  }

  @Test
  void aSignificantlyWorseBExitsThreeWithFailIfWorse() throws IOException {
    Path a = run("a", "tpcb", 1000, STEADY);
    Path b = run("b", "tpcb", 500, SLOW);
    CliRun plain = CliRun.of("compare", a.toString(), b.toString());
    assertEquals(0, plain.exitCode(), "without --fail-if-worse a worse B is no failure");
    CliRun gated = CliRun.of("compare", a.toString(), b.toString(), "--fail-if-worse=10");
    assertEquals(3, gated.exitCode(), gated.err());
    assertTrue(
        gated.err().startsWith("tpcc compare: B is significantly worse than A on tps: -50.0%"),
        gated.err());
    assertTrue(gated.err().contains("more than --fail-if-worse=10\n"), gated.err());
    CliRun lenient = CliRun.of("compare", a.toString(), b.toString(), "--fail-if-worse=60");
    assertEquals(0, lenient.exitCode(), lenient.err());
    CliRun reversed = CliRun.of("compare", b.toString(), a.toString(), "--fail-if-worse=10");
    assertEquals(0, reversed.exitCode(), "a better B passes: " + reversed.err());
    CliRun tolerant =
        CliRun.of("compare", a.toString(), b.toString(), "--fail-if-worse=10", "--min-change=60");
    assertEquals(0, tolerant.exitCode(), "-50% is under --min-change=60: " + tolerant.err());
    assertTrue(tolerant.out().lines().toList().get(3).endsWith(" ~"), tolerant.out());
    assertTrue(tolerant.out().contains("or a change under 60%;"), tolerant.out());
  }

  @Test
  void jsonIsOneObjectWithARowPerMetric() throws IOException {
    Path a = run("a", "tpcb", 1000, STEADY);
    Path b = run("b", "tpcb", 500, SLOW);
    CliRun compared = CliRun.of("compare", "--json", a.toString(), b.toString());
    assertEquals(0, compared.exitCode(), compared.err());
    List<?> metrics = (List<?>) JsonReader.object(compared.out().strip()).get("metrics");
    assertEquals(3, metrics.size(), "tps, p95, p99; one kind has no row of its own");
  }

  @Test
  void aPathWithoutResultsIsOneLineAndExitOne() throws IOException {
    Path a = run("a", "tpcb", 1000, STEADY);
    Files.createDirectories(tmp.resolve("empty"));
    CliRun compared = CliRun.of("compare", a.toString(), tmp.resolve("empty").toString());
    assertEquals(1, compared.exitCode());
    assertEquals(
        "tpcc compare: B: "
            + tmp.resolve("empty")
            + " holds no results: no summary.json in it nor in a directory in it\n",
        compared.err());
  }

  @Test
  void runsOfTwoWorkloadsAreOneLineAndExitOne() throws IOException {
    Path a = run("a", "tpcb", 1000, STEADY);
    Path b = run("b", "tpcc", 1000, STEADY);
    CliRun compared = CliRun.of("compare", a.toString(), b.toString());
    assertEquals(1, compared.exitCode());
    assertTrue(
        compared.err().startsWith("tpcc compare: cannot compare runs of different workloads"),
        compared.err());
    assertEquals(1, compared.err().lines().count());
  }

  @Test
  void aDirectoryNamedLikeACommandIsStillAPath() throws IOException {
    Path a = run("run", "tpcb", 1000, STEADY);
    CliRun compared = CliRun.of("compare", a.toString(), "run");
    assertEquals(1, compared.exitCode(), "run is read as a path in the working directory");
    assertTrue(
        compared.err().startsWith("tpcc compare: B: run is not a directory"), compared.err());
  }

  /** A bundle of targets fast and slow at 1, 8 and 16 clients, 2 repeats each (#31: --each). */
  private Path bundle() throws IOException {
    Path bundle = tmp.resolve("bundle");
    StringBuilder cells = new StringBuilder();
    for (String target : List.of("fast", "slow")) {
      for (int clients : List.of(16, 1, 8)) {
        for (int repeat = 1; repeat <= 2; repeat++) {
          String id = target + ".sel.c" + clients + ".r" + repeat;
          ResultsFixture.write(
              bundle.resolve("runs").resolve(id),
              "tpcb",
              List.of("select-only"),
              target.equals("slow") ? 500 : 1000,
              1.0,
              target.equals("slow") ? SLOW : STEADY);
          cells
              .append(cells.length() == 0 ? "" : ",")
              .append(
                  String.format(
                      "{\"id\":\"%s\",\"target\":\"%s\",\"workload\":\"sel\",\"clients\":%d,"
                          + "\"repeat\":%d,\"settings\":{},\"dir\":\"runs/%s\",\"status\":"
                          + "\"done\"}",
                      id, target, clients, repeat, id));
        }
      }
    }
    Files.writeString(
        bundle.resolve("manifest.json"),
        "{\"schema_version\":1,\"kind\":\"tpcc-sweep\",\"targets\":[],\"workloads\":[],\"cells\":["
            + cells
            + "]}");
    return bundle;
  }

  @Test
  void eachClientCountIsComparedInTurnInNumericOrderAndGated() throws IOException {
    Path bundle = bundle();
    CliRun each =
        CliRun.of(
            "compare",
            bundle.toString(),
            "--a",
            "target=fast",
            "--b",
            "target=slow",
            "--each=clients",
            "--fail-if-worse=10");
    assertEquals(3, each.exitCode(), each.out() + each.err());
    List<String> headers = each.out().lines().filter(l -> l.startsWith("compare tpcb: ")).toList();
    assertEquals(3, headers.size(), each.out());
    for (int i = 0; i < 3; i++) {
      String clients = List.of("1", "8", "16").get(i);
      assertTrue(
          headers.get(i).contains("[target=fast,clients=" + clients + "] (2 runs)")
              && headers.get(i).contains("[target=slow,clients=" + clients + "] (2 runs)"),
          each.out());
    }
    assertEquals(
        3,
        each.err()
            .lines()
            .filter(l -> l.contains("B is significantly worse than A on tps"))
            .count(),
        each.err());
    CliRun json =
        CliRun.of(
            "compare",
            bundle.toString(),
            "--a",
            "target=fast",
            "--b",
            "target=slow",
            "--each=clients",
            "--json");
    assertEquals(0, json.exitCode(), json.err());
    assertEquals(3, ((List<?>) JsonReader.read(json.out().strip())).size(), json.out());
  }

  @Test
  void eachRefusesWhatCannotBeComparedEach() throws IOException {
    Path bundle = bundle();
    String target = bundle.toString();
    for (List<String> bad :
        List.of(
            List.of("--each=clients", target, target + "x"),
            List.of("--a", "target=fast", "--b", "target=slow", "--each=repeat", target),
            List.of("--a", "target=fast,clients=8", "--b", "target=slow", "--each=clients", target),
            List.of("--a", "target=fast", "--b", "target=slow", "--each=nosuch", target))) {
      List<String> args = new java.util.ArrayList<>(List.of("compare"));
      args.addAll(bad);
      CliRun refused = CliRun.of(args.toArray(String[]::new));
      assertEquals(2, refused.exitCode(), bad + ": " + refused.out() + refused.err());
      assertTrue(refused.err().startsWith("tpcc compare: --each"), bad + ": " + refused.err());
    }
  }

  /** #31: targets whose settings differ were compared without a word, though the runs knew. */
  @Test
  void runsOnServersWithOtherSettingsAreComparedWithANoteNamingTheDifferences() throws IOException {
    Path a = run("a", "tpcb", 1000, STEADY);
    Path b = run("b", "tpcb", 500, SLOW);
    server(a, "{\"fsync\":\"on\",\"shared_buffers\":\"128MB\"}");
    server(b, "{\"fsync\":\"off\",\"shared_buffers\":\"128MB\"}");
    CliRun compared = CliRun.of("compare", a.toString(), b.toString());
    assertEquals(0, compared.exitCode(), compared.err());
    assertTrue(
        compared.out().contains("\nnote: the servers differ: fsync A on, B off\n"), compared.out());
    server(b, "{\"fsync\":\"on\",\"shared_buffers\":\"128MB\"}");
    CliRun same = CliRun.of("compare", a.toString(), b.toString());
    assertTrue(!same.out().contains("the servers differ"), same.out());
  }

  /** Gives a run's summary the server object every real run records. */
  private static void server(Path run, String settings) throws IOException {
    Path summary = run.resolve("summary.json");
    String text = Files.readString(summary).replaceAll(",\"server\":\\{[^}]*\\{[^}]*\\}\\}", "");
    Files.writeString(
        summary,
        text.replace(
            "\"outages\":[]",
            "\"outages\":[],\"server\":{\"version\":\"PostgreSQL 15.18 on x86_64\","
                + "\"settings\":"
                + settings
                + "}"));
  }
}
