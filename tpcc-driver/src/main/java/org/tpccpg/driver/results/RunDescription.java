package org.tpccpg.driver.results;

import java.nio.file.Path;
import java.util.Objects;
import org.tpccpg.driver.config.RunConfig;
import org.tpccpg.driver.connect.ConnectionTarget;

/**
 * What the summary says about a run besides its results.
 *
 * @param config the run's options
 * @param target where it ran; it cannot hold a password
 * @param server the server's version and settings
 * @param directory the results directory
 */
public record RunDescription(
    RunConfig config, ConnectionTarget target, ServerInfo server, Path directory) {
  public RunDescription {
    Objects.requireNonNull(config, "config");
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(server, "server");
    Objects.requireNonNull(directory, "directory");
  }
}
