package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A report page opened in headless Chromium (Debian's {@code chromium}, which .ci/run installs):
 * the DOM after its script ran, checked for errors and drawn charts, and a screenshot.
 */
final class HeadlessChromium {
  private final Path scratch;

  /** Chromium's profile and output files go under {@code scratch}. */
  HeadlessChromium(Path scratch) {
    this.scratch = scratch;
  }

  /**
   * Loads the page and asserts that its script ran without an error and that every chart drew on a
   * canvas of non-zero size.
   *
   * @return the page's DOM after its script ran, and the number of charts in it
   */
  Page load(Path html) throws IOException, InterruptedException {
    String dom = run(html, "--dump-dom");
    Matcher charts = Pattern.compile("data-charts=\"(\\d+)\"").matcher(dom);
    assertTrue(charts.find(), "the page script ran: " + head(dom));
    int count = Integer.parseInt(charts.group(1));
    assertTrue(dom.contains("data-charts-drawn=\"" + count + "\""), "every chart drew");
    assertFalse(dom.contains("data-errors="), "errors on the page: " + errors(dom));
    Matcher drawn = Pattern.compile("data-drawn=\"(\\d+)x(\\d+)\"").matcher(dom);
    int canvases = 0;
    while (drawn.find()) {
      canvases++;
      assertTrue(Integer.parseInt(drawn.group(1)) > 0 && Integer.parseInt(drawn.group(2)) > 0);
    }
    assertEquals(count, canvases, "a canvas of non-zero size per chart");
    return new Page(dom, count);
  }

  /** Keeps a screenshot of the page, 1280 pixels wide and {@code height} high. */
  void screenshot(Path html, Path png, int height) throws IOException, InterruptedException {
    Path absolute = png.toAbsolutePath();
    Files.createDirectories(absolute.getParent());
    Files.deleteIfExists(absolute);
    run(html, "--screenshot=" + absolute, "--window-size=1280," + height, "--hide-scrollbars");
    assertTrue(Files.size(absolute) > 10_000, "a screenshot of the drawn page");
  }

  /**
   * The DOM of a loaded page and how many charts it has.
   *
   * @param dom the page after its script ran
   * @param charts the charts the page says it has, each drawn
   */
  record Page(String dom, int charts) {}

  private String run(Path html, String... options) throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(
            List.of(
                "chromium",
                "--headless=new",
                "--disable-gpu",
                "--no-sandbox",
                "--user-data-dir=" + scratch.resolve("chromium-profile"),
                "--virtual-time-budget=10000"));
    command.addAll(List.of(options));
    command.add(html.toAbsolutePath().toUri().toString());
    Path stdout = scratch.resolve("chromium.out");
    Path stderr = scratch.resolve("chromium.err");
    Process chromium =
        new ProcessBuilder(command)
            .redirectOutput(stdout.toFile())
            .redirectError(stderr.toFile())
            .start();
    if (!chromium.waitFor(3, TimeUnit.MINUTES)) {
      chromium.destroyForcibly();
      throw new AssertionError("chromium did not end in 3 minutes");
    }
    assertEquals(0, chromium.exitValue(), "chromium: " + Files.readString(stderr));
    return Files.readString(stdout);
  }

  private static String errors(String dom) {
    Matcher m =
        Pattern.compile("<pre id=\"report-errors\"[^>]*>(.*?)</pre>", Pattern.DOTALL).matcher(dom);
    return m.find() ? m.group(1) : "(none shown)";
  }

  static String head(String dom) {
    return dom.substring(0, Math.min(300, dom.length()));
  }
}
