package org.tpccpg.driver.htmlreport;

import java.util.List;
import java.util.Map;
import org.tpccpg.driver.results.JsonWriter;

/**
 * Writes the report's one HTML file: uPlot and the page script inlined, the chart data as one JSON
 * element, the tables and facts as HTML. User-controlled text goes through {@link Html#text} or
 * into the JSON, which the script only ever puts into the page as text.
 */
final class HtmlPage {
  private final StringBuilder body = new StringBuilder();
  private final JsonWriter charts = new JsonWriter().beginArray();
  private int chartCount;

  HtmlPage heading(int level, String text) {
    body.append("<h").append(level).append('>').append(Html.text(text));
    body.append("</h").append(level).append(">\n");
    return this;
  }

  HtmlPage paragraph(String text, String cssClass) {
    body.append("<p class=\"").append(cssClass).append("\">").append(Html.text(text));
    body.append("</p>\n");
    return this;
  }

  HtmlPage facts(Map<String, String> facts) {
    body.append("<dl class=\"facts\">");
    facts.forEach(
        (name, value) ->
            body.append("<div><dt>")
                .append(Html.text(name))
                .append("</dt><dd>")
                .append(Html.text(value))
                .append("</dd></div>"));
    body.append("</dl>\n");
    return this;
  }

  /** A plain table of text: headings, then a row each. */
  HtmlPage table(List<String> headings, List<List<String>> rows, String cssClass) {
    body.append("<table class=\"").append(cssClass).append("\"><thead><tr>");
    headings.forEach(h -> body.append("<th>").append(Html.text(h)).append("</th>"));
    body.append("</tr></thead><tbody>\n");
    for (List<String> row : rows) {
      body.append("<tr>");
      row.forEach(cell -> body.append("<td>").append(Html.text(cell)).append("</td>"));
      body.append("</tr>\n");
    }
    body.append("</tbody></table>\n");
    return this;
  }

  /** A sweep table: a row per client count, a column per target; missing cells marked. */
  HtmlPage table(SweepTable table) {
    body.append("<table class=\"sweep\"><thead><tr><th>clients</th>");
    table.targets().forEach(t -> body.append("<th>").append(Html.text(t)).append("</th>"));
    body.append("</tr></thead><tbody>\n");
    for (int clients : table.clients()) {
      body.append("<tr><th>").append(clients).append("</th>");
      for (String target : table.targets()) {
        Spread tps = table.tps(clients, target);
        String css = tps.missing() ? "missing" : tps.partial() ? "partial" : "";
        body.append("<td class=\"").append(css).append("\">").append(Html.text(Figures.cell(tps)));
        body.append("</td>");
      }
      body.append("</tr>\n");
    }
    body.append("</tbody></table>\n");
    return this;
  }

  /**
   * A sweep table's figures per target and client count (time, tps, latency, sizes), a row each,
   * grouped by target as the published version tables are.
   */
  HtmlPage rows(SweepTable table) {
    body.append("<table class=\"sweep rows\"><thead><tr>");
    SweepRowText.headings(table)
        .forEach(h -> body.append("<th>").append(Html.text(h)).append("</th>"));
    body.append("</tr></thead><tbody>\n");
    for (String target : table.targets()) {
      for (int clients : table.clients()) {
        SweepRow row = table.row(clients, target);
        String css = row.tps().missing() ? "missing" : row.tps().partial() ? "partial" : "";
        body.append("<tr class=\"").append(css).append("\"><th>").append(Html.text(target));
        body.append("</th><th>").append(clients).append("</th>");
        for (String figure : SweepRowText.figures(table, row)) {
          body.append("<td>").append(Html.text(figure)).append("</td>");
        }
        body.append("</tr>\n");
      }
    }
    body.append("</tbody></table>\n");
    return this;
  }

  HtmlPage charts(List<Chart> list) {
    body.append("<div class=\"charts\">\n");
    for (Chart chart : list) {
      String id = "chart-" + ++chartCount;
      body.append("<figure><figcaption>").append(Html.text(chart.title()));
      body.append("</figcaption><div class=\"chart\" id=\"")
          .append(id)
          .append("\"></div></figure>\n");
      chart.write(charts, id);
    }
    body.append("</div>\n");
    return this;
  }

  HtmlPage open(String element, String cssClass) {
    body.append('<').append(element).append(" class=\"").append(cssClass).append("\">\n");
    return this;
  }

  HtmlPage close(String element) {
    body.append("</").append(element).append(">\n");
    return this;
  }

  String render(String title, ReportAssets assets) {
    StringBuilder page = new StringBuilder(body.length() + assets.uplotJs().length() + 8192);
    page.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    page.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    page.append("<title>").append(Html.text(title)).append("</title>\n<style>\n");
    page.append(Html.inline(assets.uplotCss(), "style", "uPlot.min.css")).append('\n');
    page.append(Html.inline(assets.pageCss(), "style", "report.css"));
    page.append("</style>\n</head>\n<body>\n");
    page.append("<pre id=\"report-errors\" hidden></pre>\n");
    page.append(body);
    page.append("<script id=\"report-data\" type=\"application/json\">");
    page.append(Html.scriptJson(charts.endArray().toString()));
    page.append("</script>\n<!-- uPlot ")
        .append(assets.uplotVersion())
        .append(", https://github.com/leeoniya/uPlot\n")
        .append(assets.uplotLicense().replace("--", "- -"))
        .append("-->\n<script>\n");
    page.append(Html.inline(assets.uplotJs(), "script", "uPlot.iife.min.js"));
    page.append("\n</script>\n<script>\n");
    page.append(Html.inline(assets.pageJs(), "script", "report.js"));
    page.append("</script>\n</body>\n</html>\n");
    return page.toString();
  }
}
