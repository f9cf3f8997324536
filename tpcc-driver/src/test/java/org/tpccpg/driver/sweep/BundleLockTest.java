package org.tpccpg.driver.sweep;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One sweep per bundle, and no resume beside a cell that a killed sweep left running. */
class BundleLockTest {
  @TempDir Path bundle;

  @Test
  void aSecondSweepOnTheBundleIsRefusedWithThePidOfTheFirst() throws Exception {
    BundleLock first = BundleLock.acquire(bundle, Duration.ZERO);
    try {
      IllegalStateException e =
          assertThrows(
              IllegalStateException.class, () -> BundleLock.acquire(bundle, Duration.ZERO));
      assertTrue(
          e.getMessage()
              .equals(
                  "--bundle="
                      + bundle
                      + " is in use by a running sweep (pid "
                      + ProcessHandle.current().pid()
                      + "): wait for it to end, or stop it, then resume"),
          e.getMessage());
    } finally {
      first.close();
    }
    BundleLock.acquire(bundle, Duration.ZERO).close(); // released
  }

  @Test
  void aCellLeftRunningIsWaitedForThenRefused() throws Exception {
    Process child = new ProcessBuilder("sleep", "30").start();
    try {
      BundleLock.running(bundle, child, "a.w.c1.r1");
      long start = System.nanoTime();
      IllegalStateException e =
          assertThrows(
              IllegalStateException.class, () -> BundleLock.acquire(bundle, Duration.ofSeconds(1)));
      assertTrue(System.nanoTime() - start >= 900_000_000L, "waited for it");
      assertTrue(
          e.getMessage()
              .equals(
                  "--bundle="
                      + bundle
                      + ": a.w.c1.r1 is still running as pid "
                      + child.pid()
                      + ", left by a sweep that ended without stopping it (kill -9?); wait for it"
                      + " to end or stop it (kill "
                      + child.pid()
                      + "), then resume"),
          e.getMessage());
    } finally {
      child.destroyForcibly().waitFor();
    }
    BundleLock.acquire(bundle, Duration.ofSeconds(1)).close(); // it ended: the resume goes on
    assertFalse(Files.exists(bundle.resolve(BundleLock.RUNNING)), "the record is gone");
  }

  @Test
  void aRecordedPidThatIsNowAnotherProcessIsNotWaitedFor() throws Exception {
    // this JVM's pid, with a start time that is not its own: a reused pid
    Files.writeString(
        bundle.resolve(BundleLock.RUNNING),
        ProcessHandle.current().pid() + " 2001-01-01T00:00:00Z a.w.c1.r1\n");
    BundleLock.acquire(bundle, Duration.ofSeconds(5)).close();
    assertFalse(Files.exists(bundle.resolve(BundleLock.RUNNING)));
  }
}
