package org.tpccpg.loader;

import java.time.Duration;

/** Told when each phase of a load starts and ends; the command line prints progress from it. */
public interface LoadListener {
  default void phaseStarted(LoadPhase phase) {}

  default void phaseFinished(LoadPhase phase, Duration elapsed) {}

  /** A listener that does nothing. */
  static LoadListener none() {
    return new LoadListener() {};
  }
}
