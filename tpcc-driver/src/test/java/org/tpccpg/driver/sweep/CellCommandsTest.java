package org.tpccpg.driver.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tpccpg.driver.results.SweepCell;

/** The child command lines: what the sweep sets, the file's options, and never a password. */
class CellCommandsTest {
  private static final SweepFile FILE = SweepFile.parse(SweepFileTest.EXAMPLE);

  private static TargetInfo bouncer() {
    return new TargetInfo(
        FILE.targets().get(1), "db1.example", 6432, "me", "16.4", Map.of(), Map.of());
  }

  @Test
  void aTpcbCellSetsClientsDurationProgressSeedResultsAndTheConnection() {
    SweepCell cell = SweepPlan.cells(FILE, 11).get(1);
    assertEquals(
        List.of(
            "tpcb",
            "-S",
            "-M",
            "prepared",
            "-D",
            "who=a b",
            "-c",
            "8",
            "-T",
            "30",
            "-P",
            "1",
            "--random-seed=11",
            "--results=/b/runs/x",
            "-h",
            "db1.example",
            "-p",
            "6432",
            "-U",
            "me",
            "bench"),
        CellCommands.cell(
            bouncer(),
            FILE.workloads().get(0),
            cell,
            new CellLength(30, null),
            5,
            Path.of("/b/runs/x")));
    assertEquals(
        List.of(
            "tpcb",
            "-S",
            "-M",
            "prepared",
            "-D",
            "who=a b",
            "-c",
            "8",
            "-T",
            "5",
            "-h",
            "db1.example",
            "-p",
            "6432",
            "-U",
            "me",
            "bench"),
        CellCommands.warmup(bouncer(), FILE.workloads().get(0), cell, 5));
  }

  @Test
  void aTpccCellAddsTheTargetsOptionsAfterTheWorkloads() {
    SweepCell cell = SweepPlan.cells(FILE, 11).get(3);
    assertEquals("pg15-bouncer.tpcc.c8.s1.r1", cell.id());
    assertEquals(
        List.of(
            "run",
            "--pgsql-host=db1.example",
            "--pgsql-port=6432",
            "--pgsql-user=me",
            "--pgsql-db=bench",
            "--tables=1",
            "--scale=10",
            "--db-ps-mode=disable",
            "--threads=8",
            "--time=60",
            "--report-interval=1",
            "--rand-seed=11",
            "--warmup-time=5",
            "--results=/r"),
        CellCommands.cell(
            bouncer(), FILE.workloads().get(1), cell, new CellLength(60, null), 5, Path.of("/r")));
    assertEquals(null, CellCommands.warmup(bouncer(), FILE.workloads().get(1), cell, 5));
  }

  @Test
  void eventsRunTpcbWithTransactionsPerClientAndTpccWithTheirTotalAndNoTimeLimit() {
    SweepFile file =
        SweepFile.parse(
            "[sweep]\nclients=2,4\nevents=50\n[target a]\ndbname=bench\n"
                + "[workload b]\nkind=tpcb\noptions=-j 2 -n\n"
                + "[workload t]\nkind=tpcc\nduration=7\n[workload u]\nkind=tpcc\n");
    TargetInfo a =
        new TargetInfo(file.targets().get(0), "127.0.0.1", 5433, "me", "15", Map.of(), Map.of());
    List<SweepCell> cells = SweepPlan.cells(file, 3);
    SweepCell c4 = cells.stream().filter(c -> c.id().equals("a.b.c4.r1")).findFirst().orElseThrow();
    List<String> tpcb =
        CellCommands.cell(
            a, file.workloads().get(0), c4, file.length(file.workloads().get(0)), 0, Path.of("/r"));
    assertEquals(List.of("tpcb", "-j", "2", "-n", "-c", "4", "-t", "50", "-P"), tpcb.subList(0, 9));
    SweepCell u4 = cells.stream().filter(c -> c.id().equals("a.u.c4.r1")).findFirst().orElseThrow();
    List<String> tpcc =
        CellCommands.cell(
            a, file.workloads().get(2), u4, file.length(file.workloads().get(2)), 0, Path.of("/r"));
    assertEquals(
        List.of("--threads=4", "--time=0", "--events=200", "--report-interval=1"),
        tpcc.subList(5, 9));
    // a workload's own duration wins over the sweep's events
    SweepCell t2 = cells.stream().filter(c -> c.id().equals("a.t.c2.r1")).findFirst().orElseThrow();
    List<String> timed =
        CellCommands.cell(
            a, file.workloads().get(1), t2, file.length(file.workloads().get(1)), 0, Path.of("/r"));
    assertEquals(List.of("--threads=2", "--time=7", "--report-interval=1"), timed.subList(5, 8));
  }

  @Test
  void aPreparationThatDidNotFinishIsReplacedWithForce() {
    Workload tpcc = FILE.workloads().get(1);
    List<String> again = CellCommands.prepare(bouncer(), tpcc, true);
    assertEquals("prepare", again.get(0));
    assertEquals("--force", again.get(again.size() - 1));
    assertEquals(
        List.of(
            "tpcb", "-i", "-s", "10", "-q", "-h", "db1.example", "-p", "6432", "-U", "me", "bench"),
        CellCommands.prepare(bouncer(), FILE.workloads().get(0), true));
  }

  @Test
  void libpqsFormsGoWholeToBothRunsAPgJdbcUrlToTpccRunsAndItsPartsToTpcbRuns() {
    SweepFile file =
        SweepFile.parse(
            "[sweep]\nclients=2\nduration=3\n[target a]\n"
                + "url = postgresql://me@127.0.0.1:5433/bench?sslmode=disable\n[target b]\n"
                + "conninfo = host=127.0.0.1 port=5434 dbname=bench\n[target c]\n"
                + "url = jdbc:postgresql://127.0.0.1:5435/bench?user=me\n"
                + "[workload t]\nkind=tpcc\n[workload b]\nkind=tpcb\n");
    TargetInfo a =
        new TargetInfo(file.targets().get(0), "127.0.0.1", 5433, "me", "15", Map.of(), Map.of());
    TargetInfo b =
        new TargetInfo(file.targets().get(1), "127.0.0.1", 5434, "root", "15", Map.of(), Map.of());
    TargetInfo c =
        new TargetInfo(file.targets().get(2), "127.0.0.1", 5435, "me", "15", Map.of(), Map.of());
    List<SweepCell> cells = SweepPlan.cells(file, 3);
    assertEquals(
        List.of("run", "--pgsql-conninfo=postgresql://me@127.0.0.1:5433/bench?sslmode=disable"),
        CellCommands.cell(
                a, file.workloads().get(0), cells.get(0), new CellLength(3, null), 0, Path.of("/r"))
            .subList(0, 2));
    assertEquals(
        List.of("prepare", "--pgsql-conninfo=host=127.0.0.1 port=5434 dbname=bench"),
        CellCommands.prepare(b, file.workloads().get(0), false).subList(0, 2));
    assertEquals(
        List.of("prepare", "--pgsql-url=jdbc:postgresql://127.0.0.1:5435/bench?user=me"),
        CellCommands.prepare(c, file.workloads().get(0), false).subList(0, 2));
    // tpcb expands a conninfo or URI in its dbname as libpq does; a PgJDBC URL's parts go one by
    // one
    List<String> tpcbByUri = CellCommands.prepare(a, file.workloads().get(1), false);
    assertEquals(
        List.of(
            "-h",
            "127.0.0.1",
            "-p",
            "5433",
            "-U",
            "me",
            "postgresql://me@127.0.0.1:5433/bench?sslmode=disable"),
        tpcbByUri.subList(tpcbByUri.size() - 7, tpcbByUri.size()));
    List<String> tpcb = CellCommands.prepare(b, file.workloads().get(1), false);
    assertEquals(
        List.of(
            "-h", "127.0.0.1", "-p", "5434", "-U", "root", "host=127.0.0.1 port=5434 dbname=bench"),
        tpcb.subList(tpcb.size() - 7, tpcb.size()));
    List<String> tpcbByUrl = CellCommands.prepare(c, file.workloads().get(1), false);
    assertEquals(
        List.of("-h", "127.0.0.1", "-p", "5435", "-U", "me", "bench"),
        tpcbByUrl.subList(tpcbByUrl.size() - 7, tpcbByUrl.size()));
  }
}
