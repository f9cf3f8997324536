package org.tpccpg.loader;

/** The phases of {@code prepare}, in order; each ends before the next begins. */
public enum LoadPhase {
  CREATE("create"),
  LOAD("load"),
  PRIMARY_KEYS("keys"),
  /** Secondary indexes, when there are no foreign keys to add. */
  INDEXES("indexes"),
  /**
   * Secondary indexes and foreign keys in one pool: each needs only the primary keys, and an index
   * build and a key on different tables run side by side (on one table they wait for each other).
   */
  INDEXES_AND_FOREIGN_KEYS("indexes+FKs"),
  ANALYZE("analyze");

  private final String label;

  LoadPhase(String label) {
    this.label = label;
  }

  /** The short name used in progress and summary lines. */
  public String label() {
    return label;
  }
}
