package org.tpccpg.driver.tpcb;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where a run records its results files, and how the summary names the server it ran against.
 *
 * @param directory an existing, writable directory without another run's files (see {@code
 *     ResultsDirectory.prepare})
 * @param target {@code user@host:port/db}; never a password
 */
public record TpcbRecording(Path directory, String target) {
  public TpcbRecording {
    Objects.requireNonNull(directory, "directory");
    Objects.requireNonNull(target, "target");
    if (target.contains("password")) {
      throw new IllegalArgumentException("target must not mention a password but was " + target);
    }
  }
}
