package org.tpccpg.driver.durability;

import java.util.List;
import java.util.Locale;

/**
 * What the durability ledger found over a run: the New-Orders the server acknowledged, those of
 * them it lost, and those whose COMMIT's outcome was lost with the connection. Pure.
 *
 * @param acknowledged New-Orders whose COMMIT returned, warm-up included
 * @param lostReused acknowledged O_IDs acknowledged a second time: the server handed the number out
 *     again, so the first order was gone
 * @param lostMissing acknowledged O_IDs at or above their district's D_NEXT_O_ID at an audit: the
 *     district's row (and so the order, written in the same transaction) came back from before them
 * @param unknown New-Orders whose COMMIT was sent and whose answer was lost with the connection
 * @param unknownCommitted of those, found committed by an audit
 * @param unknownNotCommitted of those, found not committed
 * @param audits audits done (after each outage and at the end)
 * @param auditsAfterOutages of those, after an outage
 * @param synchronousCommit the clients' {@code synchronous_commit} as the last audit read it, or
 *     null when no audit got that far
 * @param auditFailure why the last audit failed, or null when it did not
 * @param servers the server the run began on, then each other one an audit found answering in its
 *     place (a restart, a promoted standby), in order; empty when none could be read
 */
public record LedgerTotals(
    long acknowledged,
    long lostReused,
    long lostMissing,
    long unknown,
    long unknownCommitted,
    long unknownNotCommitted,
    int audits,
    int auditsAfterOutages,
    String synchronousCommit,
    String auditFailure,
    List<ServerIdentity> servers) {
  public LedgerTotals {
    servers = List.copyOf(servers);
  }

  /** These figures, the last audit having failed for {@code why}. */
  LedgerTotals withAuditFailure(String why) {
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
        why,
        servers);
  }

  /** Whether a standby was promoted in the run's server's place: a failover. */
  public boolean failedOver() {
    for (int i = 1; i < servers.size(); i++) {
      if (servers.get(i - 1).promotedIn(servers.get(i))) {
        return true;
      }
    }
    return false;
  }

  /** Acknowledged New-Orders the database does not have. */
  public long lost() {
    return lostReused + lostMissing;
  }

  /** Unknown outcomes no audit resolved (the last audit failed). */
  public long unresolved() {
    return unknown - unknownCommitted - unknownNotCommitted;
  }

  /** Whether the end of the run was audited: only then are the figures whole. */
  public boolean audited() {
    return auditFailure == null && audits > 0;
  }

  /**
   * Whether the setting lets a crash lose acknowledged commits: {@code off} acknowledges a COMMIT
   * before its WAL is flushed ({@code local}, {@code remote_write}, {@code on} and {@code
   * remote_apply} flush it on the primary first).
   */
  public boolean lossAllowed() {
    return "off".equals(synchronousCommit);
  }

  /** {@code durability: 12345 New-Orders acknowledged, 0 acknowledged and lost; ...}. */
  public String line() {
    if (!audited()) {
      return "durability: not audited ("
          + (auditFailure == null ? "no audit ran" : "the audit failed: " + auditFailure)
          + "); "
          + acknowledged
          + " New-Orders acknowledged\n";
    }
    StringBuilder line =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "durability: %d New-Orders acknowledged, %d acknowledged and lost",
                acknowledged,
                lost()));
    if (lost() > 0 && failedOver()) {
      line.append(" (across a failover: the promoted standby had not received them)");
    } else if (lost() > 0 && lossAllowed()) {
      line.append(" (allowed: synchronous_commit=off acknowledges a COMMIT before it is durable)");
    }
    line.append(
        String.format(
            Locale.ROOT,
            "; unknown: %d (committed %d, not committed %d)",
            unknown,
            unknownCommitted,
            unknownNotCommitted));
    if (unresolved() > 0) {
      line.append(", ").append(unresolved()).append(" unresolved");
    }
    line.append(
        String.format(
            Locale.ROOT,
            "; %d audit%s, %d after an outage",
            audits,
            audits == 1 ? "" : "s",
            auditsAfterOutages));
    for (int i = 1; i < servers.size(); i++) {
      line.append(i == 1 ? "; the server changed: " : ", then ")
          .append(servers.get(i - 1).change(servers.get(i)));
    }
    return line.append('\n').toString();
  }
}
