package org.tpccpg.core.schema;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How {@code prepare} lays a data set out: plain PostgreSQL tables, or Citus distributed tables
 * ({@code sql/tpcc/citus.sql}, rendered by {@code ddl.CitusScript}). For Citus, every table but
 * {@code item} is distributed by its warehouse column and colocated with {@code warehouse}, {@code
 * item} is a reference table, and the two foreign keys whose columns are not the distribution
 * column of both sides are left out: Citus refuses a foreign key between distributed tables that
 * does not include the distribution column on both sides.
 */
public enum Distribution {
  /** Plain tables on one server. */
  NONE,
  /** Citus: distributed and reference tables. */
  CITUS;

  private static final Pattern CONSTRAINT = Pattern.compile("(?i)ADD\\s+CONSTRAINT\\s+(\\w+)");

  /**
   * The foreign keys of {@code foreign-keys.sql} left out under Citus, by the name without the set
   * suffix: history's key to the customer, which may be a remote warehouse's (TPC-C 2.5.1.2), and
   * order_line's key to the supplying warehouse's stock (TPC-C 2.4.1.5).
   */
  public static final Set<String> CITUS_LEFT_OUT = Set.of("fkey_history_1", "fkey_order_line_2");

  /** The option's value, as {@code --distribute} takes it. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses {@code --distribute}'s value.
   *
   * @throws IllegalArgumentException naming the values it takes
   */
  public static Distribution parse(String text) {
    for (Distribution d : values()) {
      if (d.label().equals(text.strip().toLowerCase(Locale.ROOT))) {
        return d;
      }
    }
    throw new IllegalArgumentException("it must be none or citus");
  }

  /** Whether the foreign key statement {@code sql} of {@code set} is one this layout accepts. */
  public boolean acceptsForeignKey(int set, String sql) {
    if (this == NONE) {
      return true;
    }
    Matcher m = CONSTRAINT.matcher(sql);
    String suffix = "_" + set;
    if (!m.find() || !m.group(1).endsWith(suffix)) {
      return true;
    }
    String name = m.group(1);
    return !CITUS_LEFT_OUT.contains(name.substring(0, name.length() - suffix.length()));
  }
}
