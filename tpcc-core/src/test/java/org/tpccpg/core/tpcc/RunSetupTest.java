package org.tpccpg.core.tpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.random.NuRandConstants;
import org.tpccpg.core.random.TpccRandom;
import org.tpccpg.core.schema.DataSetInfo;

class RunSetupTest {
  private static final NuRandConstants LOAD = new NuRandConstants(157, 259, 7911);
  private static final WorkloadShape SHAPE = WorkloadShape.of(2, 3);
  private static final DataSetInfo DATA_SET =
      new DataSetInfo(2, 3, 7, LOAD, "x", false, Instant.EPOCH, true, 0, false);

  private static List<TransactionInput> draw(Terminal terminal, int count) {
    List<TransactionInput> drawn = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      drawn.add(terminal.next());
    }
    return drawn;
  }

  private static Terminal terminal(long seed, int id) {
    return RunSetup.of(DATA_SET::runConstants, SHAPE, seed)
        .terminal(id, new StatementTransactions(SHAPE));
  }

  @Test
  void theRunsConstantsKeepTpccsDistanceFromTheLoads() {
    NuRandConstants run = RunSetup.of(DATA_SET::runConstants, SHAPE, 42).runConstants();
    assertTrue(NuRandConstants.isValidRunDelta(LOAD.cLast(), run.cLast()), run.toString());
    assertEquals(run, RunSetup.of(DATA_SET::runConstants, SHAPE, 42).runConstants());
  }

  @Test
  void theSameSeedAndTerminalDrawTheSameInputs() {
    assertEquals(draw(terminal(42, 3), 200), draw(terminal(42, 3), 200));
  }

  @Test
  void terminalsAndSeedsDrawStreamsOfTheirOwn() {
    assertNotEquals(draw(terminal(42, 3), 50), draw(terminal(42, 4), 50));
    assertNotEquals(draw(terminal(42, 3), 50), draw(terminal(43, 3), 50));
  }

  @Test
  void aTerminalDrawsWhatTheFourStepsOfHandSetUpDraw() {
    // The mix and the generator share the terminal's random, in this order: type, then input.
    RunSetup setup = RunSetup.of(DATA_SET::runConstants, SHAPE, 42);
    TpccRandom random = new TpccRandom(TpccRandom.mix(42, 5), setup.runConstants());
    TransactionMix mix = new TransactionMix(false);
    InputGenerator inputs = new InputGenerator(random, SHAPE);
    Terminal terminal = setup.terminal(5, new StatementTransactions(SHAPE));
    for (int i = 0; i < 200; i++) {
      TransactionType type = mix.next(random);
      TransactionInput expected =
          switch (type) {
            case NEW_ORDER -> inputs.newOrder();
            case PAYMENT -> inputs.payment();
            case ORDER_STATUS -> inputs.orderStatus();
            case DELIVERY -> inputs.delivery();
            case STOCK_LEVEL -> inputs.stockLevel();
            case PURGE -> inputs.purge();
          };
      assertEquals(expected, terminal.next());
    }
  }

  @Test
  void anInputDrawnForATypeIsOfThatType() {
    Terminal terminal = terminal(42, 1);
    for (TransactionType type : TransactionType.values()) {
      assertEquals(type, terminal.next(type).type());
    }
  }

  @Test
  void theMixDrawsPurgeOnlyWhenAsked() {
    Terminal withoutPurge = terminal(42, 1);
    Terminal withPurge =
        RunSetup.of(DATA_SET::runConstants, SHAPE, 42)
            .terminal(1, new StatementTransactions(SHAPE), true);
    boolean purged = false;
    for (int i = 0; i < 5000; i++) {
      assertNotEquals(TransactionType.PURGE, withoutPurge.nextType());
      purged |= withPurge.nextType() == TransactionType.PURGE;
    }
    assertTrue(purged, "no purge in 5000 draws with purge enabled");
  }
}
