package org.tpccpg.driver.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** What a pgbench client prints when it stops on an exception that is not an SQLException. */
class TpcbRecorderTest {
  @Test
  void anUnexpectedExceptionIsPrintedWithItsClassAndMessageOnOneLine() {
    StringWriter err = new StringWriter();
    // Only the client's id and stderr take part in this line.
    TpcbRecorder recorder =
        new TpcbRecorder(
            3,
            null,
            null,
            null,
            null,
            new PrintWriter(err),
            false,
            1,
            false,
            PgbenchError::libpqMessage);
    recorder.failedUnexpectedly(new IllegalStateException("two\n  lines"));
    recorder.failedUnexpectedly(new NullPointerException());
    assertEquals(
        "tpcc tpcb: error: client 3 aborted: java.lang.IllegalStateException: two lines\n"
            + "tpcc tpcb: error: client 3 aborted: java.lang.NullPointerException\n",
        err.toString().replace(System.lineSeparator(), "\n"));
  }
}
