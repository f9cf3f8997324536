package org.tpccpg.driver.connect;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * libpq's connection service file: a service named by {@code service=NAME} in a connection string
 * or by {@code PGSERVICE} is looked up in {@code PGSERVICEFILE} (or {@code servicefile=}), else in
 * {@code ~/.pg_service.conf} when it exists, and then, when not found there, in {@code
 * pg_service.conf} of {@code PGSYSCONFDIR} (libpq's build directory when unset: Debian's {@code
 * /etc/postgresql-common}).
 *
 * <p>The rules are libpq's ({@code parseServiceFile}): white space at either end of a line is
 * dropped; empty lines and lines starting with {@code #} are skipped; {@code [NAME]} starts a
 * service's section (anything after the {@code ]} is ignored) and the next {@code [} ends it; in
 * the section each line is {@code keyword=value}, taken as written (no space around {@code =} is
 * dropped, no quoting). Does not decide which values win: the caller puts them after the command
 * line's and the connection string's, before the environment's, as libpq does. Messages name the
 * file and the line, never a value, which may be a password.
 */
final class ServiceFile {
  /**
   * libpq's compiled-in {@code SYSCONFDIR} on Debian and Ubuntu ({@code pg_config --sysconfdir}).
   */
  static final Path DEFAULT_SYSTEM_DIRECTORY = Path.of("/etc/postgresql-common");

  private ServiceFile() {}

  /**
   * Where to look.
   *
   * @param userFile {@code PGSERVICEFILE} or {@code servicefile=}, null when not given
   * @param home the user's home directory, for {@code .pg_service.conf}
   * @param systemDirectory {@code PGSYSCONFDIR}, else {@link #DEFAULT_SYSTEM_DIRECTORY}
   */
  record Places(Path userFile, Path home, Path systemDirectory) {}

  /**
   * The values of the service's section, in the first file that has it.
   *
   * @throws IllegalArgumentException in libpq's words when no file defines the service, when the
   *     given user file does not exist, or for a line libpq refuses; and for a keyword this tool
   *     does not take, naming it
   */
  static Map<ConnectionKeyword, String> lookUp(String service, Places places) {
    Path userFile = places.userFile();
    if (userFile == null) {
      Path inHome = places.home().resolve(".pg_service.conf");
      userFile = Files.exists(inHome) ? inHome : null;
    } else if (!Files.exists(userFile)) {
      throw new IllegalArgumentException("service file \"" + userFile + "\" not found");
    }
    if (userFile != null) {
      Optional<Map<ConnectionKeyword, String>> found = section(userFile, service);
      if (found.isPresent()) {
        return found.get();
      }
    }
    Path systemFile = places.systemDirectory().resolve("pg_service.conf");
    if (Files.exists(systemFile)) {
      Optional<Map<ConnectionKeyword, String>> found = section(systemFile, service);
      if (found.isPresent()) {
        return found.get();
      }
    }
    throw new IllegalArgumentException("definition of service \"" + service + "\" not found");
  }

  private static Optional<Map<ConnectionKeyword, String>> section(Path file, String service) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "service file \"" + file + "\" could not be read: " + e.getMessage(), e);
    }
    Map<ConnectionKeyword, String> values = null; // non-null inside the service's section
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      if (line.startsWith("[")) {
        if (values != null) {
          break;
        }
        if (line.startsWith("[" + service + "]")) {
          values = new EnumMap<>(ConnectionKeyword.class);
        }
      } else if (values != null) {
        put(values, line, file, i + 1);
      }
    }
    return Optional.ofNullable(values);
  }

  /** One {@code keyword=value} line; the first of a keyword given twice wins, as in libpq. */
  private static void put(
      Map<ConnectionKeyword, String> values, String line, Path file, int number) {
    int equals = line.indexOf('=');
    String where = "service file \"" + file + "\", line " + number;
    if (equals < 0) {
      throw new IllegalArgumentException("syntax error in " + where);
    }
    String name = line.substring(0, equals);
    if (name.equals(ConnectionKeyword.SERVICE.keyword())) {
      throw new IllegalArgumentException("nested service specifications not supported in " + where);
    }
    ConnectionKeyword keyword =
        ConnectionKeyword.forKeyword(name)
            .filter(k -> k != ConnectionKeyword.SERVICEFILE)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        where
                            + ": the keyword \""
                            + name
                            + "\" is not one this tool takes (known: "
                            + ConnectionKeyword.keywords()
                            + "; PgJDBC's own properties go in a jdbc:postgresql:// URL)"));
    values.putIfAbsent(keyword, line.substring(equals + 1));
  }
}
