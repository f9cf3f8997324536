package org.tpccpg.driver.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.tpccpg.core.random.NuRandConstants;
import org.tpccpg.core.random.TpccRandom;
import org.tpccpg.core.tpcc.InputGenerator;
import org.tpccpg.core.tpcc.TerminalHome;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.core.tpcc.WorkloadShape;
import org.tpccpg.driver.spec.TerminalTimes;

class SpecTerminalTest {
  private static final long SECOND = 1_000_000_000L;

  private static SpecTerminal terminal(long seed) {
    TpccRandom random = new TpccRandom(seed, new NuRandConstants(1, 2, 3));
    WorkloadShape shape = WorkloadShape.of(1, 2);
    return new SpecTerminal(
        1, random, InputGenerator.forTerminal(random, shape, new TerminalHome(1, 2, 3)));
  }

  @Test
  void aCycleIsThinkTimeAfterTheLastTypeThenKeyingTimeOfTheNextAndTheStatesFollowIt() {
    SpecTerminal t = terminal(7);
    TerminalTimes times = TerminalTimes.SPECIFIED;
    t.begin(0, times);
    for (int cycle = 0; cycle < 200; cycle++) {
      long finished = t.dueNanos() + SECOND / 10; // the transaction took 100 ms
      TransactionType done = t.next();
      t.finished(finished, times);
      long keying = times.keyingNanos(t.next());
      long thinkEnd = t.dueNanos() - keying;
      long think = thinkEnd - finished;
      assertTrue(
          think >= 0 && think <= 10 * TerminalTimes.meanThinkSeconds(done) * SECOND,
          "think after " + done + ": " + think);
      assertEquals(SpecTerminal.State.THINKING, t.state(finished));
      if (keying > 0) {
        assertEquals(SpecTerminal.State.KEYING, t.state(thinkEnd));
        assertEquals(SpecTerminal.State.KEYING, t.state(t.dueNanos() - 1));
      }
      assertEquals(SpecTerminal.State.IN_TRANSACTION, t.state(t.dueNanos()));
    }
  }

  @Test
  void terminalsStartSpreadOverTheirFirstThinkTimeNotAllAtOnce() {
    long earliest = Long.MAX_VALUE;
    long latest = Long.MIN_VALUE;
    for (int i = 0; i < 100; i++) {
      SpecTerminal t = terminal(100 + i);
      t.begin(0, TerminalTimes.SPECIFIED);
      earliest = Math.min(earliest, t.dueNanos());
      latest = Math.max(latest, t.dueNanos());
    }
    assertTrue(latest - earliest > 20 * SECOND, "spread: " + (latest - earliest));
  }

  @Test
  void theSameSeedGivesTheSameTypesAndTimes() {
    SpecTerminal a = terminal(5);
    SpecTerminal b = terminal(5);
    a.begin(0, TerminalTimes.SPECIFIED);
    b.begin(0, TerminalTimes.SPECIFIED);
    for (int i = 0; i < 50; i++) {
      assertEquals(a.next(), b.next());
      assertEquals(a.dueNanos(), b.dueNanos());
      a.finished(a.dueNanos(), TerminalTimes.SPECIFIED);
      b.finished(b.dueNanos(), TerminalTimes.SPECIFIED);
    }
    assertEquals(new TerminalHome(1, 2, 3), a.home());
  }
}
