package org.tpccpg.driver.htmlreport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.tpccpg.driver.results.JsonReader;
import org.tpccpg.driver.results.ResultsFiles;

/** A run's {@code summary.json} as plain values, with one-line errors naming the file. */
final class SummaryFile {
  private SummaryFile() {}

  static Map<String, Object> read(Path directory) throws IOException {
    Path file = directory.resolve(ResultsFiles.SUMMARY);
    try {
      return JsonReader.object(Files.readString(file));
    } catch (NoSuchFileException e) {
      throw new IOException(file + " does not exist", e);
    } catch (IOException e) {
      throw new IOException(file + ": " + e.getMessage(), e);
    }
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> object(Map<String, Object> parent, String name, Path directory)
      throws IOException {
    if (parent.get(name) instanceof Map<?, ?> map) {
      return (Map<String, Object>) map;
    }
    throw notASummary(name, directory);
  }

  static List<?> list(Map<String, Object> parent, String name, Path directory) throws IOException {
    if (parent.get(name) instanceof List<?> list) {
      return list;
    }
    throw notASummary(name, directory);
  }

  static double number(Object value) {
    return value instanceof Double d ? d : Double.NaN;
  }

  private static IOException notASummary(String name, Path directory) {
    return new IOException(
        directory.resolve(ResultsFiles.SUMMARY)
            + " has no "
            + name
            + ": it is not a run's summary");
  }
}
