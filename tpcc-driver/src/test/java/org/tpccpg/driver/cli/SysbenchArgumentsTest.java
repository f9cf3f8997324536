package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

class SysbenchArgumentsTest {
  @Test
  void aTrailingCommandMovesToTheFront() {
    assertArrayEquals(
        new String[] {"prepare", "--pgsql-host=db1", "--tables=10"},
        SysbenchArguments.normalize("--pgsql-host=db1", "--tables=10", "prepare"));
  }

  @Test
  void aLeadingCommandStaysWhereItIs() {
    assertArrayEquals(
        new String[] {"cleanup", "--tables=2"},
        SysbenchArguments.normalize("cleanup", "--tables=2"));
  }

  @Test
  void underscoresInOptionNamesBecomeDashes() {
    assertArrayEquals(
        new String[] {"prepare", "--use-fk=0", "--trx-level=RC", "--enable-purge=no"},
        SysbenchArguments.normalize(
            "--use_fk=0", "--trx_level=RC", "--enable_purge=no", "prepare"));
  }

  @Test
  void underscoresInValuesAreKept() {
    assertArrayEquals(
        new String[] {"run", "--pgsql-db=my_db", "--table-options", "with (fill_factor=1)"},
        SysbenchArguments.normalize(
            "--pgsql_db=my_db", "--table_options", "with (fill_factor=1)", "run"));
  }

  @Test
  void theLastBareCommandWordWinsOverAnEarlierValue() {
    assertArrayEquals(
        new String[] {"run", "--pgsql-db", "check", "--time=5"},
        SysbenchArguments.normalize("--pgsql-db", "check", "--time=5", "run"));
  }

  @Test
  void argumentsAfterADoubleDashAreLeftAlone() {
    assertArrayEquals(
        new String[] {"run", "--a-b", "--", "--c_d"},
        SysbenchArguments.normalize("run", "--a_b", "--", "--c_d"));
  }

  @Test
  void pgbenchStyleTpcbArgumentsPassThroughUntouched() {
    assertArrayEquals(
        new String[] {"tpcb", "-c", "8", "--max_tries=3"},
        SysbenchArguments.normalize("tpcb", "-c", "8", "--max_tries=3"));
  }

  @Test
  void shortOptionsAndVersionFlagsAreUnchanged() {
    assertArrayEquals(new String[] {"-V"}, SysbenchArguments.normalize("-V"));
    assertArrayEquals(new String[] {"--version"}, SysbenchArguments.normalize("--version"));
  }
}
