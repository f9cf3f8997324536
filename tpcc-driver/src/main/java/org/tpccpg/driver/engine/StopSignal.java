package org.tpccpg.driver.engine;

/**
 * A run's one stop request (Ctrl-C, SIGTERM, a caller's {@code requestStop()}), which may come
 * before the engine it stops exists: what is attached later is stopped at once. Safe from any
 * thread: the request and the attachment are volatile, each written before the other is read, so
 * one of the two always sees the other. Does not stop anything by itself, and is not the engine's
 * deadline or budget ({@link RunControl}).
 */
public final class StopSignal {
  private volatile boolean requested;
  private volatile Runnable stopper;

  /** Asks for the stop, and passes it to what is attached. Idempotent. */
  public void request() {
    requested = true;
    Runnable current = stopper;
    if (current != null) {
      current.run();
    }
  }

  /** Whether a stop was asked for. */
  public boolean requested() {
    return requested;
  }

  /** From now on a request calls {@code stop}; called at once when one came already. */
  public void attach(Runnable stop) {
    stopper = stop;
    if (requested) {
      stop.run();
    }
  }
}
