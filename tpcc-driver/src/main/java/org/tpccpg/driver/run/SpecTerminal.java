package org.tpccpg.driver.run;

import java.util.ArrayList;
import java.util.List;
import org.tpccpg.core.random.TpccRandom;
import org.tpccpg.core.tpcc.InputGenerator;
import org.tpccpg.core.tpcc.RunSetup;
import org.tpccpg.core.tpcc.TerminalHome;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.core.tpcc.WorkloadShape;
import org.tpccpg.driver.config.RunConfig;
import org.tpccpg.driver.engine.DueScheduler;
import org.tpccpg.driver.spec.TerminalTimes;
import org.tpccpg.driver.spec.TransactionDeck;

/**
 * One TPC-C terminal in spec mode (TPC-C 5.2.5): bound to its home warehouse and district, it deals
 * its next transaction from its own deck, keys it, submits it, and thinks. Not a thread: a few
 * fields that a worker updates when it runs the terminal's transaction, and that wait in the {@link
 * DueScheduler} until the terminal's next transaction is due (at the end of its keying).
 *
 * <p>Only one worker holds a terminal at a time (the scheduler hands it out once); the reporter
 * reads the two times without a lock to count the terminals thinking, keying and in a transaction.
 */
final class SpecTerminal implements DueScheduler.Due {
  /** What a terminal is doing at a given moment. */
  enum State {
    THINKING,
    KEYING,
    /** Submitted: waiting for a worker or a connection, or running. */
    IN_TRANSACTION
  }

  private final int id;
  private final TpccRandom random;
  private final InputGenerator inputs;
  private final TransactionDeck deck = new TransactionDeck();
  private TransactionType next;
  private volatile long thinkEndNanos;
  private volatile long dueNanos;

  /**
   * @param id the terminal's number, from 1
   * @param random the terminal's own random, with the run's NURand constants
   */
  SpecTerminal(int id, TpccRandom random, InputGenerator inputs) {
    this.id = id;
    this.random = random;
    this.inputs = inputs;
  }

  /**
   * The {@code count} terminals of a run, ten per home warehouse ({@link TerminalHome#ofTerminal}),
   * terminal n with the random source {@link RunSetup#random} gives terminal n of any run: the
   * run's seed, its NURand constants, and in a scale-out run its drivers told apart.
   */
  static List<SpecTerminal> forRun(RunConfig config, int count) {
    RunSetup setup = config.setup();
    WorkloadShape shape = config.shape();
    List<SpecTerminal> terminals = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      TpccRandom random = setup.random(i + 1);
      TerminalHome home = TerminalHome.ofTerminal(i, shape);
      terminals.add(
          new SpecTerminal(i + 1, random, InputGenerator.forTerminal(random, shape, home)));
    }
    return terminals;
  }

  int id() {
    return id;
  }

  TerminalHome home() {
    return inputs.home();
  }

  InputGenerator inputs() {
    return inputs;
  }

  /** The type of the transaction the terminal keys or has submitted. */
  TransactionType next() {
    return next;
  }

  @Override
  public long dueNanos() {
    return dueNanos;
  }

  /**
   * The first cycle, from the start of the run: a think time as after a transaction of the type
   * dealt first, then its keying. Terminals thus start spread out instead of all at once; the
   * ramp-up covers the time the spread takes to settle.
   */
  void begin(long startNanos, TerminalTimes times) {
    next = deck.next(random);
    schedule(startNanos + times.thinkNanos(next, random.uniformDouble()), times);
  }

  /**
   * The submitted transaction ended (or was queued, for a deferred Delivery) at {@code nowNanos}:
   * the terminal thinks, deals its next card and keys it.
   *
   * @return the think time drawn, in nanoseconds
   */
  long finished(long nowNanos, TerminalTimes times) {
    TransactionType done = next;
    next = deck.next(random);
    long think = times.thinkNanos(done, random.uniformDouble());
    schedule(nowNanos + think, times);
    return think;
  }

  private void schedule(long thinkEnd, TerminalTimes times) {
    thinkEndNanos = thinkEnd;
    dueNanos = thinkEnd + times.keyingNanos(next);
  }

  /** What the terminal does at {@code nowNanos}; for the report, so a racy read is fine. */
  State state(long nowNanos) {
    if (nowNanos - dueNanos >= 0) {
      return State.IN_TRANSACTION;
    }
    return nowNanos - thinkEndNanos >= 0 ? State.KEYING : State.THINKING;
  }
}
