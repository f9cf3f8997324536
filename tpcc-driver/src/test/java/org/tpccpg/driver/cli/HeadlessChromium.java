package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Debian's {@code chromium} (which .ci/run installs) run headless on a report page, for the ITs
 * that check the page draws: the page script marks the DOM with {@code data-charts} (the charts it
 * found), {@code data-charts-drawn}, a {@code data-drawn="WxH"} per canvas and {@code data-errors}
 * when something failed.
 */
final class HeadlessChromium {
  private HeadlessChromium() {}

  /**
   * Runs Chromium on the page with the given options, its profile and output files in {@code work};
   * its standard output.
   */
  static String run(Path html, Path work, String... options)
      throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(
            List.of(
                "chromium",
                "--headless=new",
                "--disable-gpu",
                "--no-sandbox",
                "--user-data-dir=" + work.resolve("chromium-profile"),
                "--virtual-time-budget=10000"));
    command.addAll(List.of(options));
    command.add(html.toUri().toString());
    Path stdout = work.resolve("chromium.out");
    Process chromium =
        new ProcessBuilder(command)
            .redirectOutput(stdout.toFile())
            .redirectError(work.resolve("chromium.err").toFile())
            .start();
    if (!chromium.waitFor(3, TimeUnit.MINUTES)) {
      chromium.destroyForcibly();
      throw new AssertionError("chromium did not end in 3 minutes");
    }
    assertEquals(
        0, chromium.exitValue(), "chromium: " + Files.readString(work.resolve("chromium.err")));
    return Files.readString(stdout);
  }

  /** The page's DOM after its script ran. */
  static String dom(Path html, Path work) throws IOException, InterruptedException {
    return run(html, work, "--dump-dom");
  }

  /** The errors the page shows, or "(none shown)". */
  static String errors(String dom) {
    Matcher m =
        Pattern.compile("<pre id=\"report-errors\"[^>]*>(.*?)</pre>", Pattern.DOTALL).matcher(dom);
    return m.find() ? m.group(1) : "(none shown)";
  }

  /** The start of the DOM, for a failure's message. */
  static String head(String dom) {
    return dom.substring(0, Math.min(300, dom.length()));
  }
}
