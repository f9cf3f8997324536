package org.tpccpg.driver.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.jdbc.ServerVersion;
import org.tpccpg.core.tpcb.PartitionMethod;
import org.tpccpg.core.tpcb.TpcbLayout;
import org.tpccpg.core.tpcb.TpcbScale;

class PartitionSupportTest {
  private static final ServerVersion V96 = new ServerVersion(90624);
  private static final ServerVersion V10 = new ServerVersion(100023);
  private static final ServerVersion V11 = new ServerVersion(110022);
  private static final ServerVersion V12 = new ServerVersion(120022);

  private static TpcbLayout layout(int partitions, PartitionMethod method) {
    return new TpcbLayout(new TpcbScale(1), 100, false, "", "", partitions, method);
  }

  private static List<InitStep> steps(String letters) {
    return InitStep.parse(letters);
  }

  @Test
  void anUnpartitionedLayoutIsNeverRefused() {
    assertNull(PartitionSupport.refusal(layout(0, PartitionMethod.HASH), steps("dtgvpf"), V96));
  }

  @Test
  void ninePointSixHasNoPartitionedTables() {
    assertEquals(
        "--partitions=2: PostgreSQL 9.6 has no partitioned tables (10 or later); nothing was"
            + " dropped or created",
        PartitionSupport.refusal(layout(2, PartitionMethod.RANGE), steps("dtgv"), V96));
  }

  @Test
  void tenPartitionsByRangeWithoutKeysButNotByHash() {
    assertNull(PartitionSupport.refusal(layout(2, PartitionMethod.RANGE), steps("dtgv"), V10));
    assertEquals(
        "--partition-method=hash: PostgreSQL 10 has no hash partitioning (11 or later); nothing"
            + " was dropped or created",
        PartitionSupport.refusal(layout(2, PartitionMethod.HASH), steps("dtgv"), V10));
  }

  @Test
  void tenHasNoPrimaryKeyOnAPartitionedTable() {
    assertEquals(
        "--partitions=3: PostgreSQL 10 has no primary key on a partitioned table (11 or later),"
            + " which -I's p adds; leave p out of -I, or the partitions; nothing was dropped or"
            + " created",
        PartitionSupport.refusal(layout(3, PartitionMethod.RANGE), steps("dtgvp"), V10));
    assertNull(PartitionSupport.refusal(layout(3, PartitionMethod.HASH), steps("dtgvp"), V11));
  }

  @Test
  void elevenHasNoForeignKeyReferencingAPartitionedTable() {
    assertEquals(
        "--partitions=2: PostgreSQL 11 has no foreign key referencing a partitioned table (12 or"
            + " later), which -I's f (--foreign-keys) adds; leave f out, or the partitions;"
            + " nothing was dropped or created",
        PartitionSupport.refusal(layout(2, PartitionMethod.RANGE), steps("dtgvpf"), V11));
    assertNull(PartitionSupport.refusal(layout(2, PartitionMethod.RANGE), steps("dtgvpf"), V12));
  }

  @Test
  void stepsThatCreateNoTablesAreNotAskedAboutTheTables() {
    // -I v alone on 9.6 vacuums what is there: nothing partitioned is created
    assertNull(PartitionSupport.refusal(layout(2, PartitionMethod.HASH), steps("v"), V96));
  }
}
