package org.tpccpg.driver.serverstats;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.tpccpg.core.jdbc.ConnectionFactory;
import org.tpccpg.core.sql.SqlStateClass;

/**
 * Reads the server's statistics over a connection of its own (not a client's), on a thread of its
 * own, once every {@link #PERIOD_NANOS}, into a {@link ServerStatsAccumulator} the results take
 * each interval's figures from. Nothing it does fails or slows the run: a failure is told in one
 * line; a lost connection is opened again at the next sample (intervals until then carry no server
 * figures), any other error (a pooler that refuses the statement, a server too old) ends the
 * sampling for the rest of the run. What the server's version cannot give is told once, in one
 * line, before the first sample.
 */
public final class ServerStatsSampler {
  /**
   * How often the server is sampled: twice in the shortest report interval (1 s), so that every
   * interval sees a sample of its own, and an interval's counters end at most this long before it
   * does. The wait events of a 10 s interval are 20 looks.
   */
  public static final long PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

  /**
   * How often the long-run health ({@link HealthSample}: sizes, tuples, XID ages) is read, the
   * first time with the first sample: sizes and tuple counts change slowly, and a week at this pace
   * is about 10,000 readings.
   */
  public static final long HEALTH_PERIOD_NANOS = TimeUnit.SECONDS.toNanos(60);

  /** How soon a health reading that found a table of the workload locked is tried again. */
  static final long HEALTH_RETRY_NANOS = TimeUnit.SECONDS.toNanos(10);

  /** What its connection's {@code application_name} adds to the run's. */
  public static final String ROLE = "server stats";

  private static final long STOP_WAIT_MILLIS = 1_000;

  private final ConnectionFactory connections;
  private final OwnTables own;
  private final Consumer<String> say;
  private final ServerStatsAccumulator accumulator = new ServerStatsAccumulator();
  private final Thread thread;
  private volatile boolean stopping;
  private volatile Connection connection;
  private boolean failureTold;

  private volatile HealthSample health;
  private boolean healthOff;
  private boolean lockedTold;

  /**
   * @param connections opens the sampler's connection, with the run's connection settings
   * @param own the workload's tables, whose health it reads
   * @param say told one line when the sampling fails or ends for good, on the sampler's thread
   */
  public ServerStatsSampler(ConnectionFactory connections, OwnTables own, Consumer<String> say) {
    this.connections = connections;
    this.own = own;
    this.say = say;
    this.thread = new Thread(this::loop, "tpcc-server-stats");
    thread.setDaemon(true); // a server that never answers must not keep the JVM alive
  }

  /** Starts sampling, the first sample at once (the baseline of the first interval). */
  public void start() {
    thread.start();
  }

  /** The interval since the previous call; null when there is nothing to tell (see there). */
  public ServerInterval take() {
    return accumulator.take();
  }

  /**
   * The health read since the previous call, or null when none was (it is read once a minute, so
   * most intervals carry none).
   */
  public HealthSample takeHealth() {
    HealthSample taken = health;
    health = null; // a newer one the sampler sets meanwhile waits for the next take: both are fine
    return taken;
  }

  /** The end of warmup: what was sampled so far is left out of the next interval. */
  public void restart() {
    accumulator.restart();
  }

  /**
   * Stops sampling and closes the connection; waits a moment at most for the thread. Idempotent,
   * and fine before {@link #start()}.
   */
  public void stop() {
    stopping = true;
    if (!thread.isAlive()) {
      return;
    }
    thread.interrupt();
    closeQuietly(connection); // a sample stuck in a socket read ends now
    try {
      thread.join(STOP_WAIT_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // the caller's own stop; the daemon thread ends anyway
    }
  }

  private void loop() {
    StatsQuery query = null;
    long next = System.nanoTime();
    long nextHealth = next;
    try {
      while (!stopping) {
        try {
          if (connection == null) {
            connection = connections.open();
            connection.setAutoCommit(true);
            boolean first = query == null;
            query = StatsQuery.forVersion(versionNum(connection));
            if (first) {
              query.leftOut().ifPresent(what -> say.accept("server stats: " + what));
            }
          }
          accumulator.add(sample(connection, query));
          if (!healthOff && next - nextHealth >= 0) {
            nextHealth = next + readHealth(query.versionNum());
          }
        } catch (SQLException e) {
          if (stopping) {
            return;
          }
          accumulator.lost();
          closeQuietly(connection);
          connection = null;
          if (SqlStateClass.of(e) != SqlStateClass.CONNECTION) {
            say.accept("server stats: off for the rest of the run: " + e.getMessage().strip());
            return;
          }
          tellOnce(e.getMessage().strip());
        } catch (IllegalArgumentException e) { // a server too old
          say.accept("server stats: off: " + e.getMessage());
          return;
        }
        next += PERIOD_NANOS;
        TimeUnit.NANOSECONDS.sleep(Math.max(0, next - System.nanoTime()));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // stop() ends the thread so
    } finally {
      closeQuietly(connection);
    }
  }

  /**
   * Reads the health and returns the nanoseconds to the next reading: a minute, or {@link
   * #HEALTH_RETRY_NANOS} when a table of the workload was locked (told once). An error other than a
   * lost connection (a view this role may not read, a pooler's refusal) ends the health readings
   * alone, told in one line.
   */
  private long readHealth(int versionNum) throws SQLException {
    try {
      Optional<HealthSample> read = HealthSample.read(connection, own, versionNum);
      if (read.isPresent()) {
        health = read.get();
        return HEALTH_PERIOD_NANOS;
      }
      if (!lockedTold) {
        lockedTold = true;
        say.accept(
            "server stats: a health reading skipped: a table of the workload was locked for over "
                + HealthSample.LOCK_TIMEOUT
                + " (tried again every "
                + TimeUnit.NANOSECONDS.toSeconds(HEALTH_RETRY_NANOS)
                + " s while it is)");
      }
      return HEALTH_RETRY_NANOS;
    } catch (SQLException e) {
      if (SqlStateClass.of(e) == SqlStateClass.CONNECTION) {
        throw e;
      }
      healthOff = true;
      say.accept("server stats: health off for the rest of the run: " + e.getMessage().strip());
      return HEALTH_PERIOD_NANOS;
    }
  }

  private void tellOnce(String why) {
    if (!failureTold) {
      failureTold = true;
      say.accept(
          "server stats: cannot read them: "
              + why
              + "; intervals carry no \"server\" figures until they can be read again");
    }
  }

  private static int versionNum(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet r = s.executeQuery("SELECT current_setting('server_version_num')::int")) {
      r.next();
      return r.getInt(1);
    }
  }

  private static ServerSample sample(Connection c, StatsQuery query) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet r = s.executeQuery(query.sql())) {
      if (!r.next()) {
        throw new SQLException("the statistics of the run's database are missing");
      }
      return ServerSample.read(r);
    }
  }

  private static void closeQuietly(Connection c) {
    if (c == null) {
      return;
    }
    try {
      c.close();
    } catch (SQLException e) {
      // closing a broken or finished connection: nothing is left to do with it
    }
  }
}
