package org.tpccpg.driver.tpcb.script;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** \gset and \aset storing results into variables, as pgbench's readCommandResponse(). */
class ResultCaptureTest {
  private final Variables variables = new Variables();

  private static SqlCommand command(String line) throws Exception {
    return (SqlCommand) ScriptParser.parse("t.sql", line + "\n").commands().get(0);
  }

  @Test
  void gsetStoresTheOneRowOfTheLastResultUnderItsPrefix() throws Exception {
    ResultCapture.store(
        command("SELECT 1 \\; SELECT 2 AS a, NULL AS b \\gset p_"),
        List.of(
            QueryResult.rows(1, List.of("ignored"), List.of("9")),
            QueryResult.rows(1, List.of("a", "b"), List.of("2", ""))),
        variables);
    assertEquals("2", variables.text("p_a").orElseThrow());
    assertEquals("", variables.text("p_b").orElseThrow());
    assertFalse(variables.contains("p_ignored"));
  }

  @Test
  void asetStoresTheLastRowOfEveryResultWithRows() throws Exception {
    ResultCapture.store(
        command("SELECT 1 \\aset"),
        List.of(
            QueryResult.rows(2, List.of("a"), List.of("2")),
            QueryResult.command(),
            QueryResult.rows(0, List.of("c"), List.of())),
        variables);
    assertEquals("2", variables.text("a").orElseThrow());
    assertFalse(variables.contains("c"));
  }

  @Test
  void gsetRefusesAnythingButOneRow() throws Exception {
    SqlCommand gset = command("SELECT 1 \\gset");
    ResultCapture.CaptureException many =
        assertThrows(
            ResultCapture.CaptureException.class,
            () ->
                ResultCapture.store(
                    gset, List.of(QueryResult.rows(2, List.of("a"), List.of("1"))), variables));
    assertEquals(
        "client 3 script 1 command 4 query 0: expected one row, got 2",
        many.pgbenchMessage(3, 1, 4));
    assertEquals(
        "expected one row, got 0",
        assertThrows(
                ResultCapture.CaptureException.class,
                () -> ResultCapture.store(gset, List.of(QueryResult.command()), variables))
            .getMessage());
    assertEquals(
        "error storing into variable 1x",
        assertThrows(
                ResultCapture.CaptureException.class,
                () ->
                    ResultCapture.store(
                        gset, List.of(QueryResult.rows(1, List.of("1x"), List.of("1"))), variables))
            .getMessage());
  }
}
