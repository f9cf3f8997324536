package org.tpccpg.driver.serverstats;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The run's health readings ({@link HealthSample}) taken together, in flat memory: the first and
 * the latest reading with their times, and per table the most dead tuples seen. From them: growth
 * per hour (the difference over the hours between the first and the latest reading: bloat shows as
 * tables that keep growing while the data set's rows do not), and the XID age's rate and the hours
 * left at that rate to {@code autovacuum_freeze_max_age} (when autovacuum must freeze, whatever
 * else it does) and to the wraparound stop, where the server refuses new XIDs ({@value
 * #WRAPAROUND_STOP_AGE}: 2^31 less the 3 million (from 14; 1 million before) it keeps in reserve,
 * the lower of the two). And the most WAL a standby had yet to replay in any reading. The
 * reporter's thread adds, the run's thread reads at the end: it synchronizes, once a minute.
 */
public final class HealthTotals {
  /** The XID age at which the server stops assigning XIDs, for every version from 9.6 to 18. */
  public static final long WRAPAROUND_STOP_AGE = (1L << 31) - 3_000_000;

  /**
   * Readings less than this far apart give no rate: seconds of noise are not a trend. Below the
   * minute between readings, as the intervals they are taken up in make two readings a minute apart
   * 59.99 s or 60.01 s apart.
   */
  static final double MIN_SECONDS_FOR_RATES = 50;

  private static final double SECONDS_PER_HOUR = 3600;

  private HealthSample first;
  private double firstSeconds;
  private HealthSample latest;
  private double latestSeconds;
  private int readings;
  private final Map<String, Long> mostDead = new LinkedHashMap<>();
  private Long mostLag;

  /**
   * The totals at one moment.
   *
   * @param readings how many health readings the run took
   * @param first the first, null without any
   * @param latest the latest, null without any
   * @param seconds from the first to the latest, in the run's time
   * @param mostDeadTuples per table the most dead tuples a reading saw
   * @param mostReplicationLagBytes the most WAL a standby had yet to replay in a reading, null when
   *     no reading measured one
   */
  public record Snapshot(
      int readings,
      HealthSample first,
      HealthSample latest,
      double seconds,
      Map<String, Long> mostDeadTuples,
      Long mostReplicationLagBytes) {

    /** Whether the readings are far enough apart for the rates. */
    public boolean hasRates() {
      return readings >= 2 && seconds >= MIN_SECONDS_FOR_RATES;
    }

    /** {@code (latest - first)} per hour of the readings' time; NaN without rates. */
    public double perHour(long firstValue, long latestValue) {
      return hasRates() ? (latestValue - firstValue) * SECONDS_PER_HOUR / seconds : Double.NaN;
    }

    /**
     * The hours until the XID age reaches {@code age} at the rate it grew; NaN without rates or
     * when it did not grow (a VACUUM FREEZE meanwhile), 0 when it is there already.
     */
    public double hoursToXidAge(long age) {
      if (latest != null && latest.xidAge() >= age) {
        return 0;
      }
      double rate = hasRates() ? perHour(first.xidAge(), latest.xidAge()) : Double.NaN;
      return rate > 0 ? (age - latest.xidAge()) / rate : Double.NaN;
    }

    /**
     * {@code server health: database 312.4 MB (+41.2 MB/h); most growth order_line1 (+30.1 MB/h);
     * most dead tuples stock1 (12,345); XID age 1,234,567 (+2.1M/h): autovacuum_freeze_max_age in
     * 94 h, wraparound stop in 1021 h}, or empty without readings.
     */
    public Optional<String> line() {
      return latest == null ? Optional.empty() : Optional.of(HealthLine.render(this));
    }
  }

  /** Adds a reading taken {@code seconds} into the run. */
  public synchronized void add(double seconds, HealthSample sample) {
    if (first == null) {
      first = sample;
      firstSeconds = seconds;
    }
    latest = sample;
    latestSeconds = seconds;
    readings++;
    sample.tables().forEach((table, t) -> mostDead.merge(table, t.deadTuples(), Math::max));
    Long lag = sample.replicationLagBytes();
    if (lag != null && (mostLag == null || lag > mostLag)) {
      mostLag = lag;
    }
  }

  /** Forgets the readings (the end of the warm-up). */
  public synchronized void restart() {
    first = null;
    latest = null;
    readings = 0;
    mostDead.clear();
    mostLag = null;
  }

  /** The totals so far. */
  public synchronized Snapshot snapshot() {
    return new Snapshot(
        readings, first, latest, latestSeconds - firstSeconds, Map.copyOf(mostDead), mostLag);
  }

  /** Formats the text line. */
  static final class HealthLine {
    private HealthLine() {}

    static String render(Snapshot s) {
      HealthSample last = s.latest();
      StringBuilder line =
          new StringBuilder("server health: database ").append(mb(last.databaseBytes()));
      if (s.hasRates()) {
        line.append(" (")
            .append(signed(s.perHour(s.first().databaseBytes(), last.databaseBytes())))
            .append(" MB/h)");
        mostGrowth(s).ifPresent(t -> line.append("; most growth ").append(t));
      }
      s.mostDeadTuples().entrySet().stream()
          .max(Map.Entry.comparingByValue())
          .filter(e -> e.getValue() > 0)
          .ifPresent(
              e ->
                  line.append("; most dead tuples ")
                      .append(e.getKey())
                      .append(String.format(Locale.ROOT, " (%,d)", e.getValue())));
      line.append(String.format(Locale.ROOT, "; XID age %,d", last.xidAge()));
      if (s.hasRates()) {
        double rate = s.perHour(s.first().xidAge(), last.xidAge());
        line.append(String.format(Locale.ROOT, " (%+,.0f/h)", rate));
        line.append(": autovacuum_freeze_max_age ")
            .append(hours(s.hoursToXidAge(last.freezeMaxAge())))
            .append(", wraparound stop ")
            .append(hours(s.hoursToXidAge(WRAPAROUND_STOP_AGE)));
      }
      if (last.standbys() > 0) {
        line.append("; ").append(last.standbys()).append(" standby(s)");
        if (last.replicationLagBytes() != null) {
          line.append(", replay lag ").append(mb(last.replicationLagBytes()));
        }
      }
      return line.toString();
    }

    private static Optional<String> mostGrowth(Snapshot s) {
      String best = null;
      double most = 0;
      for (Map.Entry<String, HealthSample.TableHealth> e : s.latest().tables().entrySet()) {
        HealthSample.TableHealth before = s.first().tables().get(e.getKey());
        if (before == null) {
          continue;
        }
        double perHour = s.perHour(bytes(before), bytes(e.getValue()));
        if (perHour > most) {
          most = perHour;
          best = e.getKey() + " (" + signed(perHour) + " MB/h)";
        }
      }
      return Optional.ofNullable(best);
    }

    private static long bytes(HealthSample.TableHealth t) {
      return t.tableBytes() + t.indexesBytes();
    }

    private static String mb(double bytes) {
      return String.format(Locale.ROOT, "%.1f MB", bytes / (1024.0 * 1024.0));
    }

    private static String signed(double bytesPerHour) {
      return String.format(Locale.ROOT, "%+.1f", bytesPerHour / (1024.0 * 1024.0));
    }

    private static String hours(double h) {
      if (Double.isNaN(h)) {
        return "not approached (the XID age did not grow)";
      }
      return h == 0 ? "reached" : String.format(Locale.ROOT, "in %.0f h", h);
    }
  }
}
