package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** The one line a failed command prints. */
class FailureHandlerTest {
  @Test
  void aCancelledStatementNamesTheTimeoutAndHowToLiftItForTheCommand() {
    assertEquals(
        "ERROR: canceling statement due to statement timeout (SQLSTATE 57014): a"
            + " statement_timeout (SHOW statement_timeout: the role's, database's or server's) or"
            + " a cancel request ended it; PGOPTIONS='-c statement_timeout=0' lifts the timeout"
            + " for this command",
        FailureHandler.describe(
            new SQLException("ERROR: canceling statement due to statement timeout", "57014")));
  }

  @Test
  void aMessageThatAlreadyExplainsTheTimeoutAndOtherErrorsGetNoHint() {
    assertEquals(
        "payment: ERROR: x; a statement_timeout of the role ended it (SQLSTATE 57014)",
        FailureHandler.describe(
            new SQLException(
                "payment: ERROR: x; a statement_timeout of the role ended it", "57014")));
    assertEquals(
        "ERROR: relation \"x\" does not exist (SQLSTATE 42P01)",
        FailureHandler.describe(new SQLException("ERROR: relation \"x\" does not exist", "42P01")));
  }
}
