package org.tpccpg.driver.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestDatabase;

/**
 * libpq's keep-alive keywords reach the connection's socket: the kernel's keep-alive timer of an
 * idle connection, as {@code ss -o} shows it, starts from keepalives_idle when one is given and
 * from the system's {@code tcp_keepalive_time} when not, and there is none with keepalives=0.
 */
class TcpKeepAliveIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  private static final Pattern TIMER = Pattern.compile("timer:\\(keepalive,([0-9.]+)(ms|sec|min)");

  private static ConnectionSettings settings(String keywords) {
    TestDatabase db = POSTGRES.database();
    String conninfo =
        "host=" + db.host() + " port=" + db.port() + " user=" + db.user() + " dbname=" + db.name();
    return SettingsResolver.resolve(
            List.of(
                SettingSource.conninfo(conninfo + " " + keywords, "--conninfo"),
                SettingSource.environment(Map.of("PGPASSWORD", db.password()))),
            Path.of("/nonexistent"))
        .settings();
  }

  /** What {@code ss} shows of the connection's client end while it is idle. */
  private static String socketLine(Connection connection) throws Exception {
    int port;
    try (Statement s = connection.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT client_port FROM pg_stat_activity WHERE pid = pg_backend_pid()")) {
      rs.next();
      port = rs.getInt(1);
    }
    Process ss =
        new ProcessBuilder("ss", "-tnoH", "state", "established", "( sport = :" + port + " )")
            .redirectErrorStream(true)
            .start();
    String line = new String(ss.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, ss.waitFor(), line);
    assertTrue(line.contains(":" + port), "ss found the connection: " + line);
    return line;
  }

  private static double timerSeconds(String line) {
    Matcher timer = TIMER.matcher(line);
    assertTrue(timer.find(), "a keep-alive timer: " + line);
    double value = Double.parseDouble(timer.group(1));
    return switch (timer.group(2)) {
      case "ms" -> value / 1_000;
      case "min" -> value * 60;
      default -> value;
    };
  }

  @Test
  void keepalivesIdleSetsTheFirstProbesTimeAndTheSystemsDefaultHoldsWithoutIt() throws Exception {
    try (Connection timed =
        settings("keepalives_idle=37 keepalives_interval=4 keepalives_count=2").open()) {
      double seconds = timerSeconds(socketLine(timed));
      assertTrue(seconds > 20 && seconds <= 37, "keepalives_idle=37 gave " + seconds + " s");
    }
    int system = systemKeepAliveTime();
    try (Connection plain = settings("").open()) {
      double seconds = timerSeconds(socketLine(plain));
      assertTrue(
          seconds > system - 120 && seconds <= system, // ss shows whole minutes past 60 s
          "tcp_keepalive_time " + system + " s gave " + seconds + " s");
    }
  }

  @Test
  void keepalivesZeroLeavesTheSocketWithoutATimerWhatEverTheTiming() throws Exception {
    try (Connection off = settings("keepalives=0 keepalives_idle=37").open()) {
      String line = socketLine(off);
      assertTrue(!TIMER.matcher(line).find(), "no keep-alive timer: " + line);
    }
  }

  private static int systemKeepAliveTime() throws IOException {
    // read line-wise: /proc's files give their size as 0
    return Integer.parseInt(
        Files.readAllLines(Path.of("/proc/sys/net/ipv4/tcp_keepalive_time")).get(0).strip());
  }
}
