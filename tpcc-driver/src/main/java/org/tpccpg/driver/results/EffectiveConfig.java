package org.tpccpg.driver.results;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.tpccpg.core.random.NuRandConstants;
import org.tpccpg.core.schema.DataSetInfo;
import org.tpccpg.driver.config.RunConfig;
import org.tpccpg.driver.connect.ConnectionTarget;

/**
 * A run's configuration as it ran: the connection target and every {@link RunConfig} value (a TPC-B
 * run lists its own, see {@code TpcbSummary.config}), defaults and the seed taken from the clock
 * included. One listing for both readers, so they cannot drift apart: {@code summary.json}'s {@code
 * "config"} object and {@code run --verbose}'s {@code name: value} lines. The password is never
 * among the values: {@value #MASK} when one was given, null (printed as {@code (none)}) when not.
 */
public final class EffectiveConfig {
  /** What stands for a password that was given. */
  public static final String MASK = "********";

  private EffectiveConfig() {}

  /**
   * Name to value, in the order printed; values are strings, numbers, booleans or null. Names are
   * snake_case, as elsewhere in the results files.
   */
  public static Map<String, Object> of(RunConfig c, ConnectionTarget target) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("host", target.host());
    m.put("port", target.port());
    m.put("database", target.database());
    m.put("user", target.user());
    m.put("password", target.passwordGiven() ? MASK : null);
    m.put("tables", c.shape().tableSets());
    m.put("scale", c.shape().warehousesPerSet());
    m.put("warehouses", c.warehouses());
    m.put("home_warehouses", c.shape().homeWarehouses().toString());
    m.put("sysbench_compat", c.shape().sysbenchCompat());
    m.put("txn_mode", c.txnMode().optionValue());
    m.put("threads", c.threads());
    m.put("time_seconds", c.timeSeconds());
    m.put("events", c.events());
    m.put("report_interval_seconds", c.reportIntervalSeconds());
    m.put("percentile", c.percentile());
    m.put("histogram", c.histogram());
    m.put("rate", c.rate());
    m.put("warmup_seconds", c.warmupSeconds());
    m.put("isolation", c.isolation().name());
    m.put("statement_mode", lower(c.statementMode()));
    m.put("purge", c.purge());
    m.put("report_csv", c.reportCsv());
    m.put("seed", c.seed());
    m.put("max_tries", c.maxTries());
    m.put("exit_on_abort", c.exitOnAbort());
    m.put("forced_shutdown_seconds", c.forcedShutdown() ? c.forcedShutdownSeconds() : null);
    m.put("report_checkpoints", c.reportCheckpoints().optionValue());
    m.put("splittable", c.splittable());
    m.put("verbosity", c.log().verbosity());
    m.put("debug", c.log().debug());
    m.put("validate", c.log().validate());
    m.put("db_debug", c.log().dbDebug());
    m.put("connection_mode", lower(c.connectionMode()));
    m.put("pool_size", c.poolSize());
    DataSetInfo d = c.dataSet();
    boolean known = d.loadConstantsKnown(); // false for a data set sysbench-tpcc loaded
    m.put("data_set_origin", lower(d.origin()));
    m.put("data_set_loaded_at", d.loadedAt().toString());
    m.put("data_set_seed", known ? d.seed() : null);
    m.put("data_set_tool_version", d.toolVersion());
    m.put("data_set_distribution", d.distribution());
    m.put("data_set_c_last", known ? d.loadConstants().cLast() : null);
    m.put("data_set_c_id", known ? d.loadConstants().cId() : null);
    m.put("data_set_ol_i_id", known ? d.loadConstants().orderLineItemId() : null);
    NuRandConstants run = c.runConstants();
    m.put("run_c_last", run.cLast());
    m.put("run_c_id", run.cId());
    m.put("run_ol_i_id", run.orderLineItemId());
    return Collections.unmodifiableMap(m);
  }

  /** Writes {@code "config": {...}} as a member of the current object. */
  public static void write(JsonWriter json, Map<String, Object> config) {
    json.name("config").beginObject();
    config.forEach(
        (name, value) -> {
          json.name(name);
          if (value == null) {
            json.nullValue();
          } else if (value instanceof Boolean b) {
            json.value(b);
          } else if (value instanceof Double x) {
            json.value(x.doubleValue());
          } else if (value instanceof Number n) {
            json.value(n.longValue());
          } else {
            json.value(value.toString());
          }
        });
    json.endObject();
  }

  /** One {@code name: value} line each; numbers as in the JSON ({@code 95}, not {@code 95.0}). */
  public static List<String> lines(Map<String, Object> config) {
    List<String> lines = new ArrayList<>();
    config.forEach((name, value) -> lines.add(name + ": " + text(value)));
    return lines;
  }

  private static String text(Object value) {
    if (value == null) {
      return "(none)";
    }
    if (value instanceof Double x) {
      return new JsonWriter().value(x.doubleValue()).toString();
    }
    return value.toString();
  }

  private static String lower(Enum<?> value) {
    return value.name().toLowerCase(Locale.ROOT);
  }
}
