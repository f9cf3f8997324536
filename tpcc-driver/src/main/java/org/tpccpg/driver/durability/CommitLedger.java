package org.tpccpg.driver.durability;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.IntSupplier;
import org.tpccpg.core.jdbc.ConnectionFactory;
import org.tpccpg.core.jdbc.SetSql;
import org.tpccpg.core.sql.SqlStateClass;

/**
 * The durability audit of a TPC-C run: which New-Orders the server acknowledged, per district, and
 * whether the database still has them after each outage and at the end (TPC-C 3.5 asks durability
 * of committed transactions across failures; this checks it for the New-Orders of a real run).
 *
 * <p>Clients write to their {@link AckRing}; the ledger's thread drains the rings every {@value
 * #DRAIN_MILLIS} ms into each district's {@link DistrictAcks}. An O_ID acknowledged twice is an
 * acknowledged order lost: a district never hands out the number of a committed order again
 * (D_NEXT_O_ID is updated in the New-Order's own transaction, TPC-C 2.4.2.2). An audit reads each
 * district's D_NEXT_O_ID in one statement per table set: TPC-C's consistency condition 2 makes it
 * one above the district's newest order, so an acknowledged O_ID at or above it is an order lost
 * (no table of orders is scanned, however long the run). A New-Order whose COMMIT's answer was lost
 * is unknown until an audit resolves it, once its district's row is no longer locked (the COMMIT
 * may still be running when a pooler or the network, not the server, went): acknowledged later by
 * another transaction, it did not commit; below D_NEXT_O_ID and not acknowledged by anyone, it did.
 *
 * <p>Not here: what makes a client's COMMIT unknown ({@code TransactionRunner} decides), how the
 * results are shown. It never fails the run: a failed audit is retried at the next outage and the
 * end, and the totals say it failed.
 */
public final class CommitLedger {
  /** What its connection's {@code application_name} adds to the run's. */
  public static final String ROLE = "durability audit";

  static final long DRAIN_MILLIS = 100;

  /**
   * After an outage the run goes on while it audits: an acknowledgement of a COMMIT that returned
   * before the district rows were read may still be on its way, so the unknown outcomes are judged
   * this long after the read.
   */
  private static final long SETTLE_MILLIS = 200;

  private static final String SETTLE_LOCK_TIMEOUT = "10s";
  private static final int AUDIT_TIMEOUT_MILLIS = 60_000;
  private static final long LAST_AUDIT_WAIT_SECONDS = 30;
  private static final String DISTRICT_FOR_SHARE =
      """
      SELECT d_next_o_id FROM district${set} WHERE d_w_id = ? AND d_id = ? FOR SHARE""";

  private final ConnectionFactory connections;
  private final DistrictIndex index;
  private final DistrictAcks[] districts;
  private final Consumer<String> say;
  private final List<AckRing> rings = new ArrayList<>();
  private long[] unknowns = new long[16]; // drained entries waiting for an audit
  private int unknownCount;
  private long acknowledged;
  private long lostReused;
  private long lostMissing;
  private long unknown;
  private long unknownCommitted;
  private long unknownNotCommitted;
  private int audits;
  private int auditsAfterOutages;
  private String synchronousCommit;
  private String auditFailure;
  private final List<ServerIdentity> servers = new ArrayList<>();
  private IntSupplier endedOutages = () -> 0;
  private int outagesAudited;
  private Thread thread;
  private volatile boolean stopping;
  private volatile LedgerTotals published = totals(); // the thread's latest figures
  private volatile LedgerTotals ended; // after the last audit

  /**
   * @param connections opens the audit's connection, as the clients' are opened
   * @param startedOn the server the run begins on, or null when it could not be read
   * @param say told a line when an audit fails, on the ledger's thread
   */
  public CommitLedger(
      ConnectionFactory connections,
      int tableSets,
      int warehousesPerSet,
      ServerIdentity startedOn,
      Consumer<String> say) {
    this.connections = connections;
    if (startedOn != null) {
      servers.add(startedOn);
    }
    this.index = new DistrictIndex(tableSets, warehousesPerSet);
    this.districts = new DistrictAcks[index.count()];
    this.say = say;
  }

  /** A ring for one more client; all before {@link #start}. */
  public AckRing ring() {
    if (thread != null) {
      throw new IllegalStateException("the ledger has started: no more clients");
    }
    AckRing ring = new AckRing(index);
    rings.add(ring);
    return ring;
  }

  /**
   * Starts draining, and auditing whenever {@code endedOutages} (the run's outages so far, each
   * counted once every client has a connection again) grows.
   */
  public void start(IntSupplier endedOutages) {
    this.endedOutages = endedOutages;
    thread = new Thread(this::loop, "tpcc-durability-ledger");
    thread.setDaemon(true);
    thread.start();
  }

  /**
   * Once the clients have ended: the last audit, and the totals. Waits for it at most {@value
   * #LAST_AUDIT_WAIT_SECONDS} s (a server that takes the connection and never answers would hold
   * the end of the run for ever); then the totals say it did not end.
   */
  public LedgerTotals finish() throws InterruptedException {
    if (thread == null) {
      audit(false);
      return totals();
    }
    stopping = true;
    thread.join(TimeUnit.SECONDS.toMillis(LAST_AUDIT_WAIT_SECONDS));
    LedgerTotals last = ended;
    if (last != null) {
      return last;
    }
    return published.withAuditFailure(
        "the last audit did not end within " + LAST_AUDIT_WAIT_SECONDS + " s");
  }

  private LedgerTotals totals() {
    return new LedgerTotals(
        acknowledged,
        lostReused,
        lostMissing,
        unknown,
        unknownCommitted,
        unknownNotCommitted,
        audits,
        auditsAfterOutages,
        synchronousCommit,
        auditFailure,
        servers);
  }

  private void loop() {
    try {
      while (!stopping) {
        TimeUnit.MILLISECONDS.sleep(DRAIN_MILLIS);
        drain();
        int endedSoFar = endedOutages.getAsInt();
        if (endedSoFar > outagesAudited) {
          outagesAudited = endedSoFar;
          audit(true);
        }
        published = totals();
      }
      audit(false);
      ended = totals();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // a daemon's end
    }
  }

  private void drain() {
    for (AckRing ring : rings) {
      ring.drainTo(this::take);
    }
  }

  private void take(long entry) {
    int district = AckRing.district(entry);
    if (AckRing.unknown(entry)) {
      unknown++;
      if (unknownCount == unknowns.length) {
        unknowns = Arrays.copyOf(unknowns, unknownCount * 2);
      }
      unknowns[unknownCount++] = entry;
      return;
    }
    acknowledged++;
    DistrictAcks acks = districts[district];
    if (acks == null) {
      acks = new DistrictAcks();
      districts[district] = acks;
    }
    if (!acks.add(AckRing.orderId(entry))) {
      lostReused++;
    }
  }

  private void audit(boolean afterOutage) throws InterruptedException {
    drain();
    try (Connection c = connections.open()) {
      c.setNetworkTimeout(Runnable::run, AUDIT_TIMEOUT_MILLIS); // a server gone mid-audit
      c.setAutoCommit(true);
      String setting = synchronousCommit(c);
      identify(c);
      int[] next = nextOrderIds(c);
      for (int d = 0; d < districts.length; d++) {
        if (districts[d] != null && next[d] > 0) {
          lostMissing += districts[d].removeFrom(next[d]);
        }
      }
      int[] settled = settledNextOrderIds(c, unknownCount); // those drained before the read
      if (afterOutage) {
        TimeUnit.MILLISECONDS.sleep(SETTLE_MILLIS);
        drain();
      }
      resolveUnknowns(settled);
      synchronousCommit = setting;
      auditFailure = null;
      audits++;
      if (afterOutage) {
        auditsAfterOutages++;
      }
    } catch (SQLException e) {
      auditFailure = e.getMessage() == null ? e.toString() : e.getMessage().strip();
      say.accept("durability audit failed (tried again after the next outage): " + auditFailure);
    }
  }

  /**
   * For each of the first {@code count} unknown outcomes, its district's D_NEXT_O_ID read FOR
   * SHARE: a COMMIT whose answer was lost may still be running on the server (a pooler or the
   * network went, not the server), and its district row stays locked until it ends, so the read
   * waits for it, up to {@value #SETTLE_LOCK_TIMEOUT}; 0 for one still locked then (judged at the
   * next audit).
   */
  private int[] settledNextOrderIds(Connection c, int count) throws SQLException {
    int[] settled = new int[count];
    if (count == 0) {
      return settled;
    }
    c.setAutoCommit(false); // SET LOCAL: behind a pooler in transaction mode a SET would stay
    try {
      for (int i = 0; i < count; i++) {
        settled[i] = settledNextOrderId(c, AckRing.district(unknowns[i]));
      }
    } finally {
      c.setAutoCommit(true);
    }
    return settled;
  }

  private int settledNextOrderId(Connection c, int district) throws SQLException {
    String sql = DISTRICT_FOR_SHARE.replace(SetSql.SET, Integer.toString(index.tableSet(district)));
    try (Statement set = c.createStatement();
        PreparedStatement read = c.prepareStatement(sql)) {
      set.execute("SET LOCAL lock_timeout = '" + SETTLE_LOCK_TIMEOUT + "'");
      read.setInt(1, index.warehouse(district));
      read.setInt(2, index.district(district));
      try (ResultSet row = read.executeQuery()) {
        return row.next() ? row.getInt(1) : 0;
      }
    } catch (SQLException e) {
      if (SqlStateClass.isLockNotAvailable(e.getSQLState())) {
        return 0; // still running: the next audit judges it
      }
      throw e;
    } finally {
      c.rollback(); // read only, and the lock released
    }
  }

  /** Judges the unknown outcomes {@code settled} has a D_NEXT_O_ID for; keeps the others. */
  private void resolveUnknowns(int[] settled) {
    int kept = 0;
    for (int i = 0; i < settled.length; i++) {
      long entry = unknowns[i];
      if (settled[i] == 0) {
        unknowns[kept++] = entry;
        continue;
      }
      DistrictAcks acks = districts[AckRing.district(entry)];
      int orderId = AckRing.orderId(entry);
      boolean takenAgain = acks != null && acks.contains(orderId);
      if (!takenAgain && orderId < settled[i]) {
        unknownCommitted++;
      } else {
        unknownNotCommitted++;
      }
    }
    System.arraycopy(unknowns, settled.length, unknowns, kept, unknownCount - settled.length);
    unknownCount -= settled.length - kept;
  }

  /**
   * Adds the server {@code c} reached when it is another than the last one read; one that cannot be
   * read leaves the audit be (the figures do not depend on it).
   */
  private void identify(Connection c) {
    ServerIdentity now = ServerIdentity.readOrNull(c);
    if (now != null
        && (servers.isEmpty() || !servers.get(servers.size() - 1).change(now).isEmpty())) {
      servers.add(now);
    }
  }

  private static String synchronousCommit(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet row = s.executeQuery("SHOW synchronous_commit")) {
      row.next();
      return row.getString(1);
    }
  }

  /** Every district's D_NEXT_O_ID by its index; 0 for a district the tables do not have. */
  private int[] nextOrderIds(Connection c) throws SQLException {
    int[] next = new int[index.count()];
    try (Statement s = c.createStatement()) {
      for (int set = 1; set <= index.tableSets(); set++) {
        try (ResultSet rows =
            s.executeQuery("SELECT d_w_id, d_id, d_next_o_id FROM district" + set)) {
          while (rows.next()) {
            int warehouse = rows.getInt(1);
            int district = rows.getInt(2);
            if (warehouse >= 1 && warehouse <= index.warehousesPerSet()) {
              next[index.of(set, warehouse, district)] = rows.getInt(3);
            }
          }
        }
      }
    }
    return next;
  }
}
