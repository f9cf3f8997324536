package org.tpccpg.driver.durability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tpccpg.testkit.FullDataSet;
import org.tpccpg.testkit.PostgresFixture;

/**
 * The ledger's audit against a real data set's districts, with acknowledgements placed around each
 * district's D_NEXT_O_ID: below it they are kept, at or above it lost, twice lost; an unknown
 * outcome below it and acknowledged by nobody committed, above it or acknowledged by another
 * transaction did not. An outage's end starts an audit of its own.
 */
class CommitLedgerIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  @BeforeAll
  static void load() throws Exception {
    try (Connection c = POSTGRES.database().connect()) {
      FullDataSet.load(c, 1, 1, 42);
    }
  }

  private static int nextOrderId(int district) throws SQLException {
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement();
        ResultSet row =
            s.executeQuery(
                "SELECT d_next_o_id FROM district1 WHERE d_w_id = 1 AND d_id = " + district)) {
      row.next();
      return row.getInt(1);
    }
  }

  @Test
  void anAuditFindsTheLostAcknowledgementsAndResolvesTheUnknownOutcomes() throws Exception {
    List<String> said = new ArrayList<>();
    CommitLedger ledger = new CommitLedger(POSTGRES.database()::connect, 1, 1, null, said::add);
    AckRing client = ledger.ring();
    int next1 = nextOrderId(1);
    int next2 = nextOrderId(2);
    client.acknowledged(1, 1, 1, next1 - 2); // kept
    client.acknowledged(1, 1, 1, next1 - 1); // kept
    client.acknowledged(1, 1, 1, next1); // the district's row is from before it: lost
    client.acknowledged(1, 1, 1, next1 + 1); // lost
    client.acknowledged(1, 1, 2, next2 - 1);
    client.acknowledged(1, 1, 2, next2 - 1); // handed out twice: the first was lost
    client.unknown(1, 1, 1, next1 - 3); // in the table, acknowledged by nobody: committed
    client.unknown(1, 1, 2, next2 + 3); // beyond the district's orders: not committed
    client.unknown(1, 1, 1, next1 - 1); // another transaction was acknowledged its O_ID: not
    LedgerTotals totals = ledger.finish();
    assertNull(totals.auditFailure());
    assertEquals(6, totals.acknowledged());
    assertEquals(1, totals.lostReused());
    assertEquals(2, totals.lostMissing());
    assertEquals(3, totals.lost());
    assertEquals(3, totals.unknown());
    assertEquals(1, totals.unknownCommitted());
    assertEquals(2, totals.unknownNotCommitted());
    assertEquals(1, totals.audits());
    assertEquals(0, totals.auditsAfterOutages());
    assertTrue(totals.audited());
    assertEquals(List.of(), said);
    // the audit read the server it found: the test server, never promoted, on 127.0.0.1
    assertEquals(1, totals.servers().size(), totals.servers().toString());
    ServerIdentity server = totals.servers().get(0);
    assertEquals("127.0.0.1:" + POSTGRES.database().port(), server.address());
    assertEquals(1, server.timeline());
    assertTrue(server.postmasterStart().matches("\\d{4}-\\d\\d-\\d\\dT.*Z"), server.toString());
    assertFalse(totals.failedOver());
    String line = totals.line();
    assertTrue(
        line.startsWith("durability: 6 New-Orders acknowledged, 3 acknowledged and lost"), line);
    assertTrue(
        line.endsWith("; unknown: 3 (committed 1, not committed 2); 1 audit, 0 after an outage\n"),
        line);
    // the test server runs with synchronous_commit = off, which allows a loss, and the line says so
    assertEquals(
        "off".equals(totals.synchronousCommit()),
        line.contains(
            " (allowed: synchronous_commit=off acknowledges a COMMIT before it is durable)"),
        line);
  }

  @Test
  void theEndOfAnOutageStartsAnAuditAndAFailedOneIsSaidAndCounted() throws Exception {
    AtomicInteger outages = new AtomicInteger();
    List<String> said = new ArrayList<>();
    AtomicInteger opened = new AtomicInteger();
    CommitLedger ledger =
        new CommitLedger(
            () -> {
              if (opened.incrementAndGet() == 1) {
                throw new SQLException("connection refused (planted)", "08001");
              }
              return POSTGRES.database().connect();
            },
            1,
            1,
            null,
            said::add);
    AckRing client = ledger.ring();
    ledger.start(outages::get);
    client.acknowledged(1, 1, 3, nextOrderId(3) - 1);
    outages.set(1); // the first audit fails to connect
    awaitOpened(opened, 1);
    outages.set(2); // the second works
    awaitOpened(opened, 2);
    LedgerTotals totals = ledger.finish();
    assertEquals(1, totals.acknowledged());
    assertEquals(0, totals.lost());
    assertEquals(2, totals.audits(), "the second outage's audit and the last");
    assertEquals(1, totals.auditsAfterOutages());
    assertTrue(totals.audited(), "the last audit worked");
    assertEquals(
        List.of(
            "durability audit failed (tried again after the next outage): connection refused"
                + " (planted)"),
        said);
  }

  private static void awaitOpened(AtomicInteger opened, int times) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (opened.get() < times) {
      assertTrue(System.nanoTime() < deadline, "no audit after the outage");
      TimeUnit.MILLISECONDS.sleep(10);
    }
  }
}
