package org.tpccpg.driver.cli;

import java.io.PrintWriter;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Turns Ctrl-C or SIGTERM into a graceful stop: a shutdown hook asks the work to stop, waits until
 * the caller reports it {@link #finished} (its summary printed), and then halts the JVM with the
 * work's exit code instead of the signal's. Until the work begins, an {@link InterruptGuard} has
 * the signal instead.
 */
final class SignalStop {
  private static final long SUMMARY_WAIT_SECONDS = 60;

  private final CountDownLatch finished = new CountDownLatch(1);
  private final AtomicInteger exitCode = new AtomicInteger(0);
  private final Thread hook;

  private SignalStop(Runnable requestStop, PrintWriter out, InterruptGuard notYet) {
    this.hook =
        new Thread(
            () -> {
              if (notYet.armed()) {
                return; // the work has not begun: the guard reports, the JVM exits
              }
              requestStop.run();
              try {
                if (finished.await(SUMMARY_WAIT_SECONDS, TimeUnit.SECONDS)) {
                  out.flush();
                  Runtime.getRuntime().halt(exitCode.get());
                }
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            "tpcc-signal-stop");
  }

  /**
   * Installs the hook; {@code requestStop} must return at once and be safe from any thread.
   *
   * @param notYet while armed, the work has not begun and a signal is the guard's to report
   */
  static SignalStop install(Runnable requestStop, PrintWriter out, InterruptGuard notYet) {
    SignalStop stop = new SignalStop(requestStop, out, notYet);
    Runtime.getRuntime().addShutdownHook(stop.hook);
    return stop;
  }

  /** The work is over and its output printed; removes the hook (or lets it halt with the code). */
  void finished(int code) {
    exitCode.set(code);
    finished.countDown();
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // The JVM is shutting down (a signal): the hook exits with our code.
    }
  }
}
