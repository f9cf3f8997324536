package org.tpccpg.driver.tpcb;

import org.tpccpg.driver.metrics.FailureCause;

/** What one logged transaction did, packed into a long with its script and tries. */
enum TxnOutcome {
  OK,
  SERIALIZATION,
  DEADLOCK,
  OTHER_FAILURE,
  SKIPPED;

  private static final TxnOutcome[] VALUES = values();

  static long pack(TxnOutcome outcome, int script, int tries) {
    return ((long) tries << 32) | ((long) script << 8) | outcome.ordinal();
  }

  static TxnOutcome outcome(long packed) {
    return VALUES[(int) (packed & 0xff)];
  }

  static int script(long packed) {
    return (int) ((packed >>> 8) & 0xff_ffff);
  }

  static int tries(long packed) {
    return (int) (packed >>> 32);
  }

  static TxnOutcome of(FailureCause cause) {
    return switch (cause) {
      case SERIALIZATION -> SERIALIZATION;
      case DEADLOCK -> DEADLOCK;
      case UNIQUE_VIOLATION, CONNECTION, OTHER -> OTHER_FAILURE;
    };
  }
}
