package org.tpccpg.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.util.List;
import java.util.stream.Stream;

/**
 * Tests run as root in CI, and PostgreSQL and pgbouncer refuse to: this runs their processes, and
 * hands them their files, as the {@code postgres} OS user that the postgresql package creates.
 */
public final class OsUser {
  /** The OS user servers run as when the tests run as root. */
  public static final String POSTGRES = "postgres";

  private OsUser() {}

  /** Whether this JVM runs as root. */
  public static boolean isRoot() throws IOException {
    return ((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0;
  }

  /**
   * The command prefix that runs a program as {@code postgres} when root, else nothing. {@code
   * setpriv} execs the program itself, so stopping the process stops the program.
   */
  public static List<String> asPostgres() throws IOException {
    return isRoot()
        ? List.of("setpriv", "--reuid=" + POSTGRES, "--regid=" + POSTGRES, "--init-groups", "--")
        : List.of();
  }

  /** Makes {@code postgres} the owner of a file or of a directory and everything in it. */
  public static void giveToPostgres(Path path) throws IOException {
    UserPrincipal owner =
        path.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(POSTGRES);
    try (Stream<Path> paths = Files.walk(path)) {
      for (Path each : paths.toList()) {
        Files.setOwner(each, owner);
      }
    }
  }
}
