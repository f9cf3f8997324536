package org.tpccpg.driver.engine;

import java.sql.SQLException;
import java.util.Objects;
import java.util.Set;
import org.postgresql.util.PSQLException;
import org.tpccpg.core.sql.SqlStateClass;

/**
 * How the engine runs a workload's clients, the same rules for every workload.
 *
 * @param clients how many clients run, each on a thread of its own
 * @param timeNanos how long the run lasts from the moment every client is connected, 0 for no limit
 * @param transactionBudget transactions started over all clients (sysbench's {@code --events}), 0
 *     for none
 * @param transactionsPerClient transactions each client starts (pgbench's {@code -t}), 0 for none
 * @param rate transactions per second started over all clients, 0 for as fast as possible; each
 *     client gets a Poisson share and latency counts from the scheduled start
 * @param maxTries tries of the same input after a serialization failure or deadlock, 0 for no limit
 *     (pgbench's {@code --max-tries})
 * @param afterLastTry what a transaction that cannot be tried again becomes
 * @param survivable failures that end a try but not the client; a lost connection is survivable
 *     unless {@code exitOnAbort}, anything else stops the client (or the run, see {@code
 *     fatalEndsRun})
 * @param exitOnAbort a lost connection stops the client instead of reconnecting
 * @param serverErrorsSurvivable an error the server sent, of any class but a lost connection, ends
 *     the try but not the client (pgbench 19's {@code --continue-on-error}); errors raised on the
 *     client side (a meta-command's, the driver's) still stop it
 * @param fatalEndsRun an error that stops one client stops them all (sysbench), or only that one
 *     (pgbench)
 * @param latencyLimitNanos pgbench's {@code -L}: no try starts once a transaction is that old; 0
 *     for none
 * @param skipLate with a rate, a transaction that cannot start within the latency limit is skipped
 * @param pacedLatencyIncludesConnecting under a rate, latency (from the schedule) includes the time
 *     to connect, as pgbench's does; otherwise connecting is always left out
 * @param scheduledPastEndStops under a rate and a time limit, a client whose next scheduled start
 *     falls after the run's end stops at once, as pgbench's do (the run can end before its time
 *     limit, and its last progress line is then not printed); otherwise it waits for the end
 * @param endGraceNanos how long past its end the run waits for clients to finish their current
 *     transaction before it closes their connections ({@link Engine#END_GRACE_NANOS} by default)
 * @param seed for the clients' schedules
 */
public record EngineConfig(
    int clients,
    long timeNanos,
    long transactionBudget,
    long transactionsPerClient,
    double rate,
    int maxTries,
    AfterLastTry afterLastTry,
    Set<SqlStateClass> survivable,
    boolean exitOnAbort,
    boolean serverErrorsSurvivable,
    boolean fatalEndsRun,
    long latencyLimitNanos,
    boolean skipLate,
    boolean pacedLatencyIncludesConnecting,
    boolean scheduledPastEndStops,
    long endGraceNanos,
    long seed) {

  /** What becomes of a transaction whose tries are used up (or that may not be tried again). */
  public enum AfterLastTry {
    /**
     * pgbench: it counts as failed, and the client goes on with the next transaction. A lost
     * connection fails it too.
     */
    FAIL,
    /**
     * sysbench: the event goes on with a newly drawn transaction until one ends, its latency
     * counting from the first; each failed try counts as an error.
     */
    REDRAW
  }

  public EngineConfig {
    Objects.requireNonNull(afterLastTry, "afterLastTry");
    survivable = Set.copyOf(survivable);
    if (clients < 1) {
      throw new IllegalArgumentException("clients must be >= 1 but was " + clients);
    }
    if (timeNanos < 0
        || transactionBudget < 0
        || transactionsPerClient < 0
        || maxTries < 0
        || latencyLimitNanos < 0) {
      throw new IllegalArgumentException(
          "time, limits, tries and latency limit must be >= 0 but were "
              + timeNanos
              + ", "
              + transactionBudget
              + ", "
              + transactionsPerClient
              + ", "
              + maxTries
              + ", "
              + latencyLimitNanos);
    }
    if (!(rate >= 0)) {
      throw new IllegalArgumentException("rate must be >= 0 but was " + rate);
    }
    if (survivable.contains(SqlStateClass.CONNECTION) || survivable.contains(SqlStateClass.FATAL)) {
      throw new IllegalArgumentException(
          "survivable takes neither CONNECTION (see exitOnAbort) nor FATAL: " + survivable);
    }
    if (endGraceNanos < 0) {
      throw new IllegalArgumentException("endGraceNanos must be >= 0 but was " + endGraceNanos);
    }
    if (skipLate && (rate == 0 || latencyLimitNanos == 0)) {
      throw new IllegalArgumentException("skipLate needs a rate and a latency limit");
    }
  }

  /** A builder with no limits, one try, pgbench's rules. */
  public static Builder builder(int clients) {
    return new Builder(clients);
  }

  /** Whether a failed try of this class, with this error, leaves the client running. */
  public boolean survives(SqlStateClass failure, SQLException error) {
    return survivable.contains(failure)
        || (serverErrorsSurvivable && failure != SqlStateClass.CONNECTION && sentByServer(error));
  }

  /**
   * Whether the server sent this error (an ErrorResponse), not the driver or the program on the
   * client side, whose errors may carry a SQLSTATE too. PgJDBC's own type: tpcc-core knows JDBC
   * only.
   */
  public static boolean sentByServer(SQLException error) {
    return error instanceof PSQLException p && p.getServerErrorMessage() != null;
  }

  /** Whether a client waits for a schedule. */
  public boolean paced() {
    return rate > 0;
  }

  /** Builds an {@link EngineConfig}; everything not set is off (0, false, none). */
  public static final class Builder {
    private final int clients;
    private long timeNanos;
    private long transactionBudget;
    private long transactionsPerClient;
    private double rate;
    private int maxTries = 1;
    private AfterLastTry afterLastTry = AfterLastTry.FAIL;
    private Set<SqlStateClass> survivable = SqlStateClass.survivedByDefault();
    private boolean exitOnAbort;
    private boolean serverErrorsSurvivable;
    private boolean fatalEndsRun;
    private long latencyLimitNanos;
    private boolean skipLate;
    private boolean pacedLatencyIncludesConnecting;
    private boolean scheduledPastEndStops;
    private long endGraceNanos = Engine.END_GRACE_NANOS;
    private long seed;

    private Builder(int clients) {
      this.clients = clients;
    }

    public Builder timeNanos(long value) {
      timeNanos = value;
      return this;
    }

    public Builder transactionBudget(long value) {
      transactionBudget = value;
      return this;
    }

    public Builder transactionsPerClient(long value) {
      transactionsPerClient = value;
      return this;
    }

    public Builder rate(double value) {
      rate = value;
      return this;
    }

    public Builder maxTries(int value) {
      maxTries = value;
      return this;
    }

    public Builder afterLastTry(AfterLastTry value) {
      afterLastTry = value;
      return this;
    }

    public Builder survivable(Set<SqlStateClass> value) {
      survivable = value;
      return this;
    }

    public Builder exitOnAbort(boolean value) {
      exitOnAbort = value;
      return this;
    }

    public Builder serverErrorsSurvivable(boolean value) {
      serverErrorsSurvivable = value;
      return this;
    }

    public Builder fatalEndsRun(boolean value) {
      fatalEndsRun = value;
      return this;
    }

    public Builder latencyLimitNanos(long value) {
      latencyLimitNanos = value;
      return this;
    }

    public Builder skipLate(boolean value) {
      skipLate = value;
      return this;
    }

    public Builder pacedLatencyIncludesConnecting(boolean value) {
      pacedLatencyIncludesConnecting = value;
      return this;
    }

    public Builder scheduledPastEndStops(boolean value) {
      scheduledPastEndStops = value;
      return this;
    }

    /** How long past its end the run waits for busy clients; {@link Engine#END_GRACE_NANOS}. */
    public Builder endGraceNanos(long value) {
      endGraceNanos = value;
      return this;
    }

    public Builder seed(long value) {
      seed = value;
      return this;
    }

    public EngineConfig build() {
      return new EngineConfig(
          clients,
          timeNanos,
          transactionBudget,
          transactionsPerClient,
          rate,
          maxTries,
          afterLastTry,
          survivable,
          exitOnAbort,
          serverErrorsSurvivable,
          fatalEndsRun,
          latencyLimitNanos,
          skipLate,
          pacedLatencyIncludesConnecting,
          scheduledPastEndStops,
          endGraceNanos,
          seed);
    }
  }
}
