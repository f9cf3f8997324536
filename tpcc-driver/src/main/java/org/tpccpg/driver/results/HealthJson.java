package org.tpccpg.driver.results;

import java.util.Map;
import org.tpccpg.driver.serverstats.HealthSample;
import org.tpccpg.driver.serverstats.HealthTotals;

/**
 * The run's long-run health in its results files: a reading as an interval line's {@code "health"}
 * (the interval it was taken in), and the readings taken together as {@code summary.json}'s {@code
 * "health"}: the latest reading, growth per hour and the XID age's outlook.
 */
final class HealthJson {
  private HealthJson() {}

  /** One reading, as an object after its name. */
  static void reading(JsonWriter json, HealthSample h) {
    json.beginObject();
    json.name("database_bytes").value(h.databaseBytes());
    json.name("xid_age").value(h.xidAge());
    json.name("autovacuum_freeze_max_age").value(h.freezeMaxAge());
    json.name("temp_files").value(h.tempFiles());
    json.name("standbys").value(h.standbys());
    json.name("replication_lag_bytes").value(h.replicationLagBytes());
    json.name("tables").beginObject();
    for (Map.Entry<String, HealthSample.TableHealth> e : h.tables().entrySet()) {
      HealthSample.TableHealth t = e.getValue();
      json.name(e.getKey()).beginObject();
      json.name("table_bytes").value(t.tableBytes());
      json.name("indexes_bytes").value(t.indexesBytes());
      json.name("live_tuples").value(t.liveTuples());
      json.name("dead_tuples").value(t.deadTuples());
      json.name("xid_age").value(t.xidAge());
      json.endObject();
    }
    json.endObject().endObject();
  }

  /** {@code "health": {...}} of the summary, when the run took a reading. */
  static void summary(JsonWriter json, HealthTotals.Snapshot s) {
    if (s.latest() == null) {
      return;
    }
    HealthSample first = s.first();
    HealthSample last = s.latest();
    json.name("health").beginObject();
    json.name("readings").value(s.readings());
    json.name("readings_s").value(s.seconds());
    json.name("database_bytes").value(last.databaseBytes());
    json.name("database_growth_bytes_per_hour")
        .value(s.perHour(first.databaseBytes(), last.databaseBytes()));
    json.name("xid_age").value(last.xidAge());
    json.name("xid_age_per_hour").value(s.perHour(first.xidAge(), last.xidAge()));
    json.name("autovacuum_freeze_max_age").value(last.freezeMaxAge());
    json.name("hours_to_autovacuum_freeze_max_age").value(s.hoursToXidAge(last.freezeMaxAge()));
    json.name("hours_to_wraparound_stop").value(s.hoursToXidAge(HealthTotals.WRAPAROUND_STOP_AGE));
    json.name("temp_files").value(last.tempFiles() - first.tempFiles());
    json.name("standbys").value(last.standbys());
    json.name("replication_lag_bytes").value(last.replicationLagBytes());
    json.name("most_replication_lag_bytes").value(s.mostReplicationLagBytes());
    json.name("tables").beginObject();
    for (Map.Entry<String, HealthSample.TableHealth> e : last.tables().entrySet()) {
      HealthSample.TableHealth t = e.getValue();
      HealthSample.TableHealth before = first.tables().getOrDefault(e.getKey(), t);
      json.name(e.getKey()).beginObject();
      json.name("bytes").value(t.tableBytes() + t.indexesBytes());
      json.name("growth_bytes_per_hour")
          .value(
              s.perHour(
                  before.tableBytes() + before.indexesBytes(), t.tableBytes() + t.indexesBytes()));
      json.name("dead_tuples").value(t.deadTuples());
      json.name("most_dead_tuples").value(s.mostDeadTuples().getOrDefault(e.getKey(), 0L));
      json.name("xid_age").value(t.xidAge());
      json.endObject();
    }
    json.endObject().endObject();
  }
}
