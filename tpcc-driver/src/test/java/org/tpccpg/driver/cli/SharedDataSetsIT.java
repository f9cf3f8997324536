package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.tpccpg.testkit.TestDatabase;
import org.tpccpg.testkit.TestServer;

/**
 * The data sets the ITs share are whole TPC-C populations: {@code check} passes on a copy of each,
 * condition 11 too (no run has touched them). Beside other classes, it also makes each template
 * before the classes that run alone ask for it, so that they copy instead of waiting on a load.
 */
class SharedDataSetsIT {
  static Stream<List<Integer>> dataSets() {
    return TpccDataSets.ALL.stream();
  }

  @ParameterizedTest(name = "tables and scale {0}")
  @MethodSource("dataSets")
  void aCopyOfEachSharedDataSetPassesCheck(List<Integer> shape) throws Exception {
    int tables = shape.get(0);
    int scale = shape.get(1);
    TestDatabase copy =
        TestServer.instance()
            .copyOf("shared_" + tables + "x" + scale, TpccDataSets.tables(tables, scale));
    try {
      CliRun check =
          CliRun.of(
              Map.of("PGPASSWORD", copy.password()),
              CliRun.connectedTo(copy, "--tables=" + tables, "--scale=" + scale, "check")
                  .toArray(String[]::new));
      assertEquals(0, check.exitCode(), check.out() + check.err());
      assertTrue(check.out().contains("[11] PASSED"), check.out());
    } finally {
      TestServer.instance().dropDatabase(copy.name());
    }
  }
}
