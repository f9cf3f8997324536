package org.tpccpg.core.catalog;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The version of this tool, as built by Maven. It is printed by {@code tpcc --version} and recorded
 * with every data set the loader creates, so a run can tell which build prepared its tables.
 */
public final class TpccVersion {
  private static final String VERSION = read("version.properties", true).getProperty("version");
  private static final String COMMIT = commit(read("git.properties", false));

  private TpccVersion() {}

  /** Returns the project version, for example {@code 0.1.0-SNAPSHOT}. */
  public static String get() {
    return VERSION;
  }

  /**
   * Returns the abbreviated git commit the build was made from, with {@code -dirty} appended when
   * the working tree had uncommitted changes, or {@code unknown} for a build outside a git
   * checkout.
   */
  public static String commit() {
    return COMMIT;
  }

  /** The commit named by the build's git.properties (scripts/lib/build-commit.sh writes it). */
  static String commit(Properties git) {
    String commit = git.getProperty("commit", "");
    if (commit.isBlank()) {
      return "unknown";
    }
    return "true".equals(git.getProperty("dirty")) ? commit + "-dirty" : commit;
  }

  private static Properties read(String resource, boolean required) {
    Properties properties = new Properties();
    try (InputStream in = TpccVersion.class.getResourceAsStream(resource)) {
      if (in == null && required) {
        throw new IllegalStateException("missing classpath resource " + resource);
      }
      if (in != null) {
        properties.load(in);
      }
      return properties;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + resource, e);
    }
  }
}
