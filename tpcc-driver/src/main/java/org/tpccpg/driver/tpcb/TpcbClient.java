package org.tpccpg.driver.tpcb;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.SplittableRandom;
import org.tpccpg.core.sql.ConnectionFactory;
import org.tpccpg.core.tpcb.TpcbInput;
import org.tpccpg.core.tpcb.TpcbInputGenerator;
import org.tpccpg.core.tpcb.TpcbScale;
import org.tpccpg.core.tpcb.TpcbStatements;

/**
 * One pgbench client on a thread of its own: draws a script by weight, runs its commands, records
 * the latency, and repeats until the run stops or its {@code -t} transactions are done. With {@code
 * -C} each transaction gets a new connection. Nothing on the loop takes a lock; per transaction it
 * allocates an input record and PgJDBC's result set.
 */
final class TpcbClient implements Runnable {
  private final int id;
  private final TpcbRunConfig config;
  private final ConnectionFactory connections;
  private final boolean bigintAccountIds;
  private final TpcbInputGenerator generator;
  private final SplittableRandom random;
  private final ClientStats stats;
  private final RunGate gate;
  private final PrintWriter err;
  private final BuiltinScript[] scripts;
  private final ScriptCommand[][] commands;
  private final int[] cumulativeWeights;
  private Session session;
  private int lastCommand;
  private volatile Throwable failure;

  TpcbClient(
      int id,
      TpcbRunConfig config,
      ConnectionFactory connections,
      TpcbScale scale,
      SplittableRandom random,
      ClientStats stats,
      RunGate gate,
      PrintWriter err) {
    this.id = id;
    this.config = config;
    this.connections = connections;
    this.bigintAccountIds = scale.bigintAccountIds();
    this.random = random;
    this.generator = new TpcbInputGenerator(random.split(), scale);
    this.stats = stats;
    this.gate = gate;
    this.err = err;
    int n = config.scripts().size();
    this.scripts = new BuiltinScript[n];
    this.commands = new ScriptCommand[n][];
    this.cumulativeWeights = new int[n];
    int total = 0;
    for (int i = 0; i < n; i++) {
      WeightedScript weighted = config.scripts().get(i);
      scripts[i] = weighted.script();
      commands[i] = weighted.script().commands().toArray(ScriptCommand[]::new);
      total += weighted.weight();
      cumulativeWeights[i] = total;
    }
  }

  /** Why the client stopped early, or null. */
  Throwable failure() {
    return failure;
  }

  @Override
  public void run() {
    boolean ready = false;
    try {
      if (!config.connectPerTransaction()) {
        session = connect();
      }
      ready = true;
      gate.clientReady();
      if (gate.awaitOpen()) {
        loop();
      }
    } catch (SQLException e) {
      failure = e;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      if (!ready) {
        gate.clientReady(); // connecting failed: do not keep the run waiting
      }
      closeSession();
    }
  }

  private void loop() throws SQLException {
    long limit = config.timed() ? Long.MAX_VALUE : config.transactionsPerClient();
    for (long done = 0; done < limit && gate.running(System.nanoTime()); done++) {
      if (config.connectPerTransaction()) {
        session = connect();
      }
      int script = chooseScript();
      try {
        runTransaction(script);
      } catch (SQLException e) {
        err.println(
            "tpcc tpcb: error: client "
                + id
                + " aborted in command "
                + lastCommand
                + " (SQL) of script "
                + script
                + "; "
                + e.getMessage());
        err.flush();
        throw e;
      }
      if (config.connectPerTransaction()) {
        closeSession();
      }
    }
  }

  private void runTransaction(int script) throws SQLException {
    ScriptCommand[] steps = commands[script];
    boolean perCommand = config.reportPerCommand();
    long start = System.nanoTime();
    long mark = start;
    long aid = 1;
    int bid = 1;
    int tid = 1;
    int delta = 0;
    TpcbInput input = null;
    for (int i = 0; i < steps.length; i++) {
      lastCommand = i;
      switch (steps[i]) {
        case SET_AID -> aid = generator.aid();
        case SET_BID -> bid = generator.bid();
        case SET_TID -> tid = generator.tid();
        case SET_DELTA -> delta = generator.delta();
        case BEGIN -> session.begin.executeUpdate();
        case END -> session.end.executeUpdate();
        default -> {
          if (input == null) {
            input = new TpcbInput(aid, bid, tid, delta);
          }
          session.statements.execute(steps[i].statement(), input);
        }
      }
      if (perCommand) {
        long now = System.nanoTime();
        stats.commandDone(script, i, now - mark);
        mark = now;
      }
    }
    stats.transactionDone(script, (System.nanoTime() - start) / 1_000);
  }

  private int chooseScript() {
    if (scripts.length == 1) {
      return 0;
    }
    int r = random.nextInt(cumulativeWeights[cumulativeWeights.length - 1]);
    int i = 0;
    while (cumulativeWeights[i] <= r) {
      i++;
    }
    return i;
  }

  private Session connect() throws SQLException {
    long start = System.nanoTime();
    Connection connection = connections.open();
    stats.connected(System.nanoTime() - start);
    try {
      connection.setAutoCommit(true);
      return new Session(
          connection,
          new TpcbStatements(connection, bigintAccountIds),
          connection.prepareStatement("BEGIN"),
          connection.prepareStatement("END"));
    } catch (SQLException e) {
      connection.close();
      throw e;
    }
  }

  private void closeSession() {
    Session current = session;
    session = null;
    if (current != null) {
      try {
        current.connection.close();
      } catch (SQLException e) {
        // Closing is best effort; the server ends the session either way.
      }
    }
  }

  /** A connection with its prepared statements. */
  private record Session(
      Connection connection,
      TpcbStatements statements,
      PreparedStatement begin,
      PreparedStatement end) {}
}
