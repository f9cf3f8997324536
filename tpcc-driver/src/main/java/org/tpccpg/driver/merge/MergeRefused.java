package org.tpccpg.driver.merge;

/** Results that cannot be merged into one; the message says why in one line. */
public final class MergeRefused extends Exception {
  private static final long serialVersionUID = 1L;

  MergeRefused(String message) {
    super(message);
  }
}
