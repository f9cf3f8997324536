package org.tpccpg.driver.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.WarehouseRange;
import org.tpccpg.core.random.NuRandConstants;
import org.tpccpg.core.schema.DataSetInfo;
import org.tpccpg.core.tpcc.TerminalHome;
import org.tpccpg.core.tpcc.WorkloadShape;
import org.tpccpg.driver.config.RunConfig;
import org.tpccpg.driver.metrics.TerminalStates;
import org.tpccpg.driver.spec.TerminalTimes;

/** Spec mode's terminals as a run makes them, and the census of what they do. */
class TerminalCensusTest {
  private static RunConfig config(WarehouseRange homes) {
    DataSetInfo info =
        new DataSetInfo(
            2,
            4,
            7,
            new NuRandConstants(100, 200, 300),
            "t",
            true,
            Instant.parse("2025-03-01T12:00:00Z"),
            true,
            0,
            false);
    return RunConfig.builder(WorkloadShape.of(2, 4).withHomeWarehouses(homes), info)
        .seed(42)
        .build();
  }

  @Test
  void aDriversTerminalsAreTenPerWarehouseOfItsRangeInEverySet() {
    List<SpecTerminal> terminals = SpecTerminal.forRun(config(new WarehouseRange(2, 3)), 40);
    assertEquals(40, terminals.size());
    for (int i = 0; i < 40; i++) {
      SpecTerminal t = terminals.get(i);
      assertEquals(i + 1, t.id());
      TerminalHome home = t.home();
      assertEquals(i < 20 ? 1 : 2, home.tableSet(), "terminal " + t.id());
      assertEquals(2 + (i / 10) % 2, home.warehouseId(), "terminal " + t.id());
      assertEquals(i % 10 + 1, home.districtId(), "terminal " + t.id());
    }
  }

  @Test
  void driversGivenOneSeedKeyDifferentInputsOnTheirRanges() {
    SpecTerminal first = SpecTerminal.forRun(config(new WarehouseRange(1, 2)), 1).get(0);
    SpecTerminal second = SpecTerminal.forRun(config(new WarehouseRange(3, 4)), 1).get(0);
    SpecTerminal again = SpecTerminal.forRun(config(new WarehouseRange(1, 2)), 1).get(0);
    assertEquals(first.inputs().payment().customerId(), again.inputs().payment().customerId());
    boolean differ = false;
    for (int i = 0; i < 5 && !differ; i++) {
      differ = first.inputs().newOrder().customerId() != second.inputs().newOrder().customerId();
    }
    assertTrue(differ, "five New-Orders of terminal 1 of either driver drew the same customers");
    assertNotEquals(first.home().warehouseId(), second.home().warehouseId());
  }

  @Test
  void theCensusCountsEveryTerminalOnceAndKeepsTheIntervalsCount() {
    List<SpecTerminal> terminals = SpecTerminal.forRun(config(WarehouseRange.all(4)), 30);
    DeliveryQueue deliveries = new DeliveryQueue();
    TerminalCensus census = new TerminalCensus(terminals, deliveries);
    long now = System.nanoTime();
    long hour = TimeUnit.HOURS.toNanos(1);
    for (int i = 0; i < 30; i++) {
      // ten think far into the future, twenty are long past due: in a transaction
      terminals.get(i).begin(i < 10 ? now + hour : now - hour, TerminalTimes.SPECIFIED);
    }
    deliveries.add(new DeliveryQueue.Request(terminals.get(0).inputs().delivery(), now));
    assertEquals(new TerminalStates(0, 0, 0, 0), census.latest(), "nothing before an interval");
    census.interval(null);
    assertEquals(new TerminalStates(10, 0, 20, 1), census.latest());
    assertEquals(30, census.count().terminals());
  }
}
