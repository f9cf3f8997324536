package org.tpccpg.driver.tpcb;

import java.nio.file.Path;
import java.util.Objects;
import org.tpccpg.driver.connect.ConnectionTarget;

/**
 * Where a run records its results files, and the server it ran against.
 *
 * @param directory an existing, writable directory without another run's files (see {@code
 *     ResultsDirectory.prepare})
 * @param target the server and role; it cannot hold a password
 */
public record TpcbRecording(Path directory, ConnectionTarget target) {
  public TpcbRecording {
    Objects.requireNonNull(directory, "directory");
    Objects.requireNonNull(target, "target");
  }
}
