package org.tpccpg.loader;

/** The phases of {@code prepare}, in order; each ends before the next begins. */
public enum LoadPhase {
  CREATE("create"),
  LOAD("load"),
  PRIMARY_KEYS("keys"),
  INDEXES("indexes"),
  FOREIGN_KEYS("FKs"),
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
