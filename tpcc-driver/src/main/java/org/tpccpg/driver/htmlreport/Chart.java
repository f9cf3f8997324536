package org.tpccpg.driver.htmlreport;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import org.tpccpg.driver.results.JsonWriter;

/**
 * One chart of the report as the page script draws it (report.js): a title, an x axis of one kind,
 * lines over shared x values (NaN is a gap), shaded and labelled x ranges (outages), marked x
 * positions (checkpoints), and a linear or logarithmic y axis. Everything here reaches the page as
 * JSON data, never as code.
 */
final class Chart {
  /** The kind of x axis: seconds of the run, client counts, or percentile levels (log scale). */
  enum Axis {
    TIME,
    CLIENTS,
    PERCENTILE
  }

  private record Line(String label, double[] values, int color, boolean faint) {}

  private record Marker(double x, String label) {}

  private static final MathContext FIVE_DIGITS = new MathContext(5);

  private final String title;
  private final String yLabel;
  private final Axis axis;
  private final double[] x;
  private final List<Line> lines = new ArrayList<>();
  private final List<double[]> shades = new ArrayList<>();
  private final List<String> shadeLabels = new ArrayList<>();
  private final List<Marker> markers = new ArrayList<>();
  private int colors;
  private boolean logY;

  Chart(String title, String yLabel, Axis axis, double[] x) {
    this.title = title;
    this.yLabel = yLabel;
    this.axis = axis;
    this.x = x.clone();
  }

  String title() {
    return title;
  }

  /** A line in the next colour. */
  Chart line(String label, double[] values) {
    lines.add(new Line(label, values.clone(), colors++, false));
    return this;
  }

  /** A thin, pale line in the colour of the last {@link #line} (a bucket's min or max). */
  Chart faint(String label, double[] values) {
    lines.add(new Line(label, values.clone(), Math.max(0, colors - 1), true));
    return this;
  }

  /** A shaded x range, labelled on the chart ({@code outage 1}). */
  Chart shade(double from, double to, String label) {
    shades.add(new double[] {from, to});
    shadeLabels.add(label);
    return this;
  }

  /**
   * A logarithmic y axis: latency, where one outage's spike of seconds would flatten every
   * millisecond of the rest on a linear one. Values of 0 or less are gaps on it.
   */
  Chart logY() {
    logY = true;
    return this;
  }

  Chart marker(double at, String label) {
    markers.add(new Marker(at, label));
    return this;
  }

  boolean hasLines() {
    return !lines.isEmpty();
  }

  void write(JsonWriter json, String id) {
    json.beginObject().name("id").value(id).name("title").value(title);
    json.name("y").value(yLabel).name("axis").value(axis.name().toLowerCase(java.util.Locale.ROOT));
    numbers(json.name("x"), x);
    json.name("logY").value(logY);
    json.name("series").beginArray();
    for (Line line : lines) {
      json.beginObject().name("label").value(line.label()).name("color").value(line.color());
      json.name("faint").value(line.faint());
      numbers(json.name("values"), line.values());
      json.endObject();
    }
    json.endArray().name("shade").beginArray();
    for (double[] range : shades) {
      numbers(json, range);
    }
    json.endArray().name("shadeLabels").beginArray();
    shadeLabels.forEach(json::value);
    json.endArray().name("markers").beginArray();
    for (Marker marker : markers) {
      json.beginObject().name("x").value(marker.x()).name("label").value(marker.label());
      json.endObject();
    }
    json.endArray().endObject();
  }

  /** Five significant digits: more than a chart can show, and a week's data stays small. */
  private static double round(double v) {
    return new BigDecimal(v).round(FIVE_DIGITS).doubleValue();
  }

  private static void numbers(JsonWriter json, double[] values) {
    json.beginArray();
    for (double v : values) {
      json.value(Double.isFinite(v) ? round(v) : v);
    }
    json.endArray();
  }
}
