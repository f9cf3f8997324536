package org.tpccpg.driver.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;
import org.tpccpg.driver.metrics.OutageTracker;

/**
 * Runs one workload's clients under one {@link EngineConfig}: starts them, opens the gate once all
 * are connected (the time limit counts from there), stops them on request, and ends the run at its
 * end whatever the server does. It knows no SQL and prints nothing; the workload's recorders hold
 * the figures and its formats print them.
 *
 * <p>Use: {@link #start()}, then {@link #awaitEnd()}; {@link #requestStop()} from any thread.
 */
public final class Engine {
  /**
   * How long past its end (the time limit, a stop request, a fatal error) the run waits for clients
   * to finish their current transaction before it closes their connections under them, unless its
   * {@link EngineConfig#endGraceNanos} says otherwise.
   */
  public static final long END_GRACE_NANOS = TimeUnit.SECONDS.toNanos(2);

  /** How long it then waits for those clients before leaving them behind (they are daemons). */
  public static final long ABORT_WAIT_NANOS = TimeUnit.SECONDS.toNanos(2);

  /**
   * How long a client may wait in one transaction before it counts as stalled ({@link
   * #watchStalls}): far above any transaction of a run that makes progress, well below a run's
   * length.
   */
  public static final long STALL_NANOS = TimeUnit.SECONDS.toNanos(10);

  private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
  private static final long ABORT_POLL_MILLIS = 50;

  private final EngineConfig config;
  private final RunControl control;
  private final OutageMonitor outages;
  private final LongSupplier transactions;
  private final List<Client> clients = new ArrayList<>();
  private final List<Thread> threads = new ArrayList<>();
  private StallWatch stallWatch;
  private StallListener stallListener;
  private long[] tryStarts;

  /**
   * @param works one per client, in client order
   * @param recorders one per client, in client order
   * @param transactions the run's ended transactions so far, for the outages' throughput
   * @param threadKind what the clients run on
   */
  public Engine(
      EngineConfig config,
      List<? extends ClientWork> works,
      List<? extends ClientRecorder> recorders,
      LongSupplier transactions,
      ClientThreads.Kind threadKind) {
    this.config = Objects.requireNonNull(config, "config");
    if (works.size() != config.clients() || recorders.size() != config.clients()) {
      throw new IllegalArgumentException(
          "need "
              + config.clients()
              + " works and recorders but got "
              + works.size()
              + " and "
              + recorders.size());
    }
    this.control = new RunControl(config.clients(), config.timeNanos(), config.transactionBudget());
    this.transactions = Objects.requireNonNull(transactions, "transactions");
    this.outages = new OutageMonitor(transactions);
    SplittableRandom seeds = new SplittableRandom(config.seed());
    for (int i = 0; i < config.clients(); i++) {
      Client client =
          new Client(i, config, works.get(i), recorders.get(i), control, outages, seeds.split());
      clients.add(client);
      Thread thread = ClientThreads.unstarted(threadKind, "tpcc-client-" + (i + 1), client);
      thread.setDaemon(true); // one the server never answers must not keep the JVM alive
      threads.add(thread);
    }
  }

  /**
   * Watches the clients once a second from the start: one that has been in a transaction for longer
   * than {@code thresholdNanos} is told to {@code listener} once. When no transaction of any client
   * has ended for that long either, the stalled clients count as an outage (in {@link #outages()})
   * from the last transaction that ended until one ends again. Before {@link #start}.
   */
  public void watchStalls(long thresholdNanos, StallListener listener) {
    this.stallWatch = new StallWatch(clients.size(), thresholdNanos);
    this.stallListener = Objects.requireNonNull(listener, "listener");
    this.tryStarts = new long[clients.size()];
  }

  /**
   * Starts the clients, waits until each has connected, and opens the gate.
   *
   * @param atStart called with the start time just before the gate opens, to set up what samples
   *     the run from its first transaction on
   * @return when the run started ({@link System#nanoTime()}), or -1 when a client could not start
   *     (see {@link #fatalError()}) or the run was stopped first: then every client has ended
   */
  public long start(LongConsumer atStart) throws InterruptedException {
    threads.forEach(Thread::start);
    control.awaitClients();
    if (control.stopRequested()) {
      joinAll();
      return -1;
    }
    long startNanos = System.nanoTime();
    if (stallWatch != null) {
      stallWatch.begin(startNanos, transactions.getAsLong());
    }
    outages.start(startNanos, this::checkStalls);
    atStart.accept(startNanos);
    control.open(startNanos);
    return startNanos;
  }

  /** Stops the clients after their current transaction. Safe from any thread. */
  public void requestStop() {
    control.requestStop();
  }

  /**
   * Waits for the clients to end; once the run is {@link EngineConfig#endGraceNanos} past its end,
   * closes the connections of those still busy (a server that stopped answering leaves them in a
   * socket read) and waits {@link #ABORT_WAIT_NANOS} more at most.
   */
  public Ending awaitEnd() throws InterruptedException {
    try {
      for (Thread thread : threads) {
        while (thread.isAlive()) {
          long graceLeft = control.endNanos() + config.endGraceNanos() - System.nanoTime();
          if (graceLeft <= 0) {
            return abortBusy();
          }
          TimeUnit.NANOSECONDS.timedJoin(thread, Math.min(graceLeft, POLL_NANOS));
        }
      }
      return new Ending(0, 0);
    } finally {
      control.requestStop();
      outages.stop();
    }
  }

  private Ending abortBusy() throws InterruptedException {
    control.abortAtEnd();
    long until = System.nanoTime() + ABORT_WAIT_NANOS;
    int aborted = -1;
    int alive;
    do {
      alive = 0;
      for (int i = 0; i < threads.size(); i++) {
        Thread thread = threads.get(i);
        if (thread.isAlive()) {
          alive++;
          clients.get(i).abort(); // again: it may have connected anew meanwhile
          thread.interrupt();
        }
      }
      aborted = aborted < 0 ? alive : aborted;
      if (alive > 0) {
        TimeUnit.MILLISECONDS.sleep(ABORT_POLL_MILLIS);
      }
    } while (alive > 0 && System.nanoTime() - until < 0);
    int leftBehind = (int) threads.stream().filter(Thread::isAlive).count();
    return new Ending(aborted, leftBehind);
  }

  /** On the outage monitor's thread, once a second. */
  private void checkStalls() {
    if (stallWatch == null || !control.running()) {
      return; // past its end, a run that ends nothing more is not stalled
    }
    for (int i = 0; i < tryStarts.length; i++) {
      tryStarts[i] = clients.get(i).tryStartNanos();
    }
    stallWatch.check(
        System.nanoTime(),
        tryStarts,
        transactions.getAsLong(),
        new StallWatch.Listener() {
          @Override
          public void stalled(int client, long sinceNanos, long nowNanos, boolean runStalled) {
            stallListener.stalled(client + 1, nowNanos - sinceNanos, runStalled);
          }

          @Override
          public void resumed(int client, long sinceNanos, long nowNanos) {}

          @Override
          public void outageJoined(int client, long atNanos) {
            outages.stalled(client, atNanos);
          }

          @Override
          public void outageLeft(int client) {
            outages.reconnected();
          }
        });
  }

  private void joinAll() throws InterruptedException {
    for (Thread thread : threads) {
      thread.join();
    }
  }

  /** The first error that stopped the run (or a client before the start), or null. */
  public Throwable fatalError() {
    return control.fatalError();
  }

  /** The errors that stopped single clients, in client order (null for those that ran on). */
  public List<Throwable> clientFailures() {
    List<Throwable> failures = new ArrayList<>();
    for (Client client : clients) {
      failures.add(client.failure());
    }
    return failures;
  }

  /** Whether the run's transaction budget ({@code --events}, {@code -t}) ran out. */
  public boolean budgetSpent() {
    return control.budgetSpent();
  }

  /** Whether a stop was requested (a signal, a fatal error, the end). */
  public boolean stopRequested() {
    return control.stopRequested();
  }

  /** Whether an outage is going on (a client lost its connection and has not got one again). */
  public boolean inOutage() {
    return outages.inOutage();
  }

  /**
   * The outages every client is out of again (each client has a connection): those of {@link
   * #outages()} but one still going on, which is the last.
   */
  public int outagesEnded() {
    return outages.outages().size() - (outages.inOutage() ? 1 : 0);
  }

  /** The outages so far, in the order they started. */
  public List<OutageTracker.Outage> outages() {
    return outages.outages();
  }

  /**
   * How the clients ended past the run's end.
   *
   * @param aborted clients whose connections the run closed, still waiting for the server
   * @param leftBehind of those, the ones that had not ended even then
   */
  public record Ending(int aborted, int leftBehind) {}
}
