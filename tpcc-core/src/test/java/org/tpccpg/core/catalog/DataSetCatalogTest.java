package org.tpccpg.core.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.catalog.TableSetClaim.Origin;
import org.tpccpg.core.random.NuRandConstants;
import org.tpccpg.core.schema.DataSetInfo;
import org.tpccpg.core.schema.TpccTable;

class DataSetCatalogTest {
  private static long nextOid = 16_000;

  private static FoundTable table(int set, TpccTable table) {
    return new FoundTable(nextOid++, set, table, 'r', table.columns());
  }

  private static List<FoundTable> completeSet(int set) {
    List<FoundTable> tables = new ArrayList<>();
    for (TpccTable table : TpccTable.values()) {
      tables.add(table(set, table));
    }
    return tables;
  }

  private static DataSetInfo record(int tableSets) {
    return new DataSetInfo(
        tableSets,
        1,
        1L,
        new NuRandConstants(1, 2, 3),
        "test",
        true,
        Instant.EPOCH,
        true,
        0,
        false);
  }

  private static Map<Integer, Map<TpccTable, Long>> listing(List<FoundTable> tables) {
    Map<Integer, Map<TpccTable, Long>> listed = new java.util.HashMap<>();
    for (FoundTable table : tables) {
      listed
          .computeIfAbsent(table.set(), set -> new EnumMap<>(TpccTable.class))
          .put(table.table(), table.oid());
    }
    return listed;
  }

  @Test
  void userTablesWithTpccNamesAndNoRecordAreNobodysAndNamedWithTheirKind() {
    List<FoundTable> found =
        List.of(
            table(1, TpccTable.CUSTOMER),
            table(1, TpccTable.ITEM),
            table(7, TpccTable.WAREHOUSE),
            new FoundTable(nextOid++, 2, TpccTable.ORDERS, 'S', List.of()));
    DataSetCatalog catalog = new DataSetCatalog(Optional.empty(), Optional.empty(), found);
    assertTrue(catalog.claimedSets().isEmpty());
    TableSetClaim one = catalog.claim(1);
    assertEquals(Origin.NONE, one.origin());
    assertEquals(2, one.notOurs().size());
    assertTrue(catalog.claim(2).notOurs().get(0).startsWith("sequence orders2:"));
    assertEquals(Set.of(1, 2, 7), catalog.namedSets());
  }

  @Test
  void aCompleteSetWithSysbenchColumnsAndNoRecordIsSysbenchTpccs() {
    List<FoundTable> found = new ArrayList<>(completeSet(3));
    found.add(table(4, TpccTable.ITEM));
    DataSetCatalog catalog = new DataSetCatalog(Optional.empty(), Optional.empty(), found);
    assertEquals(Origin.SYSBENCH_TPCC, catalog.claim(3).origin());
    assertEquals(9, catalog.claim(3).ours().size());
    assertEquals(Origin.NONE, catalog.claim(4).origin(), "a partial set is claimed by no one");
    assertEquals(Set.of(3), catalog.claimedSets());
  }

  @Test
  void aCompleteSetWithOneTableOfOtherColumnsIsNotSysbenchTpccs() {
    List<FoundTable> found = new ArrayList<>(completeSet(1));
    found.removeIf(table -> table.table() == TpccTable.ITEM);
    found.add(new FoundTable(nextOid++, 1, TpccTable.ITEM, 'r', List.of("id", "label")));
    DataSetCatalog catalog = new DataSetCatalog(Optional.empty(), Optional.empty(), found);
    assertEquals(Origin.NONE, catalog.claim(1).origin());
    assertEquals(9, catalog.claim(1).notOurs().size());
  }

  @Test
  void withAListingRecordOnlyTheListedOidsAreOurs() {
    List<FoundTable> ours = completeSet(1);
    FoundTable replaced =
        new FoundTable(nextOid++, 1, TpccTable.ITEM, 'r', TpccTable.ITEM.columns());
    List<FoundTable> found = new ArrayList<>(ours);
    found.removeIf(table -> table.table() == TpccTable.ITEM);
    found.add(replaced);
    found.add(table(5, TpccTable.ORDERS));
    DataSetCatalog catalog =
        new DataSetCatalog(Optional.of(record(1)), Optional.of(listing(ours)), found);
    TableSetClaim one = catalog.claim(1);
    assertEquals(Origin.THIS_TOOL, one.origin());
    assertEquals(8, one.ours().size());
    assertEquals(EnumSet.of(TpccTable.ITEM), one.missing());
    assertTrue(one.notOurs().get(0).startsWith("table item1: not the table"), one.notOurs().get(0));
    assertEquals(Origin.NONE, catalog.claim(5).origin(), "orders5 is no set of the record");
    assertEquals(Set.of(1), catalog.setsOfThisTool());
  }

  @Test
  void aRecordThatListsNoTablesClaimsTpccShapedTablesOfItsSetsOnly() {
    List<FoundTable> found = new ArrayList<>(completeSet(1));
    found.add(new FoundTable(nextOid++, 1, TpccTable.STOCK, 'v', List.of("s_i_id")));
    found.removeIf(table -> table.table() == TpccTable.STOCK && table.kind() == 'r');
    found.add(table(2, TpccTable.ITEM));
    DataSetCatalog catalog = new DataSetCatalog(Optional.of(record(1)), Optional.empty(), found);
    assertEquals(8, catalog.claim(1).ours().size());
    assertTrue(catalog.claim(1).notOurs().get(0).startsWith("view stock1"));
    assertEquals(Origin.NONE, catalog.claim(2).origin(), "set 2 is beyond the record's sets");
  }
}
