package org.tpccpg.core.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.random.NuRandConstants;
import org.tpccpg.core.random.TpccRandom;

class DataSetInfoTest {
  private static final NuRandConstants LOAD = new NuRandConstants(100, 5, 6);

  private static DataSetInfo info(DataSetInfo.Origin origin) {
    return new DataSetInfo(1, 1, 7, LOAD, "x", true, Instant.EPOCH, true, 0, false, origin);
  }

  @Test
  void theShortConstructorIsADataSetOfThisTool() {
    DataSetInfo info = new DataSetInfo(1, 1, 7, LOAD, "x", true, Instant.EPOCH, true, 0, false);
    assertEquals(DataSetInfo.Origin.THIS_TOOL, info.origin());
    assertTrue(info.loadConstantsKnown());
  }

  @Test
  void aDataSetIsOfPlainTablesUnlessItsRecordSaysCitus() {
    assertEquals("none", info(DataSetInfo.Origin.THIS_TOOL).distribution());
    assertFalse(info(DataSetInfo.Origin.SYSBENCH_TPCC).distributedWithCitus());
    DataSetInfo citus =
        new DataSetInfo(
            1,
            1,
            7,
            LOAD,
            "x",
            true,
            Instant.EPOCH,
            true,
            0,
            false,
            DataSetInfo.Origin.THIS_TOOL,
            "citus");
    assertTrue(citus.distributedWithCitus());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                new DataSetInfo(
                    1,
                    1,
                    7,
                    LOAD,
                    "x",
                    true,
                    Instant.EPOCH,
                    true,
                    0,
                    false,
                    DataSetInfo.Origin.THIS_TOOL,
                    "greenplum"));
    assertEquals("distribution must be none or citus but was greenplum", e.getMessage());
  }

  @Test
  void withTheLoadsConstantsKnownTheRunKeepsTheDeltaOf2161() {
    DataSetInfo info = info(DataSetInfo.Origin.THIS_TOOL);
    TpccRandom r = new TpccRandom(1);
    for (int i = 0; i < 2000; i++) {
      assertTrue(NuRandConstants.isValidRunDelta(100, info.runConstants(r).cLast()));
    }
  }

  @Test
  void withoutThemOnASysbenchLoadTheRunDrawsEveryCFreely() {
    DataSetInfo info = info(DataSetInfo.Origin.SYSBENCH_TPCC);
    assertFalse(info.loadConstantsKnown());
    TpccRandom r = new TpccRandom(1);
    Set<Integer> cLast = new HashSet<>();
    for (int i = 0; i < 20000; i++) {
      cLast.add(info.runConstants(r).cLast());
    }
    assertEquals(256, cLast.size(), "every C_LAST in 0..255, no delta to a placeholder load C");
  }
}
