package org.tpccpg.driver.cli;

import java.util.Map;
import java.util.Optional;
import org.tpccpg.driver.sweep.Sweep;

/**
 * Ends a sweep's child run when its sweep is gone: {@code kill -9} of the sweep would otherwise
 * leave the cell running on, and a resumed sweep would run the same cell into the same directory
 * beside it. Started only when {@link Sweep#PARENT_VARIABLE} names the sweep's pid; once that
 * process has ended it exits as SIGTERM would, so the run stops through its own signal handling
 * (its results and summary are written, the cell stays pending). It polls, so the child may run up
 * to a second after the sweep.
 */
final class ParentWatch {
  private static final long POLL_MILLIS = 500;

  private ParentWatch() {}

  static void start(Map<String, String> environment) {
    String value = environment.get(Sweep.PARENT_VARIABLE);
    if (value == null) {
      return;
    }
    Optional<ProcessHandle> parent;
    try {
      parent = ProcessHandle.of(Long.parseLong(value.strip()));
    } catch (NumberFormatException e) {
      return; // not set by a sweep
    }
    Thread watch =
        new Thread(
            () -> {
              try {
                while (parent.isPresent() && parent.get().isAlive()) {
                  Thread.sleep(POLL_MILLIS);
                }
              } catch (InterruptedException e) {
                return;
              }
              System.exit(143); // as SIGTERM: the shutdown hook stops the run gracefully
            },
            "tpcc-sweep-parent-watch");
    watch.setDaemon(true);
    watch.start();
  }
}
