package org.tpccpg.driver.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.tpccpg.core.tpcc.Dispatcher;
import org.tpccpg.driver.config.ConnectionMode;
import org.tpccpg.driver.config.RunConfig;
import org.tpccpg.driver.durability.AckRing;
import org.tpccpg.driver.durability.CommitLedger;
import org.tpccpg.driver.engine.ClientRecorder;
import org.tpccpg.driver.engine.ClientWork;
import org.tpccpg.driver.engine.CountingRecorder;
import org.tpccpg.driver.engine.DueScheduler;
import org.tpccpg.driver.metrics.ClientCounters;
import org.tpccpg.driver.metrics.ConnectionTimes;
import org.tpccpg.driver.metrics.KindLatencies;
import org.tpccpg.driver.metrics.SpecTimes;
import org.tpccpg.driver.report.TransactionTable;
import org.tpccpg.driver.spec.SpecKinds;

/**
 * The clients of a spec run on one pool: a worker per pooled connection running the terminals'
 * transactions as they fall due, and the deferred-Delivery executors. Each client has its own
 * counters, connection times and runner; all record into one set of latencies per kind of {@link
 * SpecKinds#KINDS}. The runners have no inputs of their own: the terminals key theirs.
 */
final class SpecClients {
  private final RunConfig config;
  private final ConnectionPool pool;
  private final KindLatencies latencies = new KindLatencies(SpecKinds.KINDS.size());
  private final List<ClientCounters> counters = new ArrayList<>();
  private final List<ConnectionTimes> connects = new ArrayList<>();
  private final List<TransactionRunner> runners = new ArrayList<>();
  private final Group workers = new Group();
  private final Group executors = new Group();

  /** Works and their recorders, in client order, as an engine takes them. */
  static final class Group {
    final List<ClientWork> works = new ArrayList<>();
    final List<ClientRecorder> recorders = new ArrayList<>();

    int size() {
      return works.size();
    }
  }

  private SpecClients(RunConfig config, ConnectionPool pool) {
    this.config = config;
    this.pool = pool;
  }

  /**
   * {@code config.poolSize()} workers taking terminals from {@code scheduler} and {@code executors}
   * executors taking from {@code deliveries}.
   */
  static SpecClients on(
      ConnectionPool pool,
      RunConfig config,
      SpecConfig spec,
      DueScheduler<SpecTerminal> scheduler,
      DeliveryQueue deliveries,
      SpecTimes specTimes,
      CommitLedger ledger) {
    SpecClients clients = new SpecClients(config, pool);
    for (int i = 0; i < config.poolSize(); i++) {
      TpccSession session = clients.session();
      TerminalWork work =
          new TerminalWork(
              session,
              clients.runner(ledger == null ? null : ledger.ring()),
              scheduler,
              deliveries,
              spec.times(),
              specTimes);
      CountingRecorder recorder = clients.recorder();
      work.recordTo(recorder);
      clients.workers.works.add(work);
      clients.workers.recorders.add(recorder);
    }
    for (int i = 0; i < spec.deliveryExecutors(); i++) {
      DeliveryWork work =
          new DeliveryWork(clients.session(), clients.runner(null), deliveries, SpecKinds.DEFERRED);
      clients.executors.works.add(work);
      clients.executors.recorders.add(
          new DeliveryWork.Recorder(clients.recorder(), deliveries, specTimes, work));
    }
    return clients;
  }

  Group workers() {
    return workers;
  }

  Group executors() {
    return executors;
  }

  KindLatencies latencies() {
    return latencies;
  }

  /** Every client's counters: the workers', then the executors'. */
  List<ClientCounters> counters() {
    return counters;
  }

  /** Transactions ended so far, over every client. */
  long completed() {
    return counters.stream().mapToLong(ClientCounters::completed).sum();
  }

  /** The average wait for a pooled connection, in milliseconds. */
  double poolWaitMillis() {
    return ConnectionTimes.averageMillis(connects);
  }

  /** The Deliveries' districts delivered and skipped, for the transaction table; after the run. */
  Map<String, Long> deliveryCounts() {
    return TransactionTable.deliveryCounts(
        runners.stream().mapToLong(TransactionRunner::districtsDelivered).sum(),
        runners.stream().mapToLong(TransactionRunner::districtsSkipped).sum());
  }

  private TpccSession session() {
    ConnectionTimes times = new ConnectionTimes();
    connects.add(times);
    return new TpccSession(pool, config.isolation(), ConnectionMode.POOLED, times);
  }

  /**
   * A client's counters and runner; the runner counts into the counters.
   *
   * @param acks where its committed New-Orders go, or null (a delivery executor, no ledger)
   */
  private TransactionRunner runner(AckRing acks) {
    ClientCounters own = new ClientCounters(SpecKinds.KINDS.size());
    counters.add(own);
    // a dispatcher per client, as an ordinary run's terminals each have one
    TransactionRunner runner =
        new TransactionRunner(
            new Dispatcher(config.txnMode().transactions(config.shape())),
            new CountingStatements(own),
            acks);
    if (config.splittable()) {
      runner.declareAccess();
    }
    runners.add(runner);
    return runner;
  }

  /** The recorder of the client whose runner was made last. */
  private CountingRecorder recorder() {
    return new CountingRecorder(counters.get(counters.size() - 1), latencies, 0);
  }
}
