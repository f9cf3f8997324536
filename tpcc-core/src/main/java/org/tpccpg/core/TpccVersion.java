package org.tpccpg.core;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The version of this tool, as built by Maven. It is printed by {@code tpcc --version} and recorded
 * with every data set the loader creates, so a run can tell which build prepared its tables.
 */
public final class TpccVersion {
  private static final String RESOURCE = "version.properties";
  private static final Properties PROPERTIES = read();

  private TpccVersion() {}

  /** Returns the project version, for example {@code 0.1.0-SNAPSHOT}. */
  public static String get() {
    return PROPERTIES.getProperty("version");
  }

  /**
   * Returns the abbreviated git commit the build was made from, with {@code -dirty} appended when
   * the working tree had uncommitted changes, or {@code unknown} for a build outside a git
   * checkout.
   */
  public static String commit() {
    String commit = filtered("commit");
    if (commit == null) {
      return "unknown";
    }
    return "true".equals(filtered("dirty")) ? commit + "-dirty" : commit;
  }

  /** A property the build filled in, or null when the build had no value for it. */
  private static String filtered(String name) {
    String value = PROPERTIES.getProperty(name, "");
    // Maven leaves ${git...} as it is when git-commit-id found no repository.
    return value.isBlank() || value.startsWith("${") ? null : value;
  }

  private static Properties read() {
    try (InputStream in = TpccVersion.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("missing classpath resource " + RESOURCE);
      }
      Properties properties = new Properties();
      properties.load(in);
      return properties;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + RESOURCE, e);
    }
  }
}
