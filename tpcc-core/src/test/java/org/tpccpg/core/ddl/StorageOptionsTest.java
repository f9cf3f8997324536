package org.tpccpg.core.ddl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class StorageOptionsTest {

  @ParameterizedTest(name = "[{index}] \"{0}\" renders as \"{1}\"")
  @CsvSource(
      delimiter = '|',
      value = {
        "''|''",
        "'   '|''",
        "tablespace tbs1|TABLESPACE tbs1",
        "TABLESPACE Tbs_1|TABLESPACE Tbs_1",
        "with (fillfactor=80)|WITH (fillfactor=80)",
        "WITH ( fillfactor = 80 , autovacuum_enabled = off )|WITH (fillfactor=80, autovacuum_enabled=off)",
        "with (storage_engine='zheap') tablespace tbs1|WITH (storage_engine='zheap') TABLESPACE tbs1",
        "tablespace tbs1 with (fillfactor=70)|WITH (fillfactor=70) TABLESPACE tbs1",
        "with (toast.autovacuum_enabled=false)|WITH (toast.autovacuum_enabled=false)",
        "with (autovacuum_vacuum_cost_delay=-1)|WITH (autovacuum_vacuum_cost_delay=-1)",
        "with (autovacuum_vacuum_scale_factor=0.05)|WITH (autovacuum_vacuum_scale_factor=0.05)",
        "with (x='a-b.c_1')|WITH (x='a-b.c_1')",
      })
  void aStorageClauseIsAcceptedAndRenderedInCanonicalOrder(String text, String rendered) {
    StorageOptions options = new StorageOptions(text, text, false);
    assertEquals(rendered, options.tableClause());
    assertEquals(rendered, options.indexClause());
  }

  @Test
  void tabsAndNewlinesSeparateWordsLikeSpaces() {
    assertEquals(
        "TABLESPACE tbs1", new StorageOptions("\ttablespace\ntbs1\t", "", false).tableClause());
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @ValueSource(
      strings = {
        "tablespace x; drop table y",
        "tablespace x;",
        ";",
        "tablespace x -- comment",
        "tablespace x /* comment */",
        "with (fillfactor=80",
        "with fillfactor=80)",
        "with (fillfactor=80))",
        ")",
        "with ()",
        "with (fillfactor)",
        "with (fillfactor=)",
        "with (fillfactor=80,)",
        "with (fillfactor 80)",
        "with (fillfactor=80) with (fillfactor=70)",
        "tablespace a tablespace b",
        "tablespace",
        "tablespace 1abc",
        "tablespace \"quoted\"",
        "tablespace a.b",
        "tablespace $$x$$",
        "with (x='unterminated)",
        "with (x='a''b')",
        "with (x='a b')",
        "with (x='a;b')",
        "with (x='a\\b')",
        "with (x=E'a')",
        "with (x=1abc)",
        "with (x=\"y\")",
        "with (x=$$y$$)",
        "using heap",
        "partition by range (w_id)",
        "tablespace x where true",
        "tablespace tbs1, tablespace tbs2",
        "tablespace tbs\u00e9",
        "with (fillfactor=80)) ; drop table warehouse1 --",
        "tablespace x\u037e drop table y",
      })
  void anythingButAStorageClauseIsRejected(String text) {
    IllegalArgumentException error =
        assertThrows(IllegalArgumentException.class, () -> new StorageOptions(text, "", false));
    assertTrue(
        error
            .getMessage()
            .startsWith("pgsql_table_options=\"" + text + "\" is not a storage clause: "),
        error.getMessage());
  }

  @Test
  void theErrorNamesTheOptionTheValueAndTheReason() {
    IllegalArgumentException error =
        assertThrows(
            IllegalArgumentException.class,
            () -> new StorageOptions("", "tablespace x; drop table y", false));
    assertEquals(
        "pgsql_index_options=\"tablespace x; drop table y\" is not a storage clause: ';' is not"
            + " allowed (position 12); expected TABLESPACE name and/or WITH (parameter = value,"
            + " ...)",
        error.getMessage());
  }

  @Test
  void unbalancedParenthesesAreReportedAsSuch() {
    IllegalArgumentException error =
        assertThrows(
            IllegalArgumentException.class,
            () -> new StorageOptions("with (fillfactor=80", "", false));
    assertTrue(error.getMessage().contains("unbalanced parentheses"), error.getMessage());
  }

  @Test
  void unbalancedQuotesAreReportedAsSuch() {
    IllegalArgumentException error =
        assertThrows(
            IllegalArgumentException.class, () -> new StorageOptions("with (a='b)", "", false));
    assertTrue(error.getMessage().contains("unbalanced quotes"), error.getMessage());
  }

  @Test
  void nullOptionsAreRejectedWithTheirName() {
    IllegalArgumentException error =
        assertThrows(IllegalArgumentException.class, () -> new StorageOptions("", null, false));
    assertEquals("pgsql_index_options must not be null; use \"\" for none", error.getMessage());
  }

  @Test
  void primaryKeysGoToTheIndexTablespaceOnlyWhenAsked() {
    assertEquals(
        "USING INDEX TABLESPACE tbs2",
        new StorageOptions("", "with (fillfactor=90) tablespace tbs2", true).primaryKeyClause());
    assertEquals("", new StorageOptions("", "tablespace tbs2", false).primaryKeyClause());
  }

  @Test
  void primaryKeysStayPutWhenTheIndexOptionsNameNoTablespace() {
    assertEquals("", new StorageOptions("tablespace tbs1", "", true).primaryKeyClause());
    assertEquals("", new StorageOptions("", "with (fillfactor=90)", true).primaryKeyClause());
  }

  @Test
  void noneHasEmptyClauses() {
    assertEquals("", StorageOptions.NONE.tableClause());
    assertEquals("", StorageOptions.NONE.indexClause());
    assertEquals("", StorageOptions.NONE.primaryKeyClause());
  }
}
