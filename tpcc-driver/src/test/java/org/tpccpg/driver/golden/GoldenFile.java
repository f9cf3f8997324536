package org.tpccpg.driver.golden;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Compares rendered report text with a checked-in golden file under {@code
 * src/test/resources/golden/}, byte for byte (blank lines, trailing spaces and the final newline
 * included). On a mismatch the test fails with a line diff of the two.
 *
 * <p>To accept new output on purpose, run the golden tests with {@code -Dgolden.update=true}: each
 * file that differs (or is missing) is rewritten from the rendered text and the test passes. Review
 * the result with {@code git diff} before committing; the default run only compares.
 */
public final class GoldenFile {
  /** The system property that makes {@link #assertMatches} write the files instead. */
  public static final String UPDATE_PROPERTY = "golden.update";

  private static final int CONTEXT = 3;

  private GoldenFile() {}

  /**
   * Fails unless {@code rendered} equals the golden file {@code name} exactly.
   *
   * @param name the file's name under {@code src/test/resources/golden/}, e.g. {@code
   *     sysbench/summary.txt}
   */
  public static void assertMatches(String name, String rendered) {
    Path file = directory().resolve(name);
    boolean update = Boolean.getBoolean(UPDATE_PROPERTY);
    String golden = read(file);
    if (rendered.equals(golden)) {
      return;
    }
    if (update) {
      write(file, rendered);
      return;
    }
    if (golden == null) {
      fail("no golden file " + file + "; run with -D" + UPDATE_PROPERTY + "=true to create it");
    }
    fail(
        "rendered text differs from golden file "
            + file
            + " (lines end at $; rerun with -D"
            + UPDATE_PROPERTY
            + "=true to accept the new text)\n"
            + diff(golden, rendered));
  }

  /** The golden directory of the module under test (surefire runs in the module's directory). */
  private static Path directory() {
    return Path.of(System.getProperty("basedir", ".")).resolve("src/test/resources/golden");
  }

  private static String read(Path file) {
    try {
      return Files.isRegularFile(file)
          ? new String(Files.readAllBytes(file), StandardCharsets.UTF_8)
          : null;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read golden file " + file, e);
    }
  }

  private static void write(Path file, String text) {
    try {
      Files.createDirectories(file.getParent());
      Files.write(file, text.getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write golden file " + file, e);
    }
  }

  /**
   * A unified-style diff: {@code -} golden lines, {@code +} rendered lines, with three lines of
   * context and {@code @@} hunk headers. Splitting keeps the empty string after a final newline, so
   * a missing or extra last newline shows as a line of its own.
   */
  static String diff(String golden, String rendered) {
    String[] a = golden.split("\n", -1);
    String[] b = rendered.split("\n", -1);
    List<String> lines = editScript(a, b);
    StringBuilder out = new StringBuilder("--- golden\n+++ rendered\n");
    int i = 0;
    while (i < lines.size()) {
      int change = nextChange(lines, i);
      if (change < 0) {
        break;
      }
      int start = Math.max(i, change - CONTEXT);
      int end = change + 1;
      // One hunk while the next change is near enough for the two contexts to touch.
      for (int next = nextChange(lines, end);
          next >= 0 && next - end < 2 * CONTEXT;
          next = nextChange(lines, end)) {
        end = next + 1;
      }
      end = Math.min(lines.size(), end + CONTEXT);
      out.append("@@ line ").append(goldenLine(lines, start)).append(" @@\n");
      for (int k = start; k < end; k++) {
        out.append(lines.get(k)).append("$\n");
      }
      i = end;
    }
    return out.toString();
  }

  private static int nextChange(List<String> lines, int from) {
    for (int k = from; k < lines.size(); k++) {
      if (lines.get(k).charAt(0) != ' ') {
        return k;
      }
    }
    return -1;
  }

  /** The 1-based golden line number at edit-script position {@code position}. */
  private static int goldenLine(List<String> lines, int position) {
    int line = 1;
    for (int k = 0; k < position; k++) {
      if (lines.get(k).charAt(0) != '+') {
        line++;
      }
    }
    return line;
  }

  /**
   * Each line prefixed with {@code ' '}, {@code '-'} or {@code '+'}, from a longest common
   * subsequence.
   */
  private static List<String> editScript(String[] a, String[] b) {
    int[][] common = new int[a.length + 1][b.length + 1];
    for (int i = a.length - 1; i >= 0; i--) {
      for (int j = b.length - 1; j >= 0; j--) {
        common[i][j] =
            a[i].equals(b[j])
                ? common[i + 1][j + 1] + 1
                : Math.max(common[i + 1][j], common[i][j + 1]);
      }
    }
    List<String> lines = new ArrayList<>();
    int i = 0;
    int j = 0;
    while (i < a.length || j < b.length) {
      if (i < a.length && j < b.length && a[i].equals(b[j])) {
        lines.add(" " + visible(a[i++]));
        j++;
      } else if (i < a.length && (j == b.length || common[i + 1][j] >= common[i][j + 1])) {
        lines.add("-" + visible(a[i++]));
      } else {
        lines.add("+" + visible(b[j++]));
      }
    }
    return lines;
  }

  /** Shows a carriage return, which would otherwise hide in the terminal. */
  private static String visible(String line) {
    return line.replace("\r", "\\r");
  }
}
