package org.tpccpg.driver.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code -f file[@weight]} read as pgbench's process_file(), with its messages. */
class CustomScriptFileTest {
  @TempDir Path tmp;

  private static String message(String spec) {
    return assertThrows(IllegalArgumentException.class, () -> CustomScriptFile.read(spec))
        .getMessage();
  }

  @Test
  void aFileIsParsedUnderItsNameWithItsWeight() throws Exception {
    Path file = tmp.resolve("a.sql");
    Files.writeString(file, "\\set x 1\nSELECT :x;\n");
    WeightedScript script = CustomScriptFile.read(file + "@4");
    assertEquals(file.toString(), script.description());
    assertEquals(4, script.weight());
    assertEquals(List.of("\\set x 1", "SELECT :x;"), script.commandLines());
  }

  @Test
  void aDashReadsStdin() {
    InputStream stdin = System.in;
    try {
      System.setIn(new ByteArrayInputStream("SELECT 1;\n".getBytes(StandardCharsets.UTF_8)));
      WeightedScript script = CustomScriptFile.read("-@2");
      assertEquals("-", script.description());
      assertEquals(2, script.weight());
    } finally {
      System.setIn(stdin);
    }
  }

  @Test
  void refusalsGetPgbenchsLines() throws Exception {
    Path empty = tmp.resolve("empty.sql");
    Files.writeString(empty, "-- nothing\n");
    assertEquals("empty command list for script \"" + empty + "\"", message(empty.toString()));
    Path bad = tmp.resolve("bad.sql");
    Files.writeString(bad, "SELECT 1;\n\\foo bar\n");
    assertEquals(
        bad + ":2: invalid command in command \"foo\"\n\\foo bar", message(bad.toString()));
  }
}
