package org.tpccpg.driver.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The schemas accept what they describe and refuse what they do not: they can fail. */
class ResultsSchemaTest {
  private static final String INTERVAL =
      """
      {"schema_version":1,"time":"2026-11-30T12:00:01Z","seconds":1.0,"interval_s":1.0,\
      "threads":2,"transactions":10,"tps":10,"qps":30,"reads_per_s":10,"writes_per_s":10,\
      "others_per_s":10,"errors":0,"errors_per_s":0,"rollbacks":0,"rollbacks_per_s":0,"reconnects":0,"reconnects_per_s":0,\
      "failed":0,"serialization_failures":0,"deadlock_failures":0,"retried":0,"retries":0,\
      "skipped":0,"late":0,"latency_avg_ms":1.5,"latency_stddev_ms":0.2,"lag_avg_ms":0,\
      "kinds":{"select-only":{"count":10,"p50_ms":1.4,"p90_ms":1.7,"p95_ms":1.8,\
      "p99_ms":2.0,"max_ms":2.1}}}""";

  @Test
  void anIntervalLineAsTheRunWritesItConforms() {
    assertEquals(List.of(), ResultsSchema.INTERVAL.violations(INTERVAL));
  }

  @Test
  void aLineWithoutAMemberOrWithANegativeCountOrAnUnknownMemberIsRefused() {
    List<String> missing = ResultsSchema.INTERVAL.violations(INTERVAL.replace("\"tps\":10,", ""));
    assertFalse(missing.isEmpty());
    assertTrue(missing.toString().contains("tps"), missing.toString());
    assertFalse(
        ResultsSchema.INTERVAL
            .violations(INTERVAL.replace("\"errors\":0", "\"errors\":-1"))
            .isEmpty());
    assertFalse(
        ResultsSchema.INTERVAL
            .violations(
                INTERVAL.replace("{\"schema_version\":1,", "{\"schema_version\":1,\"x\":1,"))
            .isEmpty());
    assertFalse(
        ResultsSchema.INTERVAL
            .violations(INTERVAL.replace("\"schema_version\":1", "\"schema_version\":2"))
            .isEmpty());
  }

  private static String withServer(String server) {
    return INTERVAL.substring(0, INTERVAL.length() - 1) + ",\"server\":" + server + "}";
  }

  private static final String SERVER =
      """
      {"checkpoints":1,"checkpoints_requested":1,"wal_bytes":null,"commits":40,"rollbacks":0,\
      "deadlocks":0,"temp_bytes":0,"autovacuum_workers":1,\
      "wait_events":{"LWLock:WALWrite":3,"Lock:transactionid":1}}""";

  @Test
  void anIntervalWithTheServersFiguresConformsUnknownCountersIncluded() {
    assertEquals(List.of(), ResultsSchema.INTERVAL.violations(withServer(SERVER)));
  }

  @Test
  void serverFiguresWithANegativeCounterAMissingMemberOrAnOddWaitEventAreRefused() {
    assertFalse(
        ResultsSchema.INTERVAL
            .violations(withServer(SERVER.replace("\"commits\":40", "\"commits\":-1")))
            .isEmpty());
    assertFalse(
        ResultsSchema.INTERVAL
            .violations(withServer(SERVER.replace("\"deadlocks\":0,", "")))
            .isEmpty());
    assertFalse(
        ResultsSchema.INTERVAL
            .violations(withServer(SERVER.replace("\"LWLock:WALWrite\"", "\"WALWrite\"")))
            .isEmpty());
  }

  @Test
  void aSummaryWithAPasswordInItsConfigIsRefused() {
    assertFalse(
        ResultsSchema.SUMMARY
            .violations(
                "{\"schema_version\":1,\"config\":{\"host\":\"h\",\"port\":1,\"database\":\"d\","
                    + "\"user\":\"u\",\"password\":\"secret\",\"seed\":1}}")
            .stream()
            .noneMatch(v -> v.contains("password")));
  }
}
