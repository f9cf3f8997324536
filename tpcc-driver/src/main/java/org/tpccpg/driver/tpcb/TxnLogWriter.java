package org.tpccpg.driver.tpcb;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.tpccpg.driver.results.FileFailure;

/**
 * Writes the {@code -l} files on a thread of its own: takes the clients' {@link TxnLogBuffer}
 * chunks from a bounded queue (no lock is held while writing), formats pgbench 15's lines, and
 * flushes at least once a second. With {@code --aggregate-interval} it writes one {@link
 * IntervalLog} line per interval once no client can still add to it. A full queue makes clients
 * wait, as pgbench's clients wait on their writes, so memory stays bounded.
 *
 * <p>The first failed write (a full disk) is told at once, naming the file and the reason; from
 * then on the writer takes the clients' chunks and drops them, so that no client waits on a queue
 * nobody empties, and the run goes on to its end.
 */
final class TxnLogWriter implements Runnable {
  private static final Chunk END = new Chunk(-1, -1, new long[0], 0);
  private static final long FLUSH_NANOS = TimeUnit.SECONDS.toNanos(1);

  private final BlockingQueue<Chunk> queue = new ArrayBlockingQueue<>(256);
  private final Writer[] files;
  private final Path[] paths;
  private final IntervalLog[] intervals;
  private final Consumer<String> firstFailure;
  private final RunLimits limits;

  /** pgbench 19 with {@code --failures-detailed}: an other failure is {@code other}, not failed. */
  private final boolean otherFailures;

  private final long baseNanos;
  private final long baseEpochMicros;
  private volatile String failure; // cannot write <file>: <reason>

  /** A client's entries: {@link TxnLogBuffer#FIELDS} longs each. */
  record Chunk(int client, int file, long[] entries, int size) {}

  /**
   * Opens one file per pgbench thread.
   *
   * @param baseNanos a {@link System#nanoTime()} reading taken at {@code baseEpochMicros}
   * @param firstFailure told once, on the writer's thread, {@code cannot write <file>: <reason>}
   * @throws IOException {@code cannot create <file>: <reason>}
   */
  TxnLogWriter(
      TxnLogOptions options,
      RunLimits limits,
      PgbenchVersion version,
      int threads,
      long baseNanos,
      long baseEpochMicros,
      long pid,
      Consumer<String> firstFailure)
      throws IOException {
    this.limits = limits;
    this.otherFailures = limits.failuresDetailed() && version.reportsOtherFailures();
    this.baseNanos = baseNanos;
    this.baseEpochMicros = baseEpochMicros;
    this.firstFailure = firstFailure;
    this.files = new Writer[threads];
    this.paths = new Path[threads];
    this.intervals = new IntervalLog[options.aggregateSeconds() > 0 ? threads : 0];
    for (int t = 0; t < threads; t++) {
      paths[t] = options.file(pid, t);
      try {
        files[t] = Files.newBufferedWriter(paths[t], StandardCharsets.UTF_8);
      } catch (IOException e) {
        closeAll();
        throw new IOException("cannot create " + paths[t] + ": " + FileFailure.reason(e), e);
      }
      if (options.aggregateSeconds() > 0) {
        intervals[t] = new IntervalLog(options.aggregateSeconds(), version.reportsOtherFailures());
      }
    }
  }

  void submit(Chunk chunk) throws InterruptedException {
    queue.put(chunk);
  }

  @Override
  public void run() {
    long lastFlush = System.nanoTime();
    try {
      for (Chunk chunk = queue.poll(200, TimeUnit.MILLISECONDS);
          chunk != END;
          chunk = queue.poll(200, TimeUnit.MILLISECONDS)) {
        if (chunk != null && failure == null) {
          write(chunk);
        }
        if (System.nanoTime() - lastFlush >= FLUSH_NANOS) {
          flush(epochMicros(System.nanoTime()) / 1_000_000 - 2);
          lastFlush = System.nanoTime();
        }
      }
      for (int t = 0; t < intervals.length && failure == null; t++) {
        try {
          intervals[t].writeAll(files[t]);
        } catch (IOException e) {
          failed(t, e);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      closeAll();
    }
  }

  /**
   * Ends the writer after everything submitted so far; call once all clients have ended.
   *
   * @return {@code cannot write <file>: <reason>} when a write failed, else null
   */
  String finish(Thread thread) throws InterruptedException {
    queue.put(END);
    thread.join();
    return failure;
  }

  private void write(Chunk chunk) {
    long[] e = chunk.entries();
    for (int i = 0; i < chunk.size(); i++) {
      int at = i * TxnLogBuffer.FIELDS;
      long end = epochMicros(e[at + 1]);
      if (intervals.length > 0) {
        intervals[chunk.file()].add(end, e[at + 2], e[at + 3], e[at + 4]);
      } else {
        try {
          files[chunk.file()].write(
              line(chunk.client(), e[at], end, e[at + 2], e[at + 3], e[at + 4]));
        } catch (IOException x) {
          failed(chunk.file(), x);
          return;
        }
      }
    }
  }

  /** The first failure: kept for {@link #finish} and told at once; later writes are dropped. */
  private void failed(int file, IOException e) {
    if (failure == null) {
      failure = FileFailure.cannotWrite(paths[file], e);
      firstFailure.accept(failure);
    }
  }

  /**
   * pgbench 15: {@code client_id transaction_no time script_no time_epoch time_us [lag] [retries]}.
   */
  String line(int client, long number, long endMicros, long latency, long lag, long packed) {
    StringBuilder line =
        new StringBuilder(64).append(client).append(' ').append(number).append(' ');
    switch (TxnOutcome.outcome(packed)) {
      case OK -> line.append(latency);
      case SKIPPED -> line.append("skipped");
      case SERIALIZATION -> line.append(limits.failuresDetailed() ? "serialization" : "failed");
      case DEADLOCK -> line.append(limits.failuresDetailed() ? "deadlock" : "failed");
      case OTHER_FAILURE -> line.append(otherFailures ? "other" : "failed");
    }
    line.append(' ').append(TxnOutcome.script(packed));
    line.append(' ').append(endMicros / 1_000_000).append(' ').append(endMicros % 1_000_000);
    if (limits.throttled()) {
      line.append(' ').append(lag);
    }
    if (limits.maxTries() != 1) {
      line.append(' ').append(Math.max(0, TxnOutcome.tries(packed) - 1));
    }
    return line.append('\n').toString();
  }

  private void flush(long completeBeforeSeconds) {
    for (int t = 0; t < files.length && failure == null; t++) {
      try {
        if (intervals.length > 0) {
          intervals[t].writeUntil(completeBeforeSeconds, files[t]);
        }
        files[t].flush();
      } catch (IOException e) {
        failed(t, e);
      }
    }
  }

  private long epochMicros(long nanos) {
    return baseEpochMicros + (nanos - baseNanos) / 1_000;
  }

  private void closeAll() {
    for (int t = 0; t < files.length; t++) {
      if (files[t] == null) {
        continue; // not opened
      }
      try {
        files[t].close();
      } catch (IOException e) {
        failed(t, e);
      }
    }
  }
}
