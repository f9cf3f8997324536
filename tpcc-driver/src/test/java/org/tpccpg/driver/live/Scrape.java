package org.tpccpg.driver.live;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One scrape of a Prometheus endpoint in the text format: each sample line's {@code name{labels}}
 * and value. Comment lines ({@code # HELP}, {@code # TYPE}) are left out.
 */
public record Scrape(Map<String, Double> samples) {
  private static final Pattern SERVING = Pattern.compile("serving live metrics at (http://\\S+)");
  private static final Pattern SAMPLE =
      Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\\{.*\\})?) (\\S+)$");

  /** The URL a run printed ({@code serving live metrics at URL}), or null when not yet. */
  public static String url(String output) {
    Matcher m = SERVING.matcher(output);
    return m.find() ? m.group(1) : null;
  }

  /**
   * GET {@code url}; fails on anything but 200. With {@link HttpURLConnection}: the JDK's {@code
   * HttpClient} fails to connect inside a JVM running a TPC-C run (a client-side quirk: curl and
   * this connection reach the same endpoint).
   */
  public static Scrape of(String url) throws IOException {
    HttpURLConnection connection = (HttpURLConnection) URI.create(url).toURL().openConnection();
    connection.setConnectTimeout(5_000);
    connection.setReadTimeout(10_000);
    try {
      int status = connection.getResponseCode();
      if (status != 200) {
        throw new IOException("GET " + url + ": " + status);
      }
      try (InputStream body = connection.getInputStream()) {
        return parse(new String(body.readAllBytes(), StandardCharsets.UTF_8));
      }
    } finally {
      connection.disconnect();
    }
  }

  /** The text format's sample lines. */
  public static Scrape parse(String text) {
    Map<String, Double> samples = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      Matcher m = SAMPLE.matcher(line);
      if (!m.matches()) {
        throw new IllegalArgumentException("not a sample line of the text format: " + line);
      }
      samples.put(m.group(1), Double.parseDouble(m.group(2)));
    }
    return new Scrape(samples);
  }

  /** The value of {@code series} ({@code name{labels}} exactly as served), or null. */
  public Double get(String series) {
    return samples.get(series);
  }
}
