package org.tpccpg.driver.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tpccpg.driver.connect.ConnectionKeyword;
import org.tpccpg.driver.results.SweepCell;

/** Reading a sweep file and laying out its cells; the bad files are in SweepBadInputTest. */
class SweepFileTest {
  static final String EXAMPLE =
      """
      # two servers, one pooler
      [sweep]
      clients = 8, 32
      duration = 30
      warmup = 5
      repeats = 3
      seed = 11

      [target pg15]
      host = db1.example   # a comment after a value
      port = 5432
      dbname = bench
      user = bench

      [target pg15-bouncer]
      host = db1.example
      port = 6432
      dbname = bench
      prepare = false
      tpcc_options = --db-ps-mode=disable

      [workload select]
      kind = tpcb
      options = -S -M prepared -D "who=a b"
      prepare = true
      prepare_options = -s 10 -q

      [workload tpcc]
      kind = tpcc
      options = --tables=1 --scale=10
      duration = 60

      [settings]
      work_mem = 4MB, 64MB
      jit = on, off
      """;

  @Test
  void readsTargetsWorkloadsAndTheSweepsShape() {
    SweepFile file = SweepFile.parse(EXAMPLE);
    assertEquals(List.of(8, 32), file.clients());
    assertEquals(new CellLength(30, null), file.length());
    assertEquals(5, file.warmupSeconds());
    assertEquals(3, file.repeats());
    assertEquals(11L, file.seed());
    Target bouncer = file.targets().get(1);
    assertEquals("pg15-bouncer", bouncer.name());
    assertEquals(6432, bouncer.port());
    assertNull(bouncer.user());
    assertEquals(List.of("--db-ps-mode=disable"), bouncer.options("tpcc"));
    assertEquals(List.of(), bouncer.options("tpcb"));
    assertEquals("db1.example", file.targets().get(0).host());
    Workload select = file.workloads().get(0);
    assertEquals(List.of("-S", "-M", "prepared", "-D", "who=a b"), select.options());
    assertTrue(select.prepare());
    assertEquals(List.of("-s", "10", "-q"), select.prepareOptions());
    assertNull(select.length());
    assertEquals(new CellLength(60, null), file.workloads().get(1).length());
    assertEquals(new CellLength(30, null), file.length(select));
  }

  @Test
  void eventsGiveTransactionsPerClientInTheSweepOrAWorkloadAndAWorkloadsOwnLengthWins() {
    SweepFile file =
        SweepFile.parse(
            "[sweep]\nclients=2\nevents=1000000\n[target a]\ndbname=x\n"
                + "[workload w]\nkind=tpcb\noptions=-j 2\n"
                + "[workload d]\nkind=tpcb\nduration=5\n"
                + "[workload e]\nkind=tpcc\nevents=20\n");
    assertEquals(new CellLength(null, 1_000_000L), file.length());
    assertEquals(new CellLength(null, 1_000_000L), file.length(file.workloads().get(0)));
    assertEquals(List.of("-j", "2"), file.workloads().get(0).options());
    assertEquals(new CellLength(5, null), file.length(file.workloads().get(1)));
    assertEquals(new CellLength(null, 20L), file.length(file.workloads().get(2)));
  }

  @Test
  void theVersionsExampleRunsTpcbWithTransactionsPerClientAndJobsOnTwoTargets() throws IOException {
    // tpcc-driver's tests run in tpcc-driver/; examples/ is the repository's
    SweepFile file =
        SweepFile.parse(Files.readString(Path.of("..", "examples", "sweeps", "versions.sweep")));
    assertEquals(new CellLength(null, 2000L), file.length(file.workloads().get(0)));
    assertTrue(file.workloads().get(0).options().containsAll(List.of("-j", "2", "-n")));
    assertEquals(List.of("v15", "v15-again"), file.targets().stream().map(Target::name).toList());
  }

  @Test
  void theTuningExampleVariesMaxWalSizeWithTheCheckpointTimerFixed() throws IOException {
    SweepFile file =
        SweepFile.parse(Files.readString(Path.of("..", "examples", "sweeps", "tuning.sweep")));
    assertEquals(
        List.of(
            Map.of("max_wal_size", "32MB", "checkpoint_timeout", "30min"),
            Map.of("max_wal_size", "1GB", "checkpoint_timeout", "30min")),
        file.settingCombinations());
  }

  @Test
  void durationAndEventsExcludeEachOtherInOneSectionInOneLineNamingBoth() {
    String sweep = "[sweep]\nclients=1\nduration=2\n[target a]\ndbname=x\n";
    SweepFileException inSweep =
        assertThrows(
            SweepFileException.class,
            () ->
                SweepFile.parse(
                    "[sweep]\nclients=1\nduration=2\nevents=10\n[target a]\ndbname=x\n"
                        + "[workload w]\nkind=tpcb\n"));
    assertEquals(
        "line 4: [sweep] events = 10: duration and events exclude each other: give duration"
            + " (seconds per cell, -T) or events (transactions per client, -t), not both",
        inSweep.getMessage());
    SweepFileException inWorkload =
        assertThrows(
            SweepFileException.class,
            () -> SweepFile.parse(sweep + "[workload w]\nkind=tpcb\nevents=10\nduration=3\n"));
    assertTrue(
        inWorkload.getMessage().startsWith("line 8: [workload w] events = 10: duration and"));
    SweepFileException neither =
        assertThrows(
            SweepFileException.class,
            () ->
                SweepFile.parse(
                    "[sweep]\nclients=1\n[target a]\ndbname=x\n" + "[workload w]\nkind=tpcb\n"));
    assertTrue(
        neither.getMessage().contains("[sweep] duration: is required: give duration"),
        neither.getMessage());
    SweepFileException zero =
        assertThrows(
            SweepFileException.class,
            () -> SweepFile.parse(sweep + "[workload w]\nkind=tpcb\nevents=0\n"));
    assertTrue(
        zero.getMessage().endsWith("[workload w] events = 0: must be a whole number >= 1"),
        zero.getMessage());
  }

  @Test
  void reservedOptionsSayWhatTheSweepSetsThemFromAndWhatToWriteInstead() {
    assertEquals(
        "-t: the sweep sets it from events (transactions per client): give events = N in [sweep]"
            + " or the [workload]",
        ReservedOptions.firstReserved("tpcb", List.of("-S", "-t", "1000")));
    assertEquals(
        "--transactions: the sweep sets it from events (transactions per client): give events = N"
            + " in [sweep] or the [workload]",
        ReservedOptions.firstReserved("tpcb", List.of("--transactions=5")));
    assertEquals(
        "-T: the sweep sets it from duration (seconds per cell): give duration = N in [sweep] or"
            + " the [workload]",
        ReservedOptions.firstReserved("tpcb", List.of("-T60")));
    assertTrue(
        ReservedOptions.firstReserved("tpcc", List.of("--events=100"))
            .startsWith("--events: the sweep sets it from events (transactions per client, times"));
    assertEquals(
        "-c: the sweep sets it from [sweep] clients, one cell per count",
        ReservedOptions.firstReserved("tpcb", List.of("-c", "8")));
    // pgbench 17's -d is the database, which the cells take from the target (the default is 19)
    assertEquals(
        "-d: the database since pgbench 17 (tpcb's default), which the sweep sets from the"
            + " [target]'s connection: give it there (--debug for debugging output)",
        ReservedOptions.firstReserved("tpcb", List.of("-S", "-d", "bank")));
    assertEquals(
        "--dbname: the sweep sets it from the [target]'s connection: give it there",
        ReservedOptions.firstReserved("tpcb", List.of("--dbname=bank")));
    assertNull(ReservedOptions.firstReserved("tpcb", List.of("--debug")));
    // -j goes to the runs: every client has a thread of its own, the report shows -j's number
    assertNull(ReservedOptions.firstReserved("tpcb", List.of("-j", "2", "--jobs=2", "-j2")));
    assertNull(ReservedOptions.firstReserved("tpcc prepare", List.of("--threads=4")));
    // sysbench 1.0.20's old names would override what the sweep sets
    assertEquals(
        "--num-threads: the sweep sets it from [sweep] clients, one cell per count",
        ReservedOptions.firstReserved("tpcc", List.of("--num_threads=8")));
    assertNull(ReservedOptions.firstReserved("tpcc prepare", List.of("--num-threads=4")));
    assertTrue(
        ReservedOptions.firstReserved("tpcc", List.of("--max-time=60")).contains("duration"));
    assertTrue(
        ReservedOptions.firstReserved("tpcc", List.of("--max-requests=9")).contains("events"));
    assertEquals(
        "--config-file: the sweep cannot see which options the file sets: give them in options =",
        ReservedOptions.firstReserved("tpcc", List.of("--config-file=sb.cfg")));
  }

  @Test
  void settingCombinationsVaryTheFirstSettingSlowest() {
    SweepFile file = SweepFile.parse(EXAMPLE);
    assertEquals(
        List.of(
            Map.of("work_mem", "4MB", "jit", "on"),
            Map.of("work_mem", "4MB", "jit", "off"),
            Map.of("work_mem", "64MB", "jit", "on"),
            Map.of("work_mem", "64MB", "jit", "off")),
        file.settingCombinations());
  }

  @Test
  void cellsRunTargetsInnermostReversedOnEvenRepeatsThenWorkloadsClientsSettingsAndRepeats() {
    List<SweepCell> cells = SweepPlan.cells(SweepFile.parse(EXAMPLE), 11);
    assertEquals(2 * 2 * 2 * 4 * 3, cells.size());
    assertEquals(
        List.of(
            "pg15.select.c8.s1.r1",
            "pg15-bouncer.select.c8.s1.r1",
            "pg15.tpcc.c8.s1.r1",
            "pg15-bouncer.tpcc.c8.s1.r1",
            "pg15.select.c32.s1.r1"),
        cells.subList(0, 5).stream().map(SweepCell::id).toList());
    assertEquals("pg15.select.c8.s2.r1", cells.get(8).id());
    assertEquals("pg15-bouncer.select.c8.s1.r2", cells.get(32).id(), "targets reversed on r2");
    assertEquals("pg15.select.c8.s1.r2", cells.get(33).id());
    assertEquals("pg15.select.c8.s1.r3", cells.get(64).id(), "in order again on r3");
    assertEquals(11, cells.get(0).seed());
    assertEquals(11, cells.get(32).seed(), "every cell the same seed, repeats too");
    assertEquals(Map.of("work_mem", "4MB", "jit", "off"), cells.get(8).settings());
    assertEquals("runs/pg15.select.c8.s2.r1", cells.get(8).dir());
  }

  @Test
  void withoutASettingsDimensionCellIdsHaveNoSettingsPart() {
    SweepFile file =
        SweepFile.parse(
            "[sweep]\nclients=1\nduration=2\n[target a]\ndbname=x\n[workload w]\nkind=tpcb\n");
    assertEquals(1, file.repeats());
    assertEquals(0, file.warmupSeconds());
    assertNull(file.seed());
    SweepCell cell = SweepPlan.cells(file, 5).get(0);
    assertEquals("a.w.c1.r1", cell.id());
    assertEquals(Map.of(), cell.settings());
  }

  @Test
  void anErrorNamesTheLineTheSectionTheKeyAndTheValue() {
    SweepFileException e =
        assertThrows(
            SweepFileException.class,
            () -> SweepFile.parse(EXAMPLE.replace("port = 6432", "port = 70000")));
    assertEquals(
        "line 17: [target pg15-bouncer] port = 70000: must be a port number from 1 to 65535",
        e.getMessage());
  }

  @Test
  void aConninfoGivesTheTargetsConnectionAndItsDatabase() {
    SweepFile file =
        SweepFile.parse(
            "[sweep]\nclients=1\nduration=2\n[target a]\n"
                + "conninfo = host=/tmp port=5433 dbname='my db' sslmode=require\n"
                + "[workload w]\nkind=tpcc\n");
    Target target = file.targets().get(0);
    assertEquals("my db", target.dbname());
    assertNull(target.host());
    assertEquals("conninfo", target.connectionString().key());
    assertEquals(
        "host=/tmp port=5433 dbname='my db' sslmode=require", target.connectionString().text());
    assertEquals(
        Map.of(
            ConnectionKeyword.HOST, "/tmp",
            ConnectionKeyword.PORT, "5433",
            ConnectionKeyword.DBNAME, "my db",
            ConnectionKeyword.SSLMODE, "require"),
        target.connectionString().source().values());
  }

  @Test
  void aLibpqUriIsReadAsLibpqReadsItAndServesTpcbWhole() {
    SweepFile file =
        SweepFile.parse(
            "[sweep]\nclients=1\nduration=2\n[target a]\n"
                + "url = postgresql://bench@db1:6432/tpcc?sslmode=require\n"
                + "[workload w]\nkind=tpcb\n");
    ConnectionString url = file.targets().get(0).connectionString();
    assertEquals("postgresql://bench@db1:6432/tpcc?sslmode=require", url.text());
    assertFalse(url.isJdbcUrl());
    assertEquals("tpcc", file.targets().get(0).dbname());
    assertEquals("db1", url.source().values().get(ConnectionKeyword.HOST));
    assertEquals("6432", url.source().values().get(ConnectionKeyword.PORT));
    assertEquals("bench", url.source().values().get(ConnectionKeyword.USER));
    assertEquals("require", url.source().values().get(ConnectionKeyword.SSLMODE));
    assertNull(url.beyondTpcb(), "tpcb runs get the URI whole");
  }

  @Test
  void aPgJdbcUrlKeepsItsPropertiesWhichTpcbRunsCannotTake() {
    SweepFile file =
        SweepFile.parse(
            "[sweep]\nclients=1\nduration=2\n[target a]\n"
                + "url = jdbc:postgresql://db1:6432/tpcc?user=bench&tcpKeepAlive=true\n"
                + "[workload w]\nkind=tpcc\n");
    ConnectionString url = file.targets().get(0).connectionString();
    assertTrue(url.isJdbcUrl());
    assertEquals("true", url.source().driverProperties().get("tcpKeepAlive"));
    assertEquals("tcpKeepAlive", url.beyondTpcb());
  }

  @Test
  void aConnectionStringWithOnlyHostPortUserAndDbnameServesTpcbToo() {
    SweepFile file =
        SweepFile.parse(
            "[sweep]\nclients=1\nduration=2\n[target a]\n"
                + "url = jdbc:postgresql://127.0.0.1:5433/bench?user=me\n"
                + "[workload w]\nkind=tpcb\n");
    assertNull(file.targets().get(0).connectionString().beyondTpcb());
  }

  @Test
  void aRefusedPasswordIsNeverRepeated() {
    SweepFileException e =
        assertThrows(
            SweepFileException.class,
            () ->
                SweepFile.parse(
                    "[sweep]\nclients=1\nduration=2\n[target a]\n"
                        + "conninfo = dbname=x password='s3cret\n"
                        + "[workload w]\nkind=tpcc\n"));
    assertFalse(e.getMessage().contains("s3cret"), e.getMessage());
    assertTrue(
        e.getMessage().startsWith("line 5: [target a] conninfo is malformed"), e.getMessage());
  }

  @Test
  void wordsKeepQuotedSpacesAndRefuseAnOpenQuote() {
    assertEquals(List.of("-D", "a b", "x'y"), Words.split(" -D 'a b'  \"x'y\""));
    assertThrows(IllegalArgumentException.class, () -> Words.split("-D 'a b"));
  }
}
