package org.tpccpg.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.tpccpg.testkit.PackageUses;

/**
 * tpcc-driver's packages depend on each other without a cycle, read from its sources (issue #29:
 * spec mode's terminal model in run made metrics and report use run, which uses both).
 */
class PackageCyclesTest {
  @Test
  void noDriverPackageDependsOnItselfThroughAnother() throws IOException {
    PackageUses uses = PackageUses.read(Path.of("src", "main", "java"), "org.tpccpg.driver");
    assertTrue(uses.of("org.tpccpg.driver.run").contains("org.tpccpg.driver.engine"), "read");
    assertEquals(List.of(), uses.cycles(), "package cycles, from " + uses.uses());
  }

  @Test
  void theResultsModelDependsOnNoRunAndNoCommandLine() throws IOException {
    PackageUses uses = PackageUses.read(Path.of("src", "main", "java"), "org.tpccpg.driver");
    Set<String> used = uses.of("org.tpccpg.driver.results");
    assertTrue(used.contains("org.tpccpg.driver.config"), "read: " + used);
    for (String above : List.of("org.tpccpg.driver.run", "org.tpccpg.driver.cli")) {
      assertFalse(used.contains(above), "results uses " + used);
    }
  }
}
