package org.tpccpg.core.ddl;

import java.util.List;
import java.util.Map;
import org.tpccpg.core.schema.Distribution;

/**
 * The statements of {@code sql/tpcc/citus.sql} for one table set: what {@link Distribution#CITUS}
 * runs after a set's tables exist. Apart from {@link Distribution} so that the data set's record
 * (which names its layout) does not depend on the DDL.
 */
public final class CitusScript {
  private static final SqlScript SCRIPT = SqlScript.load("citus.sql");

  private CitusScript() {}

  /** The statements that distribute the tables of {@code set}, in order; none for plain tables. */
  public static List<String> distributeTables(Distribution distribution, int set) {
    if (distribution == Distribution.NONE) {
      return List.of();
    }
    Map<String, String> values = Map.of("set", Integer.toString(set));
    return SCRIPT.templates().stream().map(template -> SCRIPT.render(template, values)).toList();
  }
}
