package org.tpccpg.driver.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.tpccpg.driver.results.ServerInfo;

/**
 * How the servers of the two sides differ, from each run's {@code summary.json} {@code server}: its
 * version and the settings a run records ({@code ServerInfo.SETTINGS}), and the note {@code
 * compare} adds when they differ. Context, not a metric: two targets whose {@code fsync} or {@code
 * shared_buffers} differ are compared all the same, but not without a word. Does not read the
 * servers themselves, only what the runs recorded.
 */
final class ServerDifferences {
  /** The key of the server's version among the settings, first in the note. */
  static final String VERSION = "version";

  private ServerDifferences() {}

  /**
   * A run's server as the note compares it: {@code version} (PostgreSQL's number, {@code 15.18})
   * then its settings, from a summary's {@code server}; empty without one.
   */
  static Map<String, String> of(ServerInfo recorded) {
    Map<String, String> server = new LinkedHashMap<>();
    if (recorded == null) {
      return server;
    }
    server.put(VERSION, shortVersion(recorded.version()));
    recorded
        .settings()
        .forEach(
            (name, value) -> {
              if (!"server_version_num".equals(name)) { // the version says it
                server.put(name, value);
              }
            });
    return server;
  }

  /** {@code PostgreSQL 15.18 on x86_64-pc-linux-gnu, ...} as {@code 15.18}. */
  private static String shortVersion(String version) {
    String[] words = version.split("\\s+");
    return words.length >= 2 && words[0].equals("PostgreSQL") ? words[1] : version;
  }

  /**
   * {@code the servers differ: fsync A on, B off; shared_buffers A 128MB, B 2GB}, a part per
   * version or setting whose values differ between the sides (a side whose runs differ lists its
   * values, {@code 128MB/2GB}; one that did not record it says {@code -}); empty when none does.
   */
  static Optional<String> note(RunGroup a, RunGroup b) {
    Set<String> names = new LinkedHashSet<>();
    List.of(a, b).forEach(side -> side.runs().forEach(run -> names.addAll(run.server().keySet())));
    List<String> parts = new ArrayList<>();
    for (String name : names) {
      String valueA = values(a, name);
      String valueB = values(b, name);
      if (!valueA.equals(valueB)) {
        parts.add(name + " A " + valueA + ", B " + valueB);
      }
    }
    return parts.isEmpty()
        ? Optional.empty()
        : Optional.of("the servers differ: " + String.join("; ", parts));
  }

  private static String values(RunGroup side, String name) {
    Set<String> values = new LinkedHashSet<>();
    side.runs().forEach(run -> values.add(run.server().getOrDefault(name, "-")));
    return String.join("/", values);
  }
}
