package org.tpccpg.loader;

import java.time.Duration;

/** Told when each phase of a load starts and ends; the command line prints progress from it. */
public interface LoadListener {
  default void phaseStarted(LoadPhase phase) {}

  default void phaseFinished(LoadPhase phase, Duration elapsed) {}

  /**
   * Told each time a work item of a phase other than the row load ends (a table set created, a key
   * built), so that long phases show progress too. Called from the loader's threads.
   */
  default void workDone(LoadPhase phase, int done, int total) {}

  /** A listener that does nothing. */
  static LoadListener none() {
    return new LoadListener() {};
  }
}
