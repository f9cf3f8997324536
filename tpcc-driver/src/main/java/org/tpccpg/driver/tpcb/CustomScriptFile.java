package org.tpccpg.driver.tpcb;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.tpccpg.driver.tpcb.script.Script;
import org.tpccpg.driver.tpcb.script.ScriptParseException;
import org.tpccpg.driver.tpcb.script.ScriptParser;

/** A {@code -f file[@weight]} value read and parsed as pgbench's process_file() does. */
public final class CustomScriptFile {
  private CustomScriptFile() {}

  /**
   * Reads and parses the script of {@code -f spec}; {@code -} reads stdin.
   *
   * @throws IllegalArgumentException with pgbench's message (its lines joined by newlines for a
   *     parse error)
   */
  public static WeightedScript read(String spec) {
    return read(spec, true);
  }

  /** The same for a pgbench with {@code \syncpipeline} (17 and later) or without. */
  public static WeightedScript read(String spec, boolean syncPipeline) {
    ScriptWeight split = ScriptWeight.split(spec);
    String file = split.name();
    String text = contents(file);
    Script script;
    try {
      script = ScriptParser.parse(file, text, syncPipeline);
    } catch (ScriptParseException e) {
      throw new IllegalArgumentException(String.join("\n", e.lines()), e);
    }
    return WeightedScript.custom(script, split.weight());
  }

  private static String contents(String file) {
    try {
      if (file.equals("-")) {
        InputStream in = System.in;
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      Path path = Path.of(file);
      if (Files.isDirectory(path)) {
        throw new IllegalArgumentException("could not read file \"" + file + "\": Is a directory");
      }
      return Files.readString(path, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new IllegalArgumentException(
          "could not open file \"" + file + "\": No such file or directory", e);
    } catch (AccessDeniedException e) {
      throw new IllegalArgumentException(
          "could not open file \"" + file + "\": Permission denied", e);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "could not read file \"" + file + "\": " + e.getMessage(), e);
    }
  }
}
