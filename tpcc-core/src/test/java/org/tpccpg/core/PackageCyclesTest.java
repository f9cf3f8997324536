package org.tpccpg.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tpccpg.testkit.PackageUses;

/** tpcc-core's packages depend on each other without a cycle, read from its sources. */
class PackageCyclesTest {
  private static PackageUses uses() throws IOException {
    return PackageUses.read(Path.of("src", "main", "java"), "org.tpccpg.core");
  }

  @Test
  void noCorePackageDependsOnItselfThroughAnother() throws IOException {
    PackageUses uses = uses();
    assertTrue(
        uses.uses().containsKey("org.tpccpg.core.tpcc.batched"),
        "read the sources: " + uses.uses().keySet());
    assertEquals(List.of(), uses.cycles(), "package cycles, from " + uses.uses());
  }

  @Test
  void theOtherTransactionStylesDependOnTheCallersPackageAndNotTheOtherWay() throws IOException {
    PackageUses uses = uses();
    for (String style :
        List.of("org.tpccpg.core.tpcc.batched", "org.tpccpg.core.tpcc.procedures")) {
      assertTrue(
          uses.of(style).contains("org.tpccpg.core.tpcc"), style + " uses " + uses.of(style));
      assertTrue(
          !uses.of("org.tpccpg.core.tpcc").contains(style),
          "core.tpcc reaches " + style + " only through TxnMode, above both");
    }
  }
}
