package org.tpccpg.driver.sweep;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Keeps two processes from running cells into one bundle: the sweep holds an exclusive lock on
 * {@code sweep.lock} for as long as it runs (the system drops it when the sweep dies, also by
 * {@code kill -9}), and records the child it runs in {@code running-cell} (pid and start time, so
 * that a reused pid is not taken for it). A sweep that was killed outright leaves that file and
 * maybe the child (which stops by itself once it sees its parent gone, see ChildRuns); resuming
 * waits {@link #LEFTOVER_WAIT} for it and then refuses. It does not lock against other writers of
 * the bundle's files.
 */
final class BundleLock implements AutoCloseable {
  static final String LOCK = "sweep.lock";
  static final String RUNNING = "running-cell";
  static final Duration LEFTOVER_WAIT = Duration.ofSeconds(15);

  private final FileChannel channel;
  private final FileLock lock;

  private BundleLock(FileChannel channel, FileLock lock) {
    this.channel = channel;
    this.lock = lock;
  }

  /**
   * Takes the bundle's lock, then waits for a child that a killed sweep left running.
   *
   * @throws IllegalStateException naming the bundle and the pid, when another sweep holds the lock
   *     or the left child still runs
   */
  static BundleLock acquire(Path bundle) throws IOException, InterruptedException {
    return acquire(bundle, LEFTOVER_WAIT);
  }

  /** {@link #acquire(Path)}, waiting {@code wait} for a left child. */
  static BundleLock acquire(Path bundle, Duration wait) throws IOException, InterruptedException {
    Path file = bundle.resolve(LOCK);
    FileChannel channel =
        FileChannel.open(
            file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
    FileLock lock;
    try {
      lock = channel.tryLock();
    } catch (OverlappingFileLockException e) {
      lock = null; // held by this JVM (a test's second sweep)
    }
    if (lock == null) {
      String holder = Files.readString(file, StandardCharsets.UTF_8).strip();
      channel.close();
      throw new IllegalStateException(
          "--bundle="
              + bundle
              + " is in use by a running sweep (pid "
              + (holder.isEmpty() ? "unknown" : holder)
              + "): wait for it to end, or stop it, then resume");
    }
    channel.truncate(0);
    channel.write(
        ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.UTF_8)));
    BundleLock held = new BundleLock(channel, lock);
    try {
      awaitLeftover(bundle, wait);
    } catch (IOException | RuntimeException | InterruptedException e) {
      held.close();
      throw e;
    }
    return held;
  }

  /** Records the child now running a cell (or a warm-up or preparation). */
  static void running(Path bundle, Process child, String what) throws IOException {
    Instant started = child.info().startInstant().orElse(Instant.EPOCH);
    Files.writeString(
        bundle.resolve(RUNNING),
        child.pid() + " " + started + " " + what + "\n",
        StandardCharsets.UTF_8);
  }

  static void ended(Path bundle) throws IOException {
    Files.deleteIfExists(bundle.resolve(RUNNING));
  }

  private static void awaitLeftover(Path bundle, Duration wait)
      throws IOException, InterruptedException {
    Path file = bundle.resolve(RUNNING);
    if (!Files.isRegularFile(file)) {
      return;
    }
    List<String> parts = List.of(Files.readString(file, StandardCharsets.UTF_8).strip().split(" "));
    Optional<ProcessHandle> child = leftover(parts);
    long deadline = System.nanoTime() + wait.toNanos();
    while (child.isPresent() && child.get().isAlive() && System.nanoTime() < deadline) {
      Thread.sleep(200);
    }
    if (child.isPresent() && child.get().isAlive()) {
      throw new IllegalStateException(
          "--bundle="
              + bundle
              + ": "
              + (parts.size() > 2 ? parts.get(2) : "a cell")
              + " is still running as pid "
              + parts.get(0)
              + ", left by a sweep that ended without stopping it (kill -9?); wait for it to end"
              + " or stop it (kill "
              + parts.get(0)
              + "), then resume");
    }
    Files.deleteIfExists(file);
  }

  /** The recorded child if that pid is still the process that was started then. */
  private static Optional<ProcessHandle> leftover(List<String> parts) {
    try {
      Optional<ProcessHandle> handle = ProcessHandle.of(Long.parseLong(parts.get(0)));
      Instant recorded = parts.size() > 1 ? Instant.parse(parts.get(1)) : Instant.EPOCH;
      return handle.filter(
          h ->
              h.info().startInstant().map(recorded::equals).orElse(recorded.equals(Instant.EPOCH)));
    } catch (RuntimeException e) {
      return Optional.empty(); // unreadable: not ours to wait for
    }
  }

  @Override
  public void close() throws IOException {
    try {
      lock.release();
    } finally {
      channel.close();
    }
  }
}
