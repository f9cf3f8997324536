package org.tpccpg.core.jdbc;

/**
 * One SQL statement rendered once for each table set: {@code ${set}} in the template becomes the
 * set number, so {@code customer${set}} reads {@code customer2} in set 2.
 */
public final class SetSql {
  /** The placeholder for the table-set number. */
  public static final String SET = "${set}";

  private final String[] bySet;

  /** Renders {@code template}, which must contain {@link #SET}, for sets 1 to {@code tableSets}. */
  public SetSql(String template, int tableSets) {
    if (!template.contains(SET)) {
      throw new IllegalArgumentException("template has no " + SET + ": " + template);
    }
    if (tableSets < 1) {
      throw new IllegalArgumentException("tableSets must be >= 1 but was " + tableSets);
    }
    bySet = new String[tableSets];
    for (int set = 1; set <= bySet.length; set++) {
      bySet[set - 1] = template.replace(SET, Integer.toString(set));
    }
  }

  /** The statement for {@code tableSet}. */
  public String of(int tableSet) {
    if (tableSet < 1 || tableSet > bySet.length) {
      throw new IllegalArgumentException(
          "tableSet must be in 1.." + bySet.length + " but was " + tableSet);
    }
    return bySet[tableSet - 1];
  }
}
