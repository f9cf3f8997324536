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
  private static final String VERSION = read();

  private TpccVersion() {}

  /** Returns the project version, for example {@code 0.1.0-SNAPSHOT}. */
  public static String get() {
    return VERSION;
  }

  private static String read() {
    try (InputStream in = TpccVersion.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("missing classpath resource " + RESOURCE);
      }
      Properties properties = new Properties();
      properties.load(in);
      return properties.getProperty("version");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + RESOURCE, e);
    }
  }
}
