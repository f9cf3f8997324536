package org.tpccpg.driver.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The JSON Schemas of the results files, as docs/schema/ publishes them, for the tests. */
public enum ResultsSchema {
  SUMMARY("summary.schema.json"),
  INTERVAL("interval.schema.json");

  private final Schema schema;

  ResultsSchema(String file) {
    try {
      String text = Files.readString(schemaDirectory().resolve(file));
      schema =
          SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** What is wrong with {@code json} against this schema, one line each; empty when it conforms. */
  public List<String> violations(String json) {
    List<Error> errors = schema.validate(json, InputFormat.JSON);
    return errors.stream().map(Error::toString).toList();
  }

  /** Asserts that every line of {@code dir}'s intervals.jsonl and its summary.json conform. */
  public static void assertConforms(Path dir) throws IOException {
    for (String line : Files.readAllLines(dir.resolve(ResultsFiles.INTERVALS))) {
      assertEquals(List.of(), INTERVAL.violations(line), line);
    }
    String summary = Files.readString(dir.resolve(ResultsFiles.SUMMARY));
    assertEquals(List.of(), SUMMARY.violations(summary), summary);
  }

  /** docs/schema/ of the checkout the tests run in (the module's parent directory holds docs/). */
  private static Path schemaDirectory() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path schema = dir.resolve("docs").resolve("schema");
      if (Files.isDirectory(schema)) {
        return schema;
      }
    }
    throw new IllegalStateException("no docs/schema above " + Path.of("").toAbsolutePath());
  }
}
