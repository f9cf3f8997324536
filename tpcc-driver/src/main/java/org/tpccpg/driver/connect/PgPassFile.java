package org.tpccpg.driver.connect;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * libpq's password file ({@code ~/.pgpass} or {@code PGPASSFILE}): lines of {@code
 * hostname:port:database:username:password}, the first matching line wins.
 *
 * <p>The rules are libpq's. A field of just {@code *} matches anything; {@code \:} and {@code \\}
 * stand for a colon and a backslash; lines starting with {@code #} are comments. The host name
 * {@code localhost} also matches a unix socket in the default socket directory ({@code
 * /var/run/postgresql}, {@code /run/postgresql} or {@code /tmp}); a socket in any other directory
 * is matched by that directory's path. A file that is not a plain file, or that the group or others
 * have any access to, is ignored with libpq's warning.
 */
public final class PgPassFile {
  /** The directories libpq builds treat as the default socket directory. */
  static final Set<String> DEFAULT_SOCKET_DIRECTORIES =
      Set.of("/var/run/postgresql", "/run/postgresql", "/tmp");

  private static final Set<PosixFilePermission> GROUP_OR_OTHERS =
      EnumSet.of(
          PosixFilePermission.GROUP_READ,
          PosixFilePermission.GROUP_WRITE,
          PosixFilePermission.GROUP_EXECUTE,
          PosixFilePermission.OTHERS_READ,
          PosixFilePermission.OTHERS_WRITE,
          PosixFilePermission.OTHERS_EXECUTE);

  private PgPassFile() {}

  /** The connection a password is looked up for; the host may be a socket directory. */
  public record Target(String host, int port, String database, String user) {}

  /**
   * What reading the file gave: a password, a warning (the file was refused), or neither.
   *
   * @param password the password of the first matching line
   * @param warning libpq's warning when the file was refused
   */
  public record Lookup(Optional<String> password, Optional<String> warning) {
    static final Lookup NOTHING = new Lookup(Optional.empty(), Optional.empty());

    @Override
    public String toString() {
      return "Lookup[password " + (password.isPresent() ? "found" : "none") + ", " + warning + "]";
    }
  }

  /** Reads the file and looks the target up; a missing file gives nothing, silently. */
  public static Lookup read(Path file, Target target) throws IOException {
    if (Files.notExists(file)) {
      return Lookup.NOTHING;
    }
    if (!Files.isRegularFile(file)) {
      return refused("WARNING: password file \"" + file + "\" is not a plain file");
    }
    Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file);
    if (permissions.stream().anyMatch(GROUP_OR_OTHERS::contains)) {
      return refused(
          "WARNING: password file \""
              + file
              + "\" has group or world access; permissions should be u=rw (0600) or less");
    }
    try {
      List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      return new Lookup(match(lines, target), Optional.empty());
    } catch (NoSuchFileException e) {
      return Lookup.NOTHING;
    }
  }

  private static Lookup refused(String warning) {
    return new Lookup(Optional.empty(), Optional.of(warning));
  }

  /** The password of the first line that matches the target. */
  public static Optional<String> match(List<String> lines, Target target) {
    String host = DEFAULT_SOCKET_DIRECTORIES.contains(target.host()) ? "localhost" : target.host();
    List<String> wanted =
        List.of(host, Integer.toString(target.port()), target.database(), target.user());
    for (String line : lines) {
      String entry = line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
      if (entry.isEmpty() || entry.startsWith("#")) {
        continue;
      }
      Optional<String> password = matchLine(entry, wanted);
      if (password.isPresent()) {
        return password;
      }
    }
    return Optional.empty();
  }

  /** Matches the four fields in turn; what follows them, unescaped, is the password. */
  private static Optional<String> matchLine(String line, List<String> wanted) {
    int position = 0;
    for (String value : wanted) {
      position = matchField(line, position, value);
      if (position < 0) {
        return Optional.empty();
      }
    }
    return Optional.of(unescapePassword(line.substring(position)));
  }

  /** Returns the index after the field's colon when the field matches, else -1. */
  static int matchField(String line, int start, String value) {
    if (start >= line.length()) {
      return -1;
    }
    if (line.startsWith("*:", start)) {
      return start + 2;
    }
    int position = start;
    int matched = 0;
    while (position < line.length()) {
      char c = line.charAt(position);
      if (c == '\\' && position + 1 < line.length()) {
        c = line.charAt(++position);
      } else if (c == ':') {
        return matched == value.length() ? position + 1 : -1;
      }
      if (matched >= value.length() || value.charAt(matched) != c) {
        return -1;
      }
      matched++;
      position++;
    }
    return -1;
  }

  private static String unescapePassword(String rest) {
    StringBuilder password = new StringBuilder();
    for (int i = 0; i < rest.length(); i++) {
      char c = rest.charAt(i);
      if (c == ':') {
        break;
      }
      if (c == '\\' && i + 1 < rest.length()) {
        c = rest.charAt(++i);
      }
      password.append(c);
    }
    return password.toString();
  }
}
