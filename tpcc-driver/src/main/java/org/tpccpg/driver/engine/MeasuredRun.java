package org.tpccpg.driver.engine;

import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongFunction;

/**
 * The measured part of every run, TPC-C, spec mode and TPC-B alike: starts the engine, sets up the
 * run's sampler and its background reporting at the instant the time limit counts from, waits for
 * the clients to end, and stops the reporting. It does not build clients, print, judge or write
 * results: the run that calls it does, from what {@link Ended} hands back.
 */
public final class MeasuredRun {
  private MeasuredRun() {}

  /** Background work that lasts while the clients run, such as the interval reporter. */
  @FunctionalInterface
  public interface Stoppable {
    void stop() throws InterruptedException;
  }

  /** What starts with the measured phase: its sampler, and its reporting (null: none). */
  public record Phase<S>(S sampler, Stoppable reporting) {}

  /** For a run whose engine never started: its sampler, or an exception that ends the run. */
  @FunctionalInterface
  public interface NotStarted<S> {
    S sampler(long nowNanos) throws SQLException, InterruptedException;
  }

  /**
   * How the measured phase went.
   *
   * @param startNanos when the engine started, or when it was found not to have started (a client
   *     could not start, or the run was stopped first)
   * @param endNanos when the last client ended, before the reporting was stopped
   */
  public record Ended<S>(S sampler, long startNanos, long endNanos, Engine.Ending ending) {}

  /**
   * Runs {@code engine} to its end.
   *
   * @param atStart called once, with the start time, just before the clients are let go
   * @param notStarted called instead when the engine did not start; may throw to end the run
   */
  public static <S> Ended<S> run(
      Engine engine, LongFunction<Phase<S>> atStart, NotStarted<S> notStarted)
      throws SQLException, InterruptedException {
    AtomicReference<Phase<S>> phase = new AtomicReference<>();
    long startNanos = engine.start(at -> phase.set(atStart.apply(at)));
    S sampler;
    if (startNanos >= 0) {
      sampler = phase.get().sampler();
    } else {
      startNanos = System.nanoTime();
      sampler = notStarted.sampler(startNanos);
    }
    Engine.Ending ending;
    long endNanos;
    try {
      ending = engine.awaitEnd();
    } finally {
      endNanos = System.nanoTime();
      engine.requestStop();
      Stoppable reporting = phase.get() == null ? null : phase.get().reporting();
      if (reporting != null) {
        reporting.stop();
      }
    }
    return new Ended<>(sampler, startNanos, endNanos, ending);
  }
}
