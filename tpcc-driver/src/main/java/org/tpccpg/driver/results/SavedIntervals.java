package org.tpccpg.driver.results;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's {@code intervals.jsonl} read back, the one reader of what {@link IntervalJson} writes.
 * For report and compare, one stream of JSON objects through Jackson's streaming parser, keeping
 * only the members they use and skipping the rest unread. No line is held as text or as a tree,
 * which makes a week's file (604,800 lines) several times quicker than parsing each line into maps.
 * It does not hold the intervals: a caller takes each as it comes. For merge, every line whole as
 * plain values ({@link #members}).
 */
public final class SavedIntervals implements AutoCloseable {
  private static final JsonFactory FACTORY = new JsonFactory();

  /**
   * One interval's figures; NaN where the line has none. The maps are this line's own.
   *
   * @param kinds per kind, member name ({@code p95_ms}, ...) to value
   * @param server the server object's numbers; null without a server object
   * @param waitEvents the server's wait events
   * @param health the health reading's database figures ({@code database_bytes}, ...); null without
   *     one
   * @param tableBytes per table of the health reading, its table and indexes bytes together
   * @param deadTuples per table of the health reading, its dead tuples
   * @param terminals spec mode's terminal states ({@code thinking}, ...); empty outside spec mode
   */
  public record Interval(
      double seconds,
      double intervalSeconds,
      double tps,
      double errorsPerSecond,
      double rollbacksPerSecond,
      double reconnectsPerSecond,
      double latencyAvgMs,
      Map<String, Map<String, Double>> kinds,
      Map<String, Double> server,
      Map<String, Double> waitEvents,
      Map<String, Double> health,
      Map<String, Double> tableBytes,
      Map<String, Double> deadTuples,
      Map<String, Double> terminals) {}

  /** An interval as it is read, member by member. */
  private static final class Members {
    double seconds = Double.NaN;
    double intervalSeconds = Double.NaN;
    double tps = Double.NaN;
    double errorsPerSecond = Double.NaN;
    double rollbacksPerSecond = Double.NaN;
    double reconnectsPerSecond = Double.NaN;
    double latencyAvgMs = Double.NaN;
    final Map<String, Map<String, Double>> kinds = new LinkedHashMap<>();
    Map<String, Double> server;
    final Map<String, Double> waitEvents = new LinkedHashMap<>();
    Map<String, Double> health;
    final Map<String, Double> tableBytes = new LinkedHashMap<>();
    final Map<String, Double> deadTuples = new LinkedHashMap<>();
    final Map<String, Double> terminals = new LinkedHashMap<>();

    Interval interval() {
      return new Interval(
          seconds,
          intervalSeconds,
          tps,
          errorsPerSecond,
          rollbacksPerSecond,
          reconnectsPerSecond,
          latencyAvgMs,
          kinds,
          server,
          waitEvents,
          health,
          tableBytes,
          deadTuples,
          terminals);
    }
  }

  private final Path file;
  private final JsonParser parser;
  private int line;

  private SavedIntervals(Path file, Reader reader) throws IOException {
    this.file = file;
    this.parser = FACTORY.createParser(reader);
  }

  /**
   * Opens {@code intervals.jsonl} of a results directory.
   *
   * @throws IOException naming the file when it does not exist or cannot be opened
   */
  public static SavedIntervals open(Path directory) throws IOException {
    Path file = directory.resolve(ResultsFiles.INTERVALS);
    try {
      return new SavedIntervals(file, Files.newBufferedReader(file, StandardCharsets.UTF_8));
    } catch (NoSuchFileException e) {
      throw new IOException(file + " does not exist", e);
    }
  }

  /**
   * Every line of a results directory's {@code intervals.jsonl} as plain values ({@link
   * JsonReader}), blank lines passed over: for {@code merge}, which sums the drivers' members by
   * name and carries the server's object into its own lines. Holds the whole file; report and
   * compare stream it with {@link #open} instead.
   *
   * @throws IOException naming the file when it does not exist, and the line when it is not a JSON
   *     object
   */
  public static List<Map<String, Object>> members(Path directory) throws IOException {
    Path file = directory.resolve(ResultsFiles.INTERVALS);
    List<Map<String, Object>> lines = new ArrayList<>();
    try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      int number = 0;
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        number++;
        if (line.isBlank()) {
          continue;
        }
        try {
          lines.add(JsonReader.object(line));
        } catch (IOException e) {
          throw new IOException(file + " line " + number + ": " + e.getMessage(), e);
        }
      }
    } catch (NoSuchFileException e) {
      throw new IOException(file + " does not exist", e);
    }
    return lines;
  }

  /**
   * The next interval, or null at the end of the file.
   *
   * @throws IOException naming the file and line when a line is not an interval
   */
  public Interval next() throws IOException {
    try {
      return parse();
    } catch (IOException e) {
      // Jackson's own message ends in a location; the line number is what helps
      String reason = e.getMessage().lines().findFirst().orElse("").strip();
      throw new IOException(file + " line " + line + ": " + reason, e);
    }
  }

  private Interval parse() throws IOException {
    JsonToken token;
    try {
      token = parser.nextToken();
    } catch (JsonProcessingException e) {
      // Broken before the line's first token: the line is where the parser stopped, not the
      // previous interval's, which is where it stood (#32: the report named the line before).
      line = e.getLocation() != null ? e.getLocation().getLineNr() : line + 1;
      throw e;
    }
    line = parser.currentTokenLocation().getLineNr();
    if (token == null) {
      return null;
    }
    expect(token, JsonToken.START_OBJECT, "an interval object");
    Members interval = new Members();
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String name = parser.currentName();
      JsonToken value = parser.nextToken();
      switch (name) {
        case "seconds" -> interval.seconds = number(value);
        case "interval_s" -> interval.intervalSeconds = number(value);
        case "tps" -> interval.tps = number(value);
        case "errors_per_s" -> interval.errorsPerSecond = number(value);
        case "rollbacks_per_s" -> interval.rollbacksPerSecond = number(value);
        case "reconnects_per_s" -> interval.reconnectsPerSecond = number(value);
        case "latency_avg_ms" -> interval.latencyAvgMs = number(value);
        case "kinds" -> kinds(value, interval);
        case "server" -> server(value, interval);
        case "health" -> health(value, interval);
        case "terminals" -> interval.terminals.putAll(numbers(value, "terminals"));
        default -> parser.skipChildren();
      }
    }
    return interval.interval();
  }

  private void kinds(JsonToken token, Members interval) throws IOException {
    expect(token, JsonToken.START_OBJECT, "kinds as an object");
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String kind = parser.currentName();
      interval.kinds.put(kind, numbers(parser.nextToken(), "kinds." + kind));
    }
  }

  private void server(JsonToken token, Members interval) throws IOException {
    if (token == JsonToken.VALUE_NULL) {
      return;
    }
    expect(token, JsonToken.START_OBJECT, "server as an object");
    interval.server = new LinkedHashMap<>();
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String name = parser.currentName();
      JsonToken value = parser.nextToken();
      if ("wait_events".equals(name) && value == JsonToken.START_OBJECT) {
        interval.waitEvents.putAll(numbers(value, "server.wait_events"));
      } else if (value.isStructStart()) {
        parser.skipChildren(); // a member added later, not drawn
      } else {
        interval.server.put(name, number(value));
      }
    }
  }

  private void health(JsonToken token, Members interval) throws IOException {
    expect(token, JsonToken.START_OBJECT, "health as an object");
    interval.health = new LinkedHashMap<>();
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String name = parser.currentName();
      JsonToken value = parser.nextToken();
      if ("tables".equals(name) && value == JsonToken.START_OBJECT) {
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
          String table = parser.currentName();
          Map<String, Double> t = numbers(parser.nextToken(), "health.tables." + table);
          interval.tableBytes.put(
              table,
              t.getOrDefault("table_bytes", Double.NaN) + t.getOrDefault("indexes_bytes", 0.0));
          interval.deadTuples.put(table, t.getOrDefault("dead_tuples", Double.NaN));
        }
      } else if (value.isStructStart()) {
        parser.skipChildren();
      } else {
        interval.health.put(name, number(value));
      }
    }
  }

  /** An object's number members; others are skipped. */
  private Map<String, Double> numbers(JsonToken token, String what) throws IOException {
    expect(token, JsonToken.START_OBJECT, what + " as an object");
    Map<String, Double> values = new LinkedHashMap<>();
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String name = parser.currentName();
      JsonToken value = parser.nextToken();
      if (value.isStructStart()) {
        parser.skipChildren();
      } else {
        values.put(name, number(value));
      }
    }
    return values;
  }

  private double number(JsonToken token) throws IOException {
    if (token.isStructStart()) {
      parser.skipChildren();
      return Double.NaN;
    }
    return token.isNumeric() ? parser.getDoubleValue() : Double.NaN;
  }

  private void expect(JsonToken token, JsonToken expected, String what) throws IOException {
    if (token != expected) {
      throw new IOException("expected " + what + " but found " + token);
    }
  }

  @Override
  public void close() throws IOException {
    parser.close();
  }
}
