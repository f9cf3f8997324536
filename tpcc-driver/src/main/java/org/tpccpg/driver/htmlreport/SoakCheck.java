package org.tpccpg.driver.htmlreport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The check a {@code bin/tpcc-soak} directory's soak ran after its run (or {@code tpcc-soak check}
 * ran again), as its {@code soak.log} records it: {@code ... phase check ended with exit code N} or
 * {@code ... check ended with exit code N}; the last one counts. Does not run a check.
 */
final class SoakCheck {
  private static final Pattern ENDED =
      Pattern.compile("^(\\S+) (?:phase )?check ended with exit code (\\d+)$");

  private SoakCheck() {}

  /**
   * {@code check: passed (exit code 0, TIME)}, {@code failed (exit code N, TIME): see check.log} or
   * {@code not run}; nothing when the directory has no {@code soak.log}.
   */
  static Map<String, String> facts(Path soak) throws IOException {
    Path log = soak.resolve("soak.log");
    if (!Files.isRegularFile(log)) {
      return Map.of();
    }
    String verdict = "not run";
    List<String> lines = Files.readAllLines(log);
    for (String line : lines) {
      Matcher ended = ENDED.matcher(line);
      if (ended.matches()) {
        String code = ended.group(2);
        String how = "(exit code " + code + ", " + ended.group(1) + ")";
        verdict = code.equals("0") ? "passed " + how : "failed " + how + ": see check.log";
      }
    }
    return Map.of("check", verdict);
  }
}
