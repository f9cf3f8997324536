package org.tpccpg.driver.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.testkit.PostgresFixture;

/** {@code tpcc tpcb} runs against a real server, side by side with the real pgbench. */
class TpcbIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  /** pgbench 15's progress line; the test checks that real pgbench's lines match it too. */
  static final Pattern PROGRESS =
      Pattern.compile(
          "^progress: \\d+\\.\\d s, \\d+\\.\\d tps, lat \\d+\\.\\d{3} ms stddev \\d+\\.\\d{3},"
              + " 0 failed$",
          Pattern.MULTILINE);

  /** The lines of pgbench's closing block every timed run prints. */
  static final Pattern CLOSING =
      Pattern.compile(
          "(?m)^transaction type: <builtin: [a-zA-Z() -]+>\n"
              + "scaling factor: 1\n"
              + "query mode: (simple|extended|prepared)\n"
              + "number of clients: 2\n"
              + "number of threads: 2\n"
              + "maximum number of tries: 1\n"
              + "duration: 2 s\n"
              + "number of transactions actually processed: \\d+\n"
              + "number of failed transactions: 0 \\(0\\.000%\\)\n"
              + "latency average = \\d+\\.\\d{3} ms\n"
              + "latency stddev = \\d+\\.\\d{3} ms\n"
              + "initial connection time = \\d+\\.\\d{3} ms\n"
              + "tps = \\d+\\.\\d{6} \\(without initial connection time\\)\n");

  private static long count(String sql) throws SQLException {
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static long progressLines(String text) {
    return PROGRESS.matcher(text).results().count();
  }

  @Test
  void everyBuiltinPrintsProgressAndClosingBlockShapedLikeRealPgbench() throws Exception {
    TpcbCli.run(POSTGRES.database(), "-i", "-s", "1", "-I", "dtGvp", "-q");
    RealPgbench.Output real =
        RealPgbench.run(POSTGRES.database(), "-S", "-T", "2", "-P", "1", "-c", "2", "-j", "2");
    assertTrue(progressLines(real.err()) >= 1, "real pgbench:\n" + real.err());
    assertTrue(CLOSING.matcher(real.out()).find(), "real pgbench:\n" + real.out());
    List<String[]> runs = new ArrayList<>();
    runs.add(new String[] {});
    runs.add(new String[] {"-N", "-M", "extended"});
    runs.add(new String[] {"-S", "-M", "prepared"});
    for (String[] builtin : runs) {
      List<String> args = new ArrayList<>(List.of(builtin));
      args.addAll(List.of("-T", "2", "-P", "1", "-c", "2", "-j", "2"));
      RealPgbench.Output ours = TpcbCli.run(POSTGRES.database(), args.toArray(String[]::new));
      assertTrue(progressLines(ours.err()) >= 1, args + ":\n" + ours.err());
      assertTrue(CLOSING.matcher(ours.out()).find(), args + ":\n" + ours.out());
      assertTrue(ours.out().contains("\nlatency percentiles: p50 = "), ours.out());
    }
  }

  /**
   * {@code -d} prints the real pgbench's debug lines under every -M, for a builtin and for a custom
   * script: the opening pghost line, each meta-command with its words, each statement as that mode
   * sends it (values, $n or P_k after preparing it once), "receiving" left out (pgbench prints it
   * as often as its client looks for the result, which varies with timing); values masked.
   */
  @Test
  void debugLinesAreTheRealPgbenchsUnderEveryQueryMode(@TempDir Path dir) throws Exception {
    TpcbCli.run(POSTGRES.database(), "-i", "-s", "1", "-I", "dtGvp", "-q");
    Path script = dir.resolve("debug.sql");
    Files.writeString(script, "\\set x 5\n\\sleep 1 ms\nSELECT :x, :x + 1;\n");
    for (String mode : List.of("simple", "extended", "prepared")) {
      for (List<String> what :
          List.of(List.of("-t", "2"), List.of("-n", "-t", "2", "-f", "" + script))) {
        List<String> args = new ArrayList<>(what);
        args.addAll(List.of("-M", mode, "-d"));
        String[] argv = args.toArray(String[]::new);
        String real = debugLines(RealPgbench.run(POSTGRES.database(), argv).err(), "pgbench: ");
        String ours = debugLines(TpcbCli.run(POSTGRES.database(), argv).err(), "tpcc tpcb: ");
        assertTrue(real.contains("client N executing \\set "), real);
        assertEquals(real, ours, args.toString());
      }
    }
  }

  private static String debugLines(String stderr, String prefix) {
    StringBuilder lines = new StringBuilder();
    for (String line : stderr.split("\n")) {
      if (line.startsWith(prefix) && !line.endsWith(" receiving")) {
        lines.append(line.substring(prefix.length()).replaceAll("-?[0-9]+", "N")).append('\n');
      }
    }
    return lines.toString();
  }

  @Test
  void transactionsPerClientRunExactlyThatManyAndBalancesAgree() throws Exception {
    TpcbCli.run(POSTGRES.database(), "-i", "-s", "1", "-I", "dtGvp");
    RealPgbench.Output ours = TpcbCli.run(POSTGRES.database(), "-c", "3", "-t", "37", "-r");
    assertTrue(ours.out().contains("processed: 111/111\n"), ours.out());
    assertTrue(ours.out().contains("  END;\n"), ours.out());
    assertEquals(111, count("SELECT count(*) FROM pgbench_history"));
    long delta = count("SELECT coalesce(sum(delta), 0) FROM pgbench_history");
    assertEquals(delta, count("SELECT sum(abalance) FROM pgbench_accounts"));
    assertEquals(delta, count("SELECT sum(bbalance) FROM pgbench_branches"));
    assertEquals(delta, count("SELECT sum(tbalance) FROM pgbench_tellers"));
  }

  @Test
  void connectionPerTransactionReportsAverageConnectionTime() throws Exception {
    TpcbCli.run(POSTGRES.database(), "-i", "-s", "1", "-I", "dtGp");
    RealPgbench.Output ours =
        TpcbCli.run(POSTGRES.database(), "-C", "-S", "-c", "2", "-t", "10", "-n");
    assertTrue(ours.out().contains("processed: 20/20\n"), ours.out());
    assertTrue(
        Pattern.compile(
                "(?m)^average connection time = \\d+\\.\\d{3} ms\n"
                    + "tps = \\d+\\.\\d{6} \\(including reconnection times\\)$")
            .matcher(ours.out())
            .find(),
        ours.out());
  }

  @Test
  void tablesMadeByRealPgbenchRunUnderOursAndOursUnderRealPgbench() throws Exception {
    RealPgbench.run(POSTGRES.database(), "-i", "-s", "1", "--partitions", "2", "-q");
    RealPgbench.Output ours =
        TpcbCli.run(POSTGRES.database(), "-M", "prepared", "-c", "2", "-t", "25");
    assertTrue(ours.out().contains("partition method: range\npartitions: 2\n"), ours.out());
    assertTrue(ours.out().contains("processed: 50/50\n"), ours.out());

    TpcbCli.run(POSTGRES.database(), "-i", "-s", "1", "--foreign-keys", "-q");
    RealPgbench.Output real =
        RealPgbench.run(POSTGRES.database(), "-M", "prepared", "-c", "2", "-t", "25");
    assertTrue(real.out().contains("processed: 50/50\n"), real.out());
    long delta = count("SELECT coalesce(sum(delta), 0) FROM pgbench_history");
    assertEquals(delta, count("SELECT sum(abalance) FROM pgbench_accounts"));
  }

  /**
   * pgbench prints its version line before it counts the branches, so a database without the tables
   * (none on this search path) still gets it, then the hint to initialize.
   */
  @Test
  void withoutTheTablesTheVersionLineComesBeforeTheHintAsInPgbench(@TempDir Path dir)
      throws Exception {
    TapCase.of(
            "run without the tables",
            "-S -t 1",
            1,
            List.of("^$PROGRAM \\("),
            List.of("could not count number of branches", "Perhaps you need to do initialization"))
        .withEnv(Map.of("PGOPTIONS", "-c search_path=pg_catalog"))
        .check(dir, POSTGRES.database());
  }
}
