package org.tpccpg.driver.htmlreport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.results.JsonReader;

class HtmlTest {
  private static final String HOSTILE = "<img src=x onerror=alert(1)></script>'\"&";

  @TempDir Path dir;

  @Test
  void textEscapesEveryCharacterThatCouldOpenATagOrLeaveAnAttribute() {
    assertEquals(
        "&lt;img src=x onerror=alert(1)&gt;&lt;/script&gt;&#39;&quot;&amp;", Html.text(HOSTILE));
  }

  @Test
  void jsonInAScriptElementCannotEndItAndStillParsesToTheSameText() throws IOException {
    String json = ReportFixture.jsonString(HOSTILE);
    String safe = Html.scriptJson(json);
    assertFalse(safe.contains("<") || safe.contains(">") || safe.contains("&"), safe);
    assertEquals(HOSTILE, JsonReader.read(safe));
  }

  @Test
  void codeHoldingItsElementsEndTagIsNotInlined() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> Html.inline("var s = '</SCRIPT>';", "script", "x.js"));
    assertEquals("x.js holds </script and cannot be inlined", e.getMessage());
  }

  @Test
  void aHostileTargetNameReachesThePageOnlyEscapedOrAsJsonData() throws IOException {
    Path bundle = ReportFixture.bundle(dir.resolve("b"), List.of("pg-a", HOSTILE));
    String html = Report.read(List.of(bundle), true, w -> {}).html();
    assertFalse(html.contains("<img"), "the name must not become a tag");
    assertTrue(html.contains("<th>" + Html.text(HOSTILE) + "</th>"));
    Matcher data =
        Pattern.compile("<script id=\"report-data\" type=\"application/json\">(.*?)</script>")
            .matcher(html);
    assertTrue(data.find());
    assertTrue(JsonReader.read(data.group(1)).toString().contains(HOSTILE));
    assertEquals(3, count(html, "<script"), "the data, uPlot and the page script");
  }

  @Test
  void thePageInlinesUplotAndItsStyleAndLoadsNothingFromTheNetwork() throws IOException {
    Path run = ReportFixture.run(dir.resolve("r"), "tpcb", List.of("builtin"), 100, 30, true);
    String html = Report.read(List.of(run), false, w -> {}).html();
    Files.writeString(dir.resolve("report.html"), html);
    assertTrue(html.contains(".uplot"), "uPlot's CSS");
    assertTrue(html.contains("uPlot"), "uPlot's script");
    assertFalse(html.contains("src=\"http") || html.contains("href=\"http"), "no remote resource");
    assertFalse(html.contains("<script src") || html.contains("<link"));
  }

  @Test
  void aRunWithoutASummaryIsReportedFromWhatItRecordedAndSaysSo() throws IOException {
    Path run = ReportFixture.run(dir.resolve("killed"), "tpcc", List.of("a", "b"), 100, 30, true);
    Files.delete(run.resolve("summary.json"));
    String html = Report.read(List.of(run), false, w -> {}).html();
    assertTrue(html.contains("not: no summary.json (the run is still going, or it was killed"));
    assertTrue(html.contains("Throughput") && html.contains("Server: WAL written"), "time charts");
    assertTrue(html.contains("Latency distribution per kind"), "from the kinds' logs");
    // a soak directory whose run did not end: its results/ directory
    Path soak = dir.resolve("soak");
    Files.move(run, Files.createDirectories(soak).resolve("results"));
    assertTrue(Report.read(List.of(soak), false, w -> {}).html().contains("not: no summary"));
  }

  private static int count(String text, String part) {
    return text.split(Pattern.quote(part), -1).length - 1;
  }
}
