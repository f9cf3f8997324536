package org.tpccpg.driver.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.random.NuRandConstants;
import org.tpccpg.core.schema.DataSetInfo;
import org.tpccpg.core.sql.SqlStateClass;
import org.tpccpg.core.tpcc.WorkloadShape;
import org.tpccpg.driver.connect.StatementMode;
import org.tpccpg.driver.engine.EngineConfig;

class RunConfigTest {
  private static final DataSetInfo INFO =
      new DataSetInfo(
          1, 2, 7, new NuRandConstants(100, 200, 300), "t", true, Instant.EPOCH, true, 0, false);

  private static RunConfig.Builder builder() {
    return RunConfig.builder(WorkloadShape.of(1, 2), INFO);
  }

  private static RunConfig config(ConnectionMode mode, int poolSize) {
    return builder()
        .threads(8)
        .reportIntervalSeconds(1)
        .seed(42)
        .connectionMode(mode)
        .poolSize(poolSize)
        .build();
  }

  private static String rejected(UnaryOperator<RunConfig.Builder> bad) {
    return assertThrows(IllegalArgumentException.class, () -> bad.apply(builder()).build())
        .getMessage();
  }

  @Test
  void aPoolNeedsASizeAndOnlyAPoolHasOne() {
    assertEquals(2, config(ConnectionMode.POOLED, 2).poolSize());
    assertEquals(0, config(ConnectionMode.PER_TRANSACTION, 0).poolSize());
    IllegalArgumentException noSize =
        assertThrows(IllegalArgumentException.class, () -> config(ConnectionMode.POOLED, 0));
    assertEquals(
        "poolSize must be >= 1 with a pool and 0 without but was 0 with POOLED",
        noSize.getMessage());
    assertThrows(IllegalArgumentException.class, () -> config(ConnectionMode.DEDICATED, 4));
  }

  @Test
  void aBuilderLeftAloneGivesTheDefaults() {
    RunConfig c = builder().build();
    assertEquals(RunDefaults.THREADS, c.threads());
    assertEquals(RunDefaults.TIME_SECONDS, c.timeSeconds());
    assertEquals(RunDefaults.EVENTS, c.events());
    assertEquals(RunDefaults.REPORT_INTERVAL_SECONDS, c.reportIntervalSeconds());
    assertEquals(95.0, c.percentile());
    assertFalse(c.histogram());
    assertEquals(0.0, c.rate());
    assertEquals(RunDefaults.WARMUP_SECONDS, c.warmupSeconds());
    assertEquals(IsolationLevel.RC, c.isolation());
    assertEquals(StatementMode.PREPARED, c.statementMode());
    assertFalse(c.purge());
    assertFalse(c.reportCsv());
    assertEquals(RunDefaults.MAX_TRIES, c.maxTries());
    assertFalse(c.exitOnAbort());
    assertEquals(ConnectionMode.DEDICATED, c.connectionMode());
    assertEquals(0, c.poolSize());
    assertNotEquals(0, c.seed(), "seed 0 takes one from the clock");
  }

  @Test
  void everyValueSetIsTheValueBuilt() {
    RunConfig c =
        builder()
            .threads(3)
            .timeSeconds(7)
            .events(11)
            .reportIntervalSeconds(2)
            .percentile(99)
            .histogram(true)
            .rate(50.5)
            .warmupSeconds(4)
            .isolation(IsolationLevel.SER)
            .statementMode(StatementMode.SIMPLE)
            .purge(true)
            .reportCsv(true)
            .seed(42)
            .maxTries(5)
            .exitOnAbort(true)
            .connectionMode(ConnectionMode.POOLED)
            .poolSize(2)
            .build();
    assertEquals(3, c.threads());
    assertEquals(7, c.timeSeconds());
    assertEquals(11, c.events());
    assertEquals(2, c.reportIntervalSeconds());
    assertEquals(99.0, c.percentile());
    assertTrue(c.histogram());
    assertEquals(50.5, c.rate());
    assertEquals(4, c.warmupSeconds());
    assertEquals(IsolationLevel.SER, c.isolation());
    assertEquals(StatementMode.SIMPLE, c.statementMode());
    assertTrue(c.purge());
    assertTrue(c.reportCsv());
    assertEquals(42, c.seed());
    assertEquals(5, c.maxTries());
    assertTrue(c.exitOnAbort());
    assertEquals(ConnectionMode.POOLED, c.connectionMode());
    assertEquals(2, c.poolSize());
    assertEquals(INFO, c.dataSet());
    assertEquals(WorkloadShape.of(1, 2), c.shape());
  }

  @Test
  void noticesGoToTheOutputFromSysbenchsNoticeLevelUpAndNowhereBelowIt() {
    StringWriter text = new StringWriter();
    PrintWriter out = new PrintWriter(text);
    assertSame(out, builder().build().notices(out), "the default level, 3");
    assertSame(out, builder().log(SysbenchLog.of(5, false, false, false)).build().notices(out));
    for (int level = 0; level < 3; level++) {
      PrintWriter notices =
          builder().log(SysbenchLog.of(level, false, false, false)).build().notices(out);
      notices.println("Threads started!");
      notices.flush();
    }
    assertEquals("", text.toString());
  }

  @Test
  void badValuesAreRejectedNamingFieldAndValue() {
    assertEquals("threads must be >= 1 but was 0", rejected(b -> b.threads(0)));
    assertEquals(
        "time, events, report interval and warmup must be >= 0 but were -1, 0, 0, 0",
        rejected(b -> b.timeSeconds(-1)));
    assertEquals(
        "time, events, report interval and warmup must be >= 0 but were 10, 0, 0, -3",
        rejected(b -> b.warmupSeconds(-3)));
    assertEquals("maxTries must be >= 0 but was -1", rejected(b -> b.maxTries(-1)));
    assertEquals(
        "rate must be >= 0 and percentile 0..100 but were -1.0 and 95.0",
        rejected(b -> b.rate(-1)));
    assertEquals(
        "rate must be >= 0 and percentile 0..100 but were 0.0 and 101.0",
        rejected(b -> b.percentile(101)));
    assertEquals(
        "poolSize must be >= 1 with a pool and 0 without but was 4 with DEDICATED",
        rejected(b -> b.poolSize(4)));
  }

  @Test
  void aMissingValueIsNamed() {
    NullPointerException e =
        assertThrows(NullPointerException.class, () -> builder().isolation(null).build());
    assertEquals("isolation", e.getMessage());
    assertEquals(
        "dataSet",
        assertThrows(
                NullPointerException.class,
                () -> RunConfig.builder(WorkloadShape.of(1, 1), null).build())
            .getMessage());
  }

  @Test
  void theEngineRunsTheTimeAndTheWarmupTogetherUnderPgbenchsRulesByDefault() {
    EngineConfig engine =
        builder()
            .threads(6)
            .timeSeconds(60)
            .warmupSeconds(5)
            .events(1000)
            .rate(250)
            .maxTries(3)
            .exitOnAbort(true)
            .seed(42)
            .build()
            .engineConfig();
    assertEquals(6, engine.clients());
    assertEquals(65_000_000_000L, engine.timeNanos());
    assertEquals(1000, engine.transactionBudget());
    assertEquals(250.0, engine.rate());
    assertEquals(3, engine.maxTries());
    assertEquals(EngineConfig.AfterLastTry.FAIL, engine.afterLastTry());
    assertEquals(SqlStateClass.survivedByDefault(), engine.survivable());
    assertTrue(engine.exitOnAbort() && engine.fatalEndsRun());
    assertEquals(42, engine.seed());
  }

  @Test
  void withoutATimeLimitTheWarmupDoesNotBoundTheEngine() {
    assertEquals(0, builder().timeSeconds(0).warmupSeconds(5).build().engineConfig().timeNanos());
  }

  @Test
  void inSysbenchCompatibilityAFailedTryIsIgnoredAndTheEventDrawsAgain() {
    EngineConfig engine =
        RunConfig.builder(WorkloadShape.of(1, 2).withSysbenchDeviations(), INFO)
            .maxTries(5)
            .build()
            .engineConfig();
    assertEquals(1, engine.maxTries());
    assertEquals(EngineConfig.AfterLastTry.REDRAW, engine.afterLastTry());
    assertEquals(SqlStateClass.ignoredBySysbench(), engine.survivable());
  }
}
