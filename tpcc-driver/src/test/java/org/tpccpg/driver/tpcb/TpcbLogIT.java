package org.tpccpg.driver.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.testkit.PostgresFixture;

/** {@code -l}: the transaction logs of real runs, per transaction, sampled and aggregated. */
class TpcbLogIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  @TempDir Path tmp;

  @BeforeAll
  static void initialize() {
    TpcbCli.run(POSTGRES.database(), "-i", "-s", "1", "-q");
  }

  /** Every line of every log file the run wrote under {@code prefix}. */
  private List<String[]> lines(String prefix) throws IOException {
    List<String[]> lines = new ArrayList<>();
    try (Stream<Path> files = Files.list(tmp)) {
      for (Path file : files.filter(f -> f.getFileName().toString().startsWith(prefix)).toList()) {
        for (String line : Files.readAllLines(file)) {
          lines.add(line.split(" "));
        }
      }
    }
    return lines;
  }

  @Test
  void everyTransactionOfEveryClientIsLoggedWithPgbenchsColumns() throws IOException {
    TpcbCli.run(
        POSTGRES.database(),
        "-c",
        "3",
        "-j",
        "2",
        "-t",
        "20",
        "-l",
        "--log-prefix",
        tmp.resolve("all").toString());
    List<String[]> lines = lines("all");
    assertEquals(60, lines.size());
    for (int client = 0; client < 3; client++) {
      String id = Integer.toString(client);
      List<String[]> own = lines.stream().filter(l -> l[0].equals(id)).toList();
      assertEquals(20, own.size(), "client " + client);
      assertEquals(
          List.of(
              "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16",
              "17", "18", "19", "20"),
          own.stream()
              .map(l -> l[1])
              .sorted((a, b) -> Integer.parseInt(a) - Integer.parseInt(b))
              .toList(),
          "transaction numbers of client " + client);
    }
    for (String[] line : lines) {
      assertEquals(6, line.length, String.join(" ", line));
      assertTrue(Long.parseLong(line[2]) > 0, "a latency in µs: " + String.join(" ", line));
      assertEquals("0", line[3], "script 0");
    }
  }

  @Test
  void aSamplingRateKeepsAboutThatShare() throws IOException {
    TpcbCli.run(
        POSTGRES.database(),
        "-c",
        "2",
        "-t",
        "400",
        "-S",
        "-l",
        "--sampling-rate",
        "0.25",
        "--log-prefix",
        tmp.resolve("sampled").toString());
    int kept = lines("sampled").size();
    assertTrue(kept > 100 && kept < 300, "about a quarter of 800: " + kept);
  }

  @Test
  void aggregationWritesOneLinePerIntervalThatAddsUpToTheRun() throws IOException {
    RealPgbench.Output output =
        TpcbCli.run(
            POSTGRES.database(),
            "-c",
            "2",
            "-T",
            "3",
            "-l",
            "--aggregate-interval",
            "1",
            "--log-prefix",
            tmp.resolve("agg").toString());
    List<String[]> lines = lines("agg");
    assertTrue(
        lines.size() >= 2 && lines.size() <= 4, "about one line per second: " + lines.size());
    long logged = 0;
    for (String[] line : lines) {
      assertEquals(15, line.length, String.join(" ", line));
      logged += Long.parseLong(line[1]);
    }
    String processed =
        output
            .out()
            .lines()
            .filter(l -> l.startsWith("number of transactions actually processed"))
            .findFirst()
            .orElseThrow();
    assertEquals(Long.parseLong(processed.replaceAll("\\D+", "")), logged, output.out());
  }
}
