package org.tpccpg.driver.htmlreport;

import java.util.List;
import java.util.Locale;

/**
 * The sweep tables as text to paste: Markdown (a heading and a table per workload, a row per client
 * count, a column per target, or per target and combination of settings when the sweep has several,
 * cells {@code median (min–max)} tps; then a row per column and client count with time, tps,
 * latency and sizes) and CSV (a row per workload, combination of settings and client count, per
 * target its median, min and max tps, repeats, median p95, average latency, elapsed time, sizes
 * before and after and growth, checkpoints, WAL and the connection time; a missing cell is empty,
 * never 0).
 */
public final class TableText {
  private TableText() {}

  /**
   * The title of a table: its workload, the benchmark it runs when the manifest says ({@code
   * (TPC-C)}, {@code (TPC-B)}) and, when it has some, its settings.
   */
  static String title(SweepTable table) {
    String name = table.workload() + benchmark(table.kind());
    if (!table.settingColumns().isEmpty()) {
      String by = name + " by " + String.join(", ", table.settingColumns());
      return table.settings().isEmpty() ? by : by + ", with " + table.settingsText();
    }
    String settings = table.settingsText();
    return settings.isEmpty() ? name : name + " with " + settings;
  }

  private static String benchmark(String kind) {
    if (kind == null) {
      return "";
    }
    return switch (kind) {
      case "tpcc" -> " (TPC-C)";
      case "tpcb" -> " (TPC-B)";
      default -> " (" + kind + ")";
    };
  }

  /** The tables in Markdown, a workload's combinations of settings side by side in one. */
  public static String markdown(List<SweepTable> tables) {
    StringBuilder md = new StringBuilder();
    for (SweepTable table : SweepTable.settingsAsColumns(tables)) {
      if (md.length() > 0) {
        md.append('\n');
      }
      md.append("### ").append(markdownText(title(table))).append('\n').append('\n');
      md.append("tps, median (min–max) over repeats\n\n");
      md.append("| clients |");
      table.targets().forEach(t -> md.append(' ').append(markdownText(t)).append(" |"));
      md.append("\n|--:|");
      table.targets().forEach(t -> md.append("--:|"));
      md.append('\n');
      for (int clients : table.clients()) {
        md.append("| ").append(clients).append(" |");
        for (String target : table.targets()) {
          md.append(' ').append(Figures.cell(table.tps(clients, target))).append(" |");
        }
        md.append('\n');
      }
      rows(md, table);
    }
    return md.toString();
  }

  /** The table's figures per target and client count, medians (min–max) over repeats. */
  private static void rows(StringBuilder md, SweepTable table) {
    md.append("\nper target and client count, median (min–max) over repeats; sizes are")
        .append(" pg\\_database\\_size right before and after the run; checkpoints and WAL")
        .append(" are the server's during the run (missing without server statistics)")
        .append(
            table.tpcb()
                ? "; connection is pgbench's connection time, the average per connection with -C"
                    + " and the initial connections' without\n\n|"
                : "\n\n|");
    List<String> headings = SweepRowText.headings(table);
    headings.forEach(h -> md.append(' ').append(h).append(" |"));
    md.append("\n|:--|");
    headings.stream().skip(1).forEach(h -> md.append("--:|"));
    md.append('\n');
    for (String target : table.targets()) {
      for (int clients : table.clients()) {
        md.append("| ").append(markdownText(target)).append(" | ").append(clients).append(" |");
        for (String figure : SweepRowText.figures(table, table.row(clients, target))) {
          md.append(' ').append(figure).append(" |");
        }
        md.append('\n');
      }
    }
  }

  /** Text in a Markdown table cell or heading: pipes, backslashes and line breaks escaped. */
  static String markdownText(String text) {
    StringBuilder out = new StringBuilder(text.length());
    for (char c : text.toCharArray()) {
      switch (c) {
        case '|', '\\', '*', '_', '`', '[', ']', '<', '>', '#' -> out.append('\\').append(c);
        case '\n', '\r' -> out.append(' ');
        default -> out.append(c);
      }
    }
    return out.toString();
  }

  public static String csv(List<SweepTable> tables) {
    StringBuilder csv = new StringBuilder("workload,settings,clients");
    List<String> targets = tables.isEmpty() ? List.of() : tables.get(0).targets();
    for (String target : targets) {
      for (String column :
          List.of(
              "tps_median",
              "tps_min",
              "tps_max",
              "repeats",
              "p95_ms_median",
              "latency_avg_ms_median",
              "elapsed_s_median",
              "db_bytes_before_median",
              "db_bytes_after_median",
              "growth_bytes_median",
              "checkpoints_median",
              "wal_bytes_median",
              "connection_ms_median")) {
        csv.append(',').append(csvText(target + " " + column));
      }
    }
    csv.append("\r\n");
    for (SweepTable table : tables) {
      for (int clients : table.clients()) {
        csv.append(csvText(table.workload())).append(',').append(csvText(table.settingsText()));
        csv.append(',').append(clients);
        for (String target : targets) {
          Spread tps = table.tps(clients, target);
          Spread p95 = table.p95Ms(clients, target);
          csv.append(',').append(csvNumber(tps == null ? Double.NaN : tps.median()));
          csv.append(',').append(csvNumber(tps == null ? Double.NaN : tps.min()));
          csv.append(',').append(csvNumber(tps == null ? Double.NaN : tps.max()));
          csv.append(',').append(tps == null ? 0 : tps.count());
          csv.append(',').append(csvNumber(p95 == null ? Double.NaN : p95.median()));
          SweepRow row = table.row(clients, target);
          for (Spread figure :
              row == null
                  ? List.<Spread>of()
                  : List.of(
                      row.avgMs(),
                      row.seconds(),
                      row.bytesBefore(),
                      row.bytesAfter(),
                      row.growthBytes(),
                      row.checkpoints(),
                      row.walBytes(),
                      row.connectionMs())) {
            csv.append(',').append(csvNumber(figure.median()));
          }
          if (row == null) {
            csv.append(",,,,,,,,"); // a target of another bundle's tables
          }
        }
        csv.append("\r\n");
      }
    }
    return csv.toString();
  }

  /** A CSV field (RFC 4180): quoted when it holds a comma, quote or line break. */
  static String csvText(String text) {
    if (text.chars().anyMatch(c -> c == ',' || c == '"' || c == '\n' || c == '\r')) {
      return '"' + text.replace("\"", "\"\"") + '"';
    }
    return text;
  }

  private static String csvNumber(double value) {
    if (Double.isNaN(value)) {
      return "";
    }
    return String.format(Locale.ROOT, "%.2f", value);
  }
}
