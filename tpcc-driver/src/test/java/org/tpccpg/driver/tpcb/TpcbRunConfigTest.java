package org.tpccpg.driver.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.tpccpg.driver.connect.StatementMode;

class TpcbRunConfigTest {
  private static TpcbRunConfig config(int clients, int threads) {
    return new TpcbRunConfig(
        List.of(new WeightedScript(BuiltinScript.TPCB_LIKE, 1)),
        clients,
        threads,
        0,
        10,
        StatementMode.SIMPLE,
        false,
        0,
        false,
        1,
        VacuumMode.NONE,
        RunLimits.DEFAULT,
        TxnLogOptions.NONE);
  }

  private static List<Integer> threads(TpcbRunConfig config) {
    return IntStream.range(0, config.clients()).map(config::threadOf).boxed().toList();
  }

  @Test
  void clientsAreDealtToThreadsInOrderTheFirstOnesTakingTheRemainder() {
    // pgbench: thread i runs nclients / nthreads clients, plus one while i < nclients % nthreads
    assertEquals(List.of(0, 0, 1), threads(config(3, 2)));
    assertEquals(List.of(0, 0, 0, 1, 1, 2, 2), threads(config(7, 3)));
    assertEquals(List.of(0, 1, 2, 3), threads(config(4, 4)));
    assertEquals(List.of(0, 0, 0, 0), threads(config(4, 1)));
  }
}
