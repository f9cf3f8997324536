package org.tpccpg.driver.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's {@code summary.json} read back: the one reader of what {@link SummaryJson} (and {@code
 * merge}) write, for compare, report, merge and sweep. What more than one of them reads is typed
 * here; a figure is NaN where the file has null or nothing. It does not judge the figures, and it
 * keeps the whole file as plain values ({@link #members}) only for {@code merge}, which carries
 * every member of the drivers' summaries into its own.
 *
 * @param file the file read
 * @param sha256 the SHA-256 of the file's text: two directories with the same one hold copies of
 *     one run (every run's summary differs, if only in its start and end times)
 * @param workload {@code tpcc} or {@code tpcb}
 * @param target {@code user@host:port/db}; null when the summary does not say
 * @param started when the run started, as written; null when the summary does not say
 * @param totals the whole run's figures
 * @param kinds the transaction kinds (or pgbench scripts), in file order
 * @param tpmC a TPC-C run's tpmC; NaN for others
 * @param outages when the server did not answer
 * @param dips the stability windows' dips; empty for a short run or an older file
 * @param server the server's version and recorded settings; null without them
 * @param activity the server's checkpoints and WAL over the run; {@link Activity#NONE} without
 *     server statistics
 * @param verdict the judgements, in the order written; empty for a file written before verdicts
 * @param options the run's options as given, as plain values
 * @param members the whole file as plain values ({@link JsonReader})
 */
public record SavedSummary(
    Path file,
    String sha256,
    String workload,
    String target,
    String started,
    Totals totals,
    List<Kind> kinds,
    double tpmC,
    List<Outage> outages,
    List<Dip> dips,
    ServerInfo server,
    Activity activity,
    List<Judgement> verdict,
    Map<String, Object> options,
    Map<String, Object> members) {
  public SavedSummary {
    kinds = List.copyOf(kinds);
    outages = List.copyOf(outages);
    dips = List.copyOf(dips);
    verdict = List.copyOf(verdict);
    options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
    members = Collections.unmodifiableMap(members);
  }

  /** Average, p95 and p99 latency in milliseconds. */
  public record Latency(double avgMs, double p95Ms, double p99Ms) {}

  /** {@code totals}: the figures over every kind. */
  public record Totals(
      double clients,
      double elapsedS,
      double connectionMs,
      double transactions,
      double tps,
      double errors,
      double reconnects,
      Latency latency) {}

  /** One kind's figures; {@code rollbacks} are TPC-C's New-Orders rolled back on purpose. */
  public record Kind(String name, double rollbacks, Latency latency) {}

  /**
   * An outage ({@link OutageJson}).
   *
   * @param backAfterS when tps was back to 90 %, NaN when it was not within the run
   */
  public record Outage(double startS, double durationS, double clients, double backAfterS) {}

  /**
   * A dip in tps ({@link StabilityJson}).
   *
   * @param causes what the server statistics name; null when the file does not say
   */
  public record Dip(
      double startS,
      double durationS,
      double lowestTps,
      double depthPercent,
      List<String> causes) {}

  /** The server's checkpoints, of those requested, and WAL bytes over the run. */
  public record Activity(double checkpoints, double checkpointsRequested, double walBytes) {
    public static final Activity NONE = new Activity(Double.NaN, Double.NaN, Double.NaN);
  }

  /** One judgement of the verdict: its name ({@code stable}), its word and its reason. */
  public record Judgement(String name, String verdict, String why) {}

  /** The kinds' names, in file order. */
  public List<String> kindNames() {
    return kinds.stream().map(Kind::name).toList();
  }

  /** The outages' total length in seconds. */
  public double outageSeconds() {
    return outages.stream().mapToDouble(Outage::durationS).filter(d -> !Double.isNaN(d)).sum();
  }

  /**
   * Reads {@code summary.json} of a results directory.
   *
   * @throws IOException in one line naming the file when it is absent, not JSON, or lacks what
   *     every run's summary has (its workload, totals, kinds and outages)
   */
  public static SavedSummary read(Path directory) throws IOException {
    Path file = directory.resolve(ResultsFiles.SUMMARY);
    String text = JsonReader.textOf(file); // kept whole for its SHA-256
    Map<String, Object> json = JsonReader.objectOf(file, text);
    return new SummaryMembers(file).summary(json, sha256(text));
  }

  private static String sha256(String text) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(sha.digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }

  /** Turns the plain values into the model, failing in one line naming the file and member. */
  private record SummaryMembers(Path file) {
    SavedSummary summary(Map<String, Object> json, String sha256) throws IOException {
      Map<String, Object> totals = object(json.get("totals"), "totals");
      List<Kind> kinds = new ArrayList<>();
      for (Map.Entry<String, Object> kind : object(json.get("kinds"), "kinds").entrySet()) {
        String where = "kinds." + kind.getKey();
        Map<String, Object> k = object(kind.getValue(), where);
        kinds.add(
            new Kind(
                kind.getKey(),
                number(k.get("rollbacks")),
                latency(object(k.get("latency"), where + ".latency"))));
      }
      return new SavedSummary(
          file,
          sha256,
          string(json.get("workload"), "workload"),
          json.get("target") instanceof String target ? target : null,
          json.get("started") instanceof String started ? started : null,
          totals(totals),
          kinds,
          number(json.get("tpmC")),
          outages(list(json.get("outages"), "outages")),
          dips(json.get("stability")),
          server(json.get("server")),
          activity(json.get("server_activity")),
          verdict(json.get("verdict")),
          json.get("options") instanceof Map<?, ?>
              ? object(json.get("options"), "options")
              : Map.of(),
          json);
    }

    private Totals totals(Map<String, Object> t) throws IOException {
      return new Totals(
          number(t.get("clients")),
          number(t.get("elapsed_s")),
          number(t.get("connection_ms")),
          number(t.get("transactions")),
          number(t.get("tps")),
          number(t.get("errors")),
          number(t.get("reconnects")),
          latency(object(t.get("latency"), "totals.latency")));
    }

    private static Latency latency(Map<String, Object> latency) {
      return new Latency(
          number(latency.get("avg_ms")),
          number(latency.get("p95_ms")),
          number(latency.get("p99_ms")));
    }

    private static List<Outage> outages(List<?> items) {
      List<Outage> outages = new ArrayList<>();
      for (Object item : items) {
        if (item instanceof Map<?, ?> o) {
          outages.add(
              new Outage(
                  number(o.get("start_s")),
                  number(o.get("duration_s")),
                  number(o.get("clients")),
                  number(o.get("back_to_90_percent_after_s"))));
        }
      }
      return outages;
    }

    private static List<Dip> dips(Object stability) {
      List<Dip> dips = new ArrayList<>();
      if (stability instanceof Map<?, ?> s && s.get("dips") instanceof List<?> items) {
        for (Object item : items) {
          if (item instanceof Map<?, ?> d) {
            dips.add(
                new Dip(
                    number(d.get("start_s")),
                    number(d.get("duration_s")),
                    number(d.get("lowest_tps")),
                    number(d.get("depth_percent")),
                    causes(d)));
          }
        }
      }
      return dips;
    }

    /** A dip's causes; empty when it names none, null when the file does not say. */
    private static List<String> causes(Map<?, ?> dip) {
      if (!dip.containsKey("causes")) {
        return null;
      }
      return dip.get("causes") instanceof List<?> named
          ? named.stream().map(String::valueOf).toList()
          : List.of();
    }

    private static ServerInfo server(Object value) {
      if (!(value instanceof Map<?, ?> server) || !(server.get("version") instanceof String v)) {
        return null;
      }
      Map<String, String> settings = new LinkedHashMap<>();
      if (server.get("settings") instanceof Map<?, ?> recorded) {
        recorded.forEach((name, setting) -> settings.put((String) name, String.valueOf(setting)));
      }
      return new ServerInfo(v, settings);
    }

    private static Activity activity(Object value) {
      if (!(value instanceof Map<?, ?> activity)) {
        return Activity.NONE;
      }
      return new Activity(
          number(activity.get("checkpoints")),
          number(activity.get("checkpoints_requested")),
          number(activity.get("wal_bytes")));
    }

    private static List<Judgement> verdict(Object value) {
      List<Judgement> judgements = new ArrayList<>();
      if (value instanceof Map<?, ?> verdict) {
        verdict.forEach(
            (name, judgement) -> {
              if (judgement instanceof Map<?, ?> j && j.containsKey("verdict")) {
                judgements.add(
                    new Judgement(
                        (String) name,
                        String.valueOf(j.get("verdict")),
                        String.valueOf(j.get("why"))));
              }
            });
      }
      return judgements;
    }

    private static double number(Object value) {
      return value instanceof Double d ? d : Double.NaN;
    }

    private String string(Object value, String member) throws IOException {
      if (value instanceof String s) {
        return s;
      }
      throw notASummary(member);
    }

    private List<?> list(Object value, String member) throws IOException {
      if (value instanceof List<?> list) {
        return list;
      }
      throw notASummary(member);
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> object(Object value, String member) throws IOException {
      if (value instanceof Map<?, ?> map) {
        return (Map<String, Object>) map;
      }
      throw notASummary(member);
    }

    private IOException notASummary(String member) {
      return new IOException(file + " has no " + member + ": it is not a run's summary");
    }
  }
}
