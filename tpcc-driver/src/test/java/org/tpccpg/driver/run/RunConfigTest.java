package org.tpccpg.driver.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.random.NuRandConstants;
import org.tpccpg.core.schema.DataSetInfo;
import org.tpccpg.core.tpcc.WorkloadShape;
import org.tpccpg.driver.connect.StatementMode;

class RunConfigTest {
  private static RunConfig config(ConnectionMode mode, int poolSize) {
    DataSetInfo info =
        new DataSetInfo(
            1, 2, 7, new NuRandConstants(100, 200, 300), "t", true, Instant.EPOCH, true, 0, false);
    return new RunConfig(
        new WorkloadShape(1, 2, false),
        info,
        8,
        10,
        0,
        1,
        95,
        false,
        0,
        0,
        IsolationLevel.RC,
        StatementMode.PREPARED,
        false,
        false,
        42,
        0,
        false,
        mode,
        poolSize);
  }

  @Test
  void aPoolNeedsASizeAndOnlyAPoolHasOne() {
    assertEquals(2, config(ConnectionMode.POOLED, 2).poolSize());
    assertEquals(0, config(ConnectionMode.PER_TRANSACTION, 0).poolSize());
    IllegalArgumentException noSize =
        assertThrows(IllegalArgumentException.class, () -> config(ConnectionMode.POOLED, 0));
    assertEquals(
        "poolSize must be >= 1 with a pool and 0 without but was 0 with POOLED",
        noSize.getMessage());
    assertThrows(IllegalArgumentException.class, () -> config(ConnectionMode.DEDICATED, 4));
  }
}
