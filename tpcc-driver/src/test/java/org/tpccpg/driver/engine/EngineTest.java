package org.tpccpg.driver.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.sql.SqlStateClass;

/**
 * The engine's rules, the same for every workload: budgets, pacing, retries and what a failed
 * transaction becomes, reconnecting and outages, stopping on request and at the end. The workload
 * here is scripted (each try's outcome is given in advance) and its "server" answers at once, so
 * every count is exact and the timing is the engine's own.
 */
class EngineTest {
  private static final long SECOND = TimeUnit.SECONDS.toNanos(1);
  private static final String OK = "ok";

  /**
   * A session that opens at once; after its first open, the next ones fail with the SQLSTATEs
   * queued, one each.
   */
  static final class FakeSession implements ClientSession {
    final Deque<String> failingOpens = new ArrayDeque<>();
    final AtomicInteger opens = new AtomicInteger();
    final CountDownLatch aborted = new CountDownLatch(1);
    volatile boolean open;
    volatile String startFailure;

    @Override
    public void start() throws SQLException {
      if (startFailure != null) {
        throw new SQLException("cannot connect", startFailure);
      }
      open();
    }

    @Override
    public boolean isOpen() {
      return open;
    }

    @Override
    public synchronized void open() throws SQLException {
      if (open) {
        return;
      }
      String state = opens.get() == 0 ? null : failingOpens.poll();
      if (state != null) {
        throw new SQLException("cannot connect", state);
      }
      opens.incrementAndGet();
      open = true;
    }

    @Override
    public void transactionEnded() {}

    @Override
    public long takeConnectNanos() {
      return 0;
    }

    @Override
    public void close() {
      open = false;
    }

    @Override
    public void abort() {
      aborted.countDown();
    }
  }

  /**
   * A workload whose tries end as scripted: {@link #OK}, "slow" (5 ms, then OK), a SQLSTATE to fail
   * with, or "block" to wait for {@link ClientSession#abort()}; once the script is used up every
   * try succeeds. Kinds count up from 0 with each draw.
   */
  static class ScriptedWork implements ClientWork {
    final FakeSession session = new FakeSession();
    final Deque<String> tries = new ArrayDeque<>();
    final AtomicInteger executed = new AtomicInteger();
    int draws;

    ScriptedWork(String... outcomes) {
      tries.addAll(List.of(outcomes));
    }

    @Override
    public ClientSession session() {
      return session;
    }

    @Override
    public int draw() {
      return draws++;
    }

    @Override
    public boolean execute() throws SQLException {
      executed.incrementAndGet();
      String outcome = tries.isEmpty() ? OK : tries.poll();
      if (outcome.equals("slow")) {
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
        return true;
      }
      if (outcome.equals("block")) {
        try {
          session.aborted.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        throw new SQLException("connection aborted", "08006");
      }
      if (!outcome.equals(OK)) {
        throw new SQLException("failed", outcome);
      }
      return true;
    }

    @Override
    public void rollback() {}
  }

  /** Writes down what the engine told it, in order. */
  static final class Log implements ClientRecorder {
    final List<String> events = new ArrayList<>();
    final List<Long> latencies = new ArrayList<>();
    int completed;
    int stopped;

    @Override
    public synchronized void completed(
        int kind, long latencyNanos, long lagNanos, int tries, boolean committed) {
      completed++;
      latencies.add(latencyNanos);
      events.add("completed " + kind + " after " + tries);
    }

    @Override
    public synchronized void tryFailed(int kind, SqlStateClass failure, boolean retrying) {
      events.add("try of " + kind + " failed: " + failure + (retrying ? ", retrying" : ""));
    }

    @Override
    public synchronized void failed(int kind, SqlStateClass failure, int tries) {
      events.add("failed " + kind + ": " + failure + " after " + tries);
    }

    @Override
    public synchronized void skipped(int kind) {
      events.add("skipped " + kind);
    }

    @Override
    public synchronized void reconnected() {
      events.add("reconnected");
    }

    @Override
    public synchronized void aborting(int kind, SQLException error) {
      events.add("aborting in " + kind + ": " + error.getSQLState());
    }

    @Override
    public synchronized void failedUnexpectedly(RuntimeException error) {
      events.add("unexpected " + error);
    }

    @Override
    public synchronized void stopped(long nowNanos) {
      stopped++;
    }

    synchronized List<String> events() {
      return List.copyOf(events);
    }
  }

  /** A run of the given works, its logs, and how it ended. */
  record Run(Engine engine, List<ScriptedWork> works, List<Log> logs, Engine.Ending ending) {
    int completed() {
      return logs.stream().mapToInt(l -> l.completed).sum();
    }
  }

  private static Run run(EngineConfig config, IntFunction<ScriptedWork> work)
      throws InterruptedException {
    List<ScriptedWork> works = new ArrayList<>();
    List<Log> logs = new ArrayList<>();
    for (int i = 0; i < config.clients(); i++) {
      works.add(work.apply(i));
      logs.add(new Log());
    }
    Engine engine =
        new Engine(
            config,
            works,
            logs,
            () -> logs.stream().mapToLong(l -> l.completed).sum(),
            ClientThreads.Kind.PLATFORM);
    engine.start(at -> {});
    return new Run(engine, works, logs, engine.awaitEnd());
  }

  @Test
  void aBudgetOverAllClientsAndACountPerClientStartExactlyThatManyTransactions()
      throws InterruptedException {
    Run budget =
        run(EngineConfig.builder(3).transactionBudget(10).build(), i -> new ScriptedWork());
    assertEquals(10, budget.completed());
    Run perClient =
        run(EngineConfig.builder(3).transactionsPerClient(4).build(), i -> new ScriptedWork());
    assertEquals(12, perClient.completed());
    perClient.logs().forEach(l -> assertEquals(4, l.completed));
  }

  @Test
  void aRateIsKeptOverAllClientsAndLatencyCountsFromTheSchedule() throws InterruptedException {
    Run paced =
        run(
            EngineConfig.builder(2).timeNanos(2 * SECOND).rate(100).seed(5).build(),
            i -> new ScriptedWork());
    double perSecond = paced.completed() / 2.0;
    assertTrue(perSecond > 70 && perSecond < 130, "about 100 per second: " + perSecond);

    // 400 per second asked of one client whose tries take 5 ms: it falls behind its schedule, and
    // the latencies show the delay instead of hiding it (coordinated omission).
    Run behind =
        run(
            EngineConfig.builder(1).transactionsPerClient(100).rate(400).seed(5).build(),
            i -> new ScriptedWork(Collections.nCopies(100, "slow").toArray(String[]::new)));
    long worst = behind.logs().get(0).latencies.stream().mapToLong(Long::longValue).max().orElse(0);
    assertTrue(worst > TimeUnit.MILLISECONDS.toNanos(100), "the last ones waited: " + worst);
  }

  /**
   * One transaction in 1,000 s asked, for 400 ms: the first is scheduled after the end almost
   * surely (p = 0.0004). pgbench's client stops at once and the run ends long before its time;
   * sysbench's waits for the end.
   */
  @Test
  void aClientWhoseNextTransactionIsScheduledPastTheEndStopsAtOnceUnderPgbenchsRules()
      throws InterruptedException {
    long limit = TimeUnit.MILLISECONDS.toNanos(400);
    for (boolean stops : new boolean[] {true, false}) {
      EngineConfig config =
          EngineConfig.builder(2)
              .timeNanos(limit)
              .rate(0.001)
              .seed(11)
              .scheduledPastEndStops(stops)
              .build();
      long start = System.nanoTime();
      Run run = run(config, i -> new ScriptedWork());
      long took = System.nanoTime() - start;
      assertEquals(0, run.completed());
      assertEquals(
          stops, took < limit / 2, (stops ? "stopped at once" : "waited") + ": " + took + " ns");
      assertTrue(stops || took >= limit, "waited for the end: " + took + " ns");
    }
  }

  @Test
  void aWorkWithItsOwnScheduleHasLatencyCountedFromItAndEndsTheClientWhenItHasNoMore()
      throws InterruptedException {
    // Three transactions, each meant to have started 50 ms before it is drawn: the latency counts
    // from there, and the fourth draw ends the client.
    long late = TimeUnit.MILLISECONDS.toNanos(50);
    Run own =
        run(
            EngineConfig.builder(1).build(),
            i ->
                new ScriptedWork() {
                  long due;

                  @Override
                  public int draw() {
                    if (draws == 3) {
                      return NO_MORE;
                    }
                    due = System.nanoTime() - late;
                    return draws++;
                  }

                  @Override
                  public long scheduledStartNanos() {
                    return due;
                  }
                });
    assertEquals(3, own.completed());
    own.logs().get(0).latencies.forEach(l -> assertTrue(l >= late, "from the schedule: " + l));
    assertEquals(0, own.ending().aborted());
  }

  @Test
  void transactionsThatCannotStartWithinTheLatencyLimitAreSkipped() throws InterruptedException {
    // One client asked for 2,000 per second, each try taking 5 ms: most starts are already late.
    Run late =
        run(
            EngineConfig.builder(1)
                .transactionsPerClient(200)
                .rate(2_000)
                .latencyLimitNanos(TimeUnit.MILLISECONDS.toNanos(2))
                .skipLate(true)
                .build(),
            i -> new ScriptedWork(Collections.nCopies(200, "slow").toArray(String[]::new)));
    long skipped = late.logs().get(0).events().stream().filter(e -> e.startsWith("skip")).count();
    assertEquals(200, skipped + late.completed(), "every start is either run or skipped");
    assertTrue(skipped > 100, "most were skipped: " + skipped);
  }

  @Test
  void aConflictIsTriedAgainWithTheSameInputUntilTheTriesAreUsedUp() throws InterruptedException {
    Run run =
        run(
            EngineConfig.builder(1).transactionsPerClient(2).maxTries(3).build(),
            i -> new ScriptedWork("40001", "40P01", OK, "40001", "40001", "40001"));
    assertEquals(
        List.of(
            "try of 0 failed: SERIALIZATION_FAILURE, retrying",
            "try of 0 failed: DEADLOCK, retrying",
            "completed 0 after 3",
            "try of 1 failed: SERIALIZATION_FAILURE, retrying",
            "try of 1 failed: SERIALIZATION_FAILURE, retrying",
            "try of 1 failed: SERIALIZATION_FAILURE",
            "failed 1: SERIALIZATION_FAILURE after 3"),
        run.logs().get(0).events());
  }

  @Test
  void underTheEventRuleAFailedTransactionGivesWayToANewOneInTheSameEvent()
      throws InterruptedException {
    Run run =
        run(
            EngineConfig.builder(1)
                .transactionsPerClient(1)
                .afterLastTry(EngineConfig.AfterLastTry.REDRAW)
                .survivable(
                    EnumSet.of(
                        SqlStateClass.SERIALIZATION_FAILURE,
                        SqlStateClass.DEADLOCK,
                        SqlStateClass.UNIQUE_VIOLATION))
                .build(),
            i -> new ScriptedWork("40P01", "23505", OK));
    assertEquals(
        List.of(
            "try of 0 failed: DEADLOCK",
            "try of 1 failed: UNIQUE_VIOLATION",
            "completed 2 after 1"),
        run.logs().get(0).events());
  }

  @Test
  void anErrorItCannotSurviveStopsOnlyThatClientUnlessItEndsTheRun() throws InterruptedException {
    Run pgbench =
        run(
            EngineConfig.builder(2).transactionsPerClient(5).build(),
            i -> i == 0 ? new ScriptedWork(OK, "42P01") : new ScriptedWork());
    assertEquals(
        List.of("completed 0 after 1", "aborting in 1: 42P01"), pgbench.logs().get(0).events());
    assertEquals(5, pgbench.logs().get(1).completed, "the other client ran on");
    assertInstanceOf(SQLException.class, pgbench.engine().clientFailures().get(0));
    assertNull(pgbench.engine().clientFailures().get(1));
    assertNull(pgbench.engine().fatalError());

    Run sysbench =
        run(
            EngineConfig.builder(2).timeNanos(30 * SECOND).fatalEndsRun(true).build(),
            i -> i == 0 ? new ScriptedWork(OK, "42P01") : new ScriptedWork());
    assertInstanceOf(SQLException.class, sysbench.engine().fatalError());
    assertEquals(0, sysbench.ending().aborted(), "the run ended long before its time limit");
  }

  @Test
  void aWorkThatStopsItsClientAfterACountedTransactionIsToldOnceAndRunsNoMore()
      throws InterruptedException {
    Run run =
        run(
            EngineConfig.builder(1).transactionsPerClient(5).build(),
            i ->
                new ScriptedWork() {
                  @Override
                  public void afterCompleted() throws SQLException {
                    if (draws == 2) {
                      throw new SQLException("left its block open");
                    }
                  }
                });
    assertEquals(
        List.of("completed 0 after 1", "completed 1 after 1", "aborting in 1: null"),
        run.logs().get(0).events(),
        "counted first, then stopped, told once and not taken for a failed try");
    assertInstanceOf(SQLException.class, run.engine().clientFailures().get(0));
  }

  @Test
  void aRuntimeExceptionFromTheWorkIsToldToTheRecorderAndStopsThatClient()
      throws InterruptedException {
    Run run =
        run(
            EngineConfig.builder(2).transactionsPerClient(3).build(),
            i ->
                i == 1
                    ? new ScriptedWork()
                    : new ScriptedWork() {
                      @Override
                      public boolean execute() {
                        throw new IllegalStateException("a bug");
                      }
                    });
    assertEquals(
        List.of("unexpected java.lang.IllegalStateException: a bug"),
        run.logs().get(0).events(),
        "the recorder hears of it, so the run does not end aborted without a reason");
    assertInstanceOf(IllegalStateException.class, run.engine().clientFailures().get(0));
    assertEquals(3, run.logs().get(1).completed, "the other client ran on");
  }

  @Test
  void aLostConnectionFailsTheTransactionAndIsReplacedAfterABackoffAsOneOutage()
      throws InterruptedException {
    long start = System.nanoTime();
    Run run =
        run(
            EngineConfig.builder(1).transactionsPerClient(3).build(),
            i -> new ScriptedWork(OK, "08006"));
    long elapsed = System.nanoTime() - start;
    assertEquals(
        List.of(
            "completed 0 after 1",
            "try of 1 failed: CONNECTION",
            "failed 1: CONNECTION after 1",
            "reconnected",
            "completed 2 after 1"),
        run.logs().get(0).events());
    assertEquals(2, run.works().get(0).session.opens.get());
    assertTrue(elapsed >= Client.FIRST_BACKOFF_NANOS, "it waited before reconnecting");
    assertEquals(1, run.engine().outages().size());
    assertEquals(1, run.engine().outages().get(0).clients());
  }

  @Test
  void reconnectingKeepsTryingWhileTheServerRefusesAndDoublesItsWait() throws InterruptedException {
    long start = System.nanoTime();
    Run run =
        run(
            EngineConfig.builder(1)
                .transactionsPerClient(1)
                .afterLastTry(EngineConfig.AfterLastTry.REDRAW)
                .build(),
            i -> {
              ScriptedWork work = new ScriptedWork("57P01");
              work.session.failingOpens.addAll(List.of("57P03", "08001"));
              return work;
            });
    long elapsed = System.nanoTime() - start;
    assertEquals(
        List.of("try of 0 failed: CONNECTION", "reconnected", "completed 1 after 1"),
        run.logs().get(0).events(),
        "under the event rule the event goes on after the reconnect");
    long waits = Client.backoffNanos(1) + Client.backoffNanos(2) + Client.backoffNanos(3);
    assertTrue(elapsed >= waits, "0.1 s + 0.2 s + 0.4 s at least: " + elapsed);
    assertEquals(1, run.engine().outages().size());
    assertTrue(run.engine().outages().get(0).duration() >= 0.6);
  }

  @Test
  void aWrongPasswordWhileReconnectingStopsTheClient() throws InterruptedException {
    Run run =
        run(
            EngineConfig.builder(1).transactionsPerClient(2).build(),
            i -> {
              ScriptedWork work = new ScriptedWork("08006");
              work.session.failingOpens.add("28P01");
              return work;
            });
    assertEquals(
        List.of("try of 0 failed: CONNECTION", "failed 0: CONNECTION after 1"),
        run.logs().get(0).events());
    assertEquals("28P01", ((SQLException) run.engine().clientFailures().get(0)).getSQLState());
  }

  @Test
  void withExitOnAbortALostConnectionStopsTheClient() throws InterruptedException {
    Run run =
        run(
            EngineConfig.builder(1).transactionsPerClient(3).exitOnAbort(true).build(),
            i -> new ScriptedWork("08006"));
    assertEquals(List.of("aborting in 0: 08006"), run.logs().get(0).events());
    assertEquals(0, run.engine().outages().size());
  }

  @Test
  void aStopRequestEndsEveryClientAfterItsCurrentTransaction() throws Exception {
    List<ScriptedWork> works = List.of(new ScriptedWork(), new ScriptedWork());
    List<Log> logs = List.of(new Log(), new Log());
    Engine engine =
        new Engine(
            EngineConfig.builder(2).build(), works, logs, () -> 0, ClientThreads.Kind.PLATFORM);
    engine.start(at -> {});
    TimeUnit.MILLISECONDS.sleep(200);
    long stopAt = System.nanoTime();
    engine.requestStop();
    Engine.Ending ending = engine.awaitEnd();
    assertTrue(System.nanoTime() - stopAt < SECOND, "ended at once");
    assertEquals(new Engine.Ending(0, 0), ending);
    logs.forEach(l -> assertEquals(1, l.stopped));
    int executed = works.get(0).executed.get();
    TimeUnit.MILLISECONDS.sleep(50);
    assertEquals(executed, works.get(0).executed.get(), "nothing runs after the end");
    assertTrue(executed > 0);
  }

  @Test
  void clientsStuckOnASilentServerAreFreedAtTheEndWithoutCountingAnything()
      throws InterruptedException {
    long start = System.nanoTime();
    Run run =
        run(EngineConfig.builder(2).timeNanos(SECOND / 2).build(), i -> new ScriptedWork("block"));
    long elapsed = System.nanoTime() - start;
    assertEquals(new Engine.Ending(2, 0), run.ending());
    assertTrue(elapsed < SECOND / 2 + Engine.END_GRACE_NANOS + 3 * SECOND, "ended: " + elapsed);
    run.logs().forEach(l -> assertEquals(List.of(), l.events()));
  }

  @Test
  void aClientStuckWhileAnotherCommitsIsToldOnceButIsNoOutage() throws InterruptedException {
    List<ScriptedWork> works = List.of(new ScriptedWork(), new ScriptedWork("block"));
    List<Log> logs = List.of(new Log(), new Log());
    Engine engine =
        new Engine(
            EngineConfig.builder(2).timeNanos(3 * SECOND).build(),
            works,
            logs,
            () -> logs.stream().mapToLong(l -> l.completed).sum(),
            ClientThreads.Kind.PLATFORM);
    List<String> told = new java.util.concurrent.CopyOnWriteArrayList<>();
    engine.watchStalls(
        SECOND / 2, (client, waited, runStalled) -> told.add(client + " " + runStalled));
    engine.start(at -> {});
    engine.awaitEnd();
    assertEquals(List.of("2 false"), told);
    assertEquals(List.of(), engine.outages());
    assertTrue(logs.get(0).completed > 0);
  }

  @Test
  void clientsAllStuckAreToldOnceEachAndCountedAsOneOutageFromTheStart()
      throws InterruptedException {
    List<ScriptedWork> works = List.of(new ScriptedWork("block"), new ScriptedWork("block"));
    List<Log> logs = List.of(new Log(), new Log());
    Engine engine =
        new Engine(
            EngineConfig.builder(2).timeNanos(3 * SECOND).build(),
            works,
            logs,
            () -> logs.stream().mapToLong(l -> l.completed).sum(),
            ClientThreads.Kind.PLATFORM);
    List<String> told = new java.util.concurrent.CopyOnWriteArrayList<>();
    engine.watchStalls(
        SECOND / 2, (client, waited, runStalled) -> told.add(client + " " + runStalled));
    engine.start(at -> {});
    engine.awaitEnd();
    assertEquals(List.of("1 true", "2 true"), told);
    assertEquals(1, engine.outages().size(), engine.outages().toString());
    assertEquals(2, engine.outages().get(0).clients());
    assertTrue(engine.outages().get(0).start() < 0.5, engine.outages().toString());
  }

  @Test
  void clientsThatKeepCommittingAreNeverToldAsStalled() throws InterruptedException {
    List<ScriptedWork> works = List.of(new ScriptedWork(), new ScriptedWork());
    List<Log> logs = List.of(new Log(), new Log());
    Engine engine =
        new Engine(
            EngineConfig.builder(2).timeNanos(2 * SECOND).build(),
            works,
            logs,
            () -> logs.stream().mapToLong(l -> l.completed).sum(),
            ClientThreads.Kind.PLATFORM);
    List<Integer> told = new java.util.concurrent.CopyOnWriteArrayList<>();
    engine.watchStalls(SECOND / 2, (client, waited, runStalled) -> told.add(client));
    engine.start(at -> {});
    engine.awaitEnd();
    assertEquals(List.of(), told);
    assertEquals(List.of(), engine.outages());
  }

  @Test
  void aClientThatCannotConnectAtTheStartStopsTheRunBeforeAnythingRuns()
      throws InterruptedException {
    List<ScriptedWork> works = List.of(new ScriptedWork(), new ScriptedWork());
    works.get(1).session.startFailure = "28P01";
    List<Log> logs = List.of(new Log(), new Log());
    Engine engine =
        new Engine(
            EngineConfig.builder(2).build(), works, logs, () -> 0, ClientThreads.Kind.PLATFORM);
    assertEquals(-1, engine.start(at -> {}));
    assertEquals("28P01", ((SQLException) engine.fatalError()).getSQLState());
    assertEquals(0, works.get(0).executed.get() + works.get(1).executed.get());
  }
}
