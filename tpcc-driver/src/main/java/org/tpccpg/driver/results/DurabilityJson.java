package org.tpccpg.driver.results;

import org.tpccpg.driver.durability.LedgerTotals;
import org.tpccpg.driver.durability.ServerIdentity;

/** The durability ledger's totals in {@code summary.json}. */
final class DurabilityJson {
  private DurabilityJson() {}

  /**
   * {@code "durability": {"acknowledged": 120, "acknowledged_and_lost": 0, ...}}; {@code lost_by}
   * says how each loss was found, {@code loss_allowed} whether {@code synchronous_commit} allows
   * it.
   */
  static void summary(JsonWriter json, LedgerTotals d) {
    json.name("durability").beginObject();
    json.name("audited").value(d.audited());
    json.name("audit_error").value(d.auditFailure());
    json.name("audits").value(d.audits());
    json.name("audits_after_outages").value(d.auditsAfterOutages());
    json.name("acknowledged").value(d.acknowledged());
    json.name("acknowledged_and_lost").value(d.lost());
    json.name("lost_by").beginObject();
    json.name("number_handed_out_again").value(d.lostReused());
    json.name("at_or_above_next_o_id").value(d.lostMissing());
    json.endObject();
    json.name("unknown").value(d.unknown());
    json.name("unknown_committed").value(d.unknownCommitted());
    json.name("unknown_not_committed").value(d.unknownNotCommitted());
    json.name("unknown_unresolved").value(d.unresolved());
    json.name("synchronous_commit").value(d.synchronousCommit());
    json.name("loss_allowed").value(d.lossAllowed());
    json.name("failed_over").value(d.failedOver());
    json.name("servers").beginArray();
    for (ServerIdentity server : d.servers()) {
      json.beginObject();
      json.name("address").value(server.address());
      json.name("timeline").value(server.timeline());
      json.name("postmaster_start").value(server.postmasterStart());
      json.endObject();
    }
    json.endArray();
    json.endObject();
  }
}
