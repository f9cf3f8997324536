package org.tpccpg.core.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class TpcbSchemaTest {
  private static String oneLine(String sql) {
    return sql.replaceAll("\\s+", " ").replace("( ", "(").replace(" )", ")");
  }

  @Test
  void defaultTablesHavePgbenchColumnsFillersAndFillfactor() {
    List<String> create = new TpcbSchema(TpcbLayout.defaults(1)).createTables();
    assertEquals(
        List.of(
            "CREATE TABLE pgbench_history (tid int, bid int, aid int, delta int,"
                + " mtime timestamp, filler char(22))",
            "CREATE TABLE pgbench_tellers (tid int NOT NULL, bid int, tbalance int,"
                + " filler char(84)) WITH (fillfactor=100)",
            "CREATE TABLE pgbench_accounts (aid int NOT NULL, bid int, abalance int,"
                + " filler char(84)) WITH (fillfactor=100)",
            "CREATE TABLE pgbench_branches (bid int NOT NULL, bbalance int,"
                + " filler char(88)) WITH (fillfactor=100)"),
        create.stream().map(TpcbSchemaTest::oneLine).toList());
  }

  @Test
  void accountIdsBecomeBigintFromScale20000AsInPgbench() {
    String below = new TpcbSchema(TpcbLayout.defaults(19_999)).createTables().get(2);
    String from = new TpcbSchema(TpcbLayout.defaults(20_000)).createTables().get(2);
    assertTrue(oneLine(below).contains("aid int NOT NULL"), below);
    assertTrue(oneLine(from).contains("aid bigint NOT NULL"), from);
    String history = new TpcbSchema(TpcbLayout.defaults(20_000)).createTables().get(0);
    assertTrue(oneLine(history).contains("aid bigint,"), history);
  }

  @Test
  void storageOptionsGoWherePgbenchPutsThem() {
    TpcbLayout layout =
        new TpcbLayout(new TpcbScale(1), 90, true, "tbs \"1\"", "idx", 0, PartitionMethod.RANGE);
    TpcbSchema schema = new TpcbSchema(layout);
    List<String> create = schema.createTables().stream().map(TpcbSchemaTest::oneLine).toList();
    assertTrue(create.get(0).startsWith("CREATE UNLOGGED TABLE pgbench_history"), create.get(0));
    assertTrue(create.get(0).endsWith("filler char(22)) TABLESPACE \"tbs \"\"1\"\"\""));
    assertTrue(create.get(1).endsWith("WITH (fillfactor=90) TABLESPACE \"tbs \"\"1\"\"\""));
    assertEquals(
        "ALTER TABLE pgbench_accounts ADD PRIMARY KEY (aid) USING INDEX TABLESPACE \"idx\"",
        schema.primaryKeys().get(2));
  }

  @Test
  void rangePartitionsSplitTheIdsLikePgbench() {
    TpcbSchema schema =
        new TpcbSchema(
            new TpcbLayout(new TpcbScale(2), 100, false, "", "", 3, PartitionMethod.RANGE));
    List<String> create = schema.createTables().stream().map(TpcbSchemaTest::oneLine).toList();
    assertEquals(7, create.size());
    assertTrue(create.get(2).endsWith("PARTITION BY RANGE (aid)"), create.get(2));
    // Bounds captured from `pgbench -i -s 2 --partitions 3` (PostgreSQL 15).
    assertEquals(
        "CREATE TABLE pgbench_accounts_1 PARTITION OF pgbench_accounts"
            + " FOR VALUES FROM (MINVALUE) TO (66668) WITH (fillfactor=100)",
        create.get(4));
    assertTrue(create.get(5).contains("FROM (66668) TO (133335)"), create.get(5));
    assertTrue(create.get(6).contains("FROM (133335) TO (MAXVALUE)"), create.get(6));
  }

  @Test
  void hashPartitionsUseModulusAndRemainder() {
    TpcbSchema schema =
        new TpcbSchema(
            new TpcbLayout(new TpcbScale(2), 100, false, "", "", 3, PartitionMethod.HASH));
    assertEquals("FOR VALUES WITH (MODULUS 3, REMAINDER 2)", schema.partitionBounds(3));
  }

  @Test
  void serverSideGenerationEmptiesThenFillsEveryTable() {
    List<String> generate = new TpcbSchema(TpcbLayout.defaults(3)).generateOnServer();
    assertEquals(4, generate.size());
    assertTrue(generate.get(0).startsWith("TRUNCATE TABLE pgbench_accounts"));
    assertTrue(generate.get(3).contains("generate_series(1, 300000)"), generate.get(3));
  }

  @Test
  void foreignKeysHavePgbenchsConstraintNames() {
    List<String> keys = new TpcbSchema(TpcbLayout.defaults(1)).foreignKeys();
    assertEquals(5, keys.size());
    assertTrue(oneLine(keys.get(4)).contains("pgbench_history_aid_fkey FOREIGN KEY (aid)"));
  }

  @Test
  void layoutRejectsAFillfactorOutsidePgbenchsRange() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new TpcbLayout(new TpcbScale(1), 5, false, "", "", 0, PartitionMethod.RANGE));
    assertEquals("fillfactor must be in 10..100 but was 5", e.getMessage());
  }
}
