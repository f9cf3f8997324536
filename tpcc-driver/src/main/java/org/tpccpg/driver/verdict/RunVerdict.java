package org.tpccpg.driver.verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.tpccpg.driver.check.ProbeTotals;
import org.tpccpg.driver.durability.LedgerTotals;
import org.tpccpg.driver.metrics.Stability;
import org.tpccpg.driver.serverstats.HealthSample;
import org.tpccpg.driver.serverstats.HealthTotals;

/**
 * A long run's verdict in four lines, each against thresholds a user can read and set ({@link
 * VerdictThresholds}): stable (the stability windows' spread, the lowest window and the deepest
 * dip), healthy (the XID age's outlook and the dead tuples of the workload's tables at the latest
 * health reading), consistent (the {@code --check-every} probes) and durable (the durability
 * ledger's audit: no acknowledged New-Order lost). Pure.
 *
 * @param thresholds what it was judged against
 */
public record RunVerdict(
    VerdictThresholds thresholds,
    Judgement stable,
    Judgement healthy,
    Judgement consistent,
    Judgement durable) {
  /**
   * Tables with fewer live tuples are left out of the dead tuples' share: warehouse and district of
   * a small data set are a few rows updated by every Payment, whose dead tuples outnumber them
   * between any two vacuums.
   */
  public static final long MIN_TUPLES_FOR_DEAD_SHARE = 10_000;

  /** The text shows the verdict of runs measured this long (as the stability lines). */
  public static final double TEXT_MIN_SECONDS = 300;

  /**
   * The verdict of these figures.
   *
   * @param health the health readings, or null without server statistics
   * @param probes the consistency probes, or null without {@code --check-every}
   * @param durability the durability ledger's totals, or null when the run kept no ledger
   */
  public static RunVerdict of(
      VerdictThresholds t,
      Stability stability,
      HealthTotals.Snapshot health,
      ProbeTotals.Snapshot probes,
      LedgerTotals durability) {
    return new RunVerdict(
        t, stable(t, stability), healthy(t, health), consistent(probes), durable(durability));
  }

  private static Judgement durable(LedgerTotals d) {
    if (d == null) {
      return Judgement.notJudged(
          "no durability ledger (kept by TPC-C runs without --enable_purge, which deletes"
              + " acknowledged orders; TPC-B keeps none)");
    }
    if (!d.audited()) {
      return Judgement.notJudged(
          d.auditFailure() == null ? "no audit ran" : "the audit failed: " + d.auditFailure());
    }
    String figures =
        String.format(
            Locale.ROOT,
            "%d of %d acknowledged New-Orders lost, %d unknown outcomes (%d committed), %d audits",
            d.lost(),
            d.acknowledged(),
            d.unknown(),
            d.unknownCommitted(),
            d.audits());
    if (d.lost() == 0) {
      return Judgement.yes(figures);
    }
    // a standby that had not received them lost them whatever the primary's setting (LedgerTotals)
    return Judgement.no(
        d.failedOver()
            ? figures + "; across a failover to a standby that had not received them"
            : d.lossAllowed() ? figures + "; allowed by synchronous_commit=off" : figures);
  }

  private static Judgement stable(VerdictThresholds t, Stability s) {
    if (!s.measured()) {
      return Judgement.notJudged("fewer than " + Stability.MIN_WINDOWS + " stability windows");
    }
    double deepest = s.dips().stream().mapToDouble(Stability.Dip::depthPercent).max().orElse(0);
    List<String> failed = new ArrayList<>();
    String figures =
        String.format(
            Locale.ROOT,
            "tps cv %.1f%% (at most %s%%), lowest window %.2f of the median (at least %s),"
                + " deepest dip %.1f%% (at most %s%%)",
            s.tpsCv() * 100,
            number(t.tpsCvPercent()),
            s.worstTpsToMedian(),
            number(t.worstWindow()),
            deepest,
            number(t.dipPercent()));
    if (!(s.tpsCv() * 100 <= t.tpsCvPercent())) {
      failed.add("tps cv");
    }
    if (!(s.worstTpsToMedian() >= t.worstWindow())) {
      failed.add("lowest window");
    }
    if (deepest > t.dipPercent()) {
      failed.add("deepest dip");
    }
    return failed.isEmpty()
        ? Judgement.yes(figures)
        : Judgement.no(figures + "; beyond: " + String.join(", ", failed));
  }

  private static Judgement healthy(VerdictThresholds t, HealthTotals.Snapshot h) {
    if (h == null || h.latest() == null) {
      return Judgement.notJudged("no health reading (server statistics off or unreadable)");
    }
    HealthSample last = h.latest();
    String worstTable = null;
    double worstDead = 0;
    for (Map.Entry<String, HealthSample.TableHealth> e : last.tables().entrySet()) {
      HealthSample.TableHealth table = e.getValue();
      if (table.liveTuples() < MIN_TUPLES_FOR_DEAD_SHARE) {
        continue; // a table of a few pages is rewritten whole by every vacuum: no bloat to speak of
      }
      long tuples = table.liveTuples() + table.deadTuples();
      double dead = tuples > 0 ? 100.0 * table.deadTuples() / tuples : 0;
      if (worstTable == null || dead > worstDead) {
        worstTable = e.getKey();
        worstDead = dead;
      }
    }
    double hours = h.hoursToXidAge(last.freezeMaxAge());
    String outlook =
        Double.isNaN(hours)
            ? h.hasRates()
                ? "not approached"
                : "without a rate (one reading, or under a minute apart)"
            : String.format(Locale.ROOT, "in %.0f h", hours);
    String figures =
        String.format(
            Locale.ROOT,
            "autovacuum_freeze_max_age %s (at least %s h), most dead tuples %.1f%% of %s (at most"
                + " %s%%, tables of 10,000 tuples or more)",
            outlook,
            number(t.freezeHours()),
            worstDead,
            worstTable == null ? "no table" : worstTable,
            number(t.deadPercent()));
    List<String> failed = new ArrayList<>();
    if (!Double.isNaN(hours) && hours < t.freezeHours()) {
      failed.add("XID age");
    }
    if (worstDead > t.deadPercent()) {
      failed.add("dead tuples");
    }
    return failed.isEmpty()
        ? Judgement.yes(figures)
        : Judgement.no(figures + "; beyond: " + String.join(", ", failed));
  }

  private static Judgement consistent(ProbeTotals.Snapshot p) {
    if (p == null) {
      return Judgement.notJudged("not checked during the run (TPC-C: run --check-every=SECONDS)");
    }
    if (p.violatedAny()) {
      return Judgement.no(p.violated() + " of " + p.probes() + " probes found a violation");
    }
    return p.probes() == 0
        ? Judgement.notJudged("no probe finished")
        : Judgement.yes(p.probes() + " probes of conditions 1-4, none violated");
  }

  /** The block the text ends with, each line ending in a line break. */
  public String lines() {
    return "verdict:\n"
        + line("stable", stable)
        + line("healthy", healthy)
        + line("consistent", consistent)
        + line("durable", durable);
  }

  private static String line(String name, Judgement j) {
    return "    " + name + ": " + j.state().word() + " (" + j.why() + ")\n";
  }

  private static String number(double value) {
    return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
  }
}
