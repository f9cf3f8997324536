package org.tpccpg.driver.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PgPassFileTest {
  private static final PgPassFile.Target TCP = new PgPassFile.Target("db1", 5432, "tpcc", "bench");

  private static Optional<String> match(PgPassFile.Target target, String... lines) {
    return PgPassFile.match(List.of(lines), target);
  }

  @Test
  void theFirstMatchingLineWins() {
    assertEquals(
        Optional.of("first"),
        match(TCP, "other:5432:tpcc:bench:nope", "db1:5432:tpcc:bench:first", "*:*:*:*:second"));
  }

  @Test
  void aFieldOfJustAStarMatchesAnything() {
    assertEquals(Optional.of("any"), match(TCP, "*:*:*:*:any"));
    assertEquals(Optional.of("user"), match(TCP, "*:*:*:bench:user"));
  }

  @Test
  void aStarInsideAFieldIsLiteral() {
    assertEquals(Optional.empty(), match(TCP, "db*:5432:tpcc:bench:x"));
  }

  @Test
  void everyFieldMustMatchExactly() {
    assertEquals(Optional.empty(), match(TCP, "db1:5433:tpcc:bench:x"));
    assertEquals(Optional.empty(), match(TCP, "db1:5432:tpcc2:bench:x"));
    assertEquals(Optional.empty(), match(TCP, "db1:5432:tpcc:benc:x"));
    assertEquals(Optional.empty(), match(TCP, "db:5432:tpcc:bench:x"));
  }

  @Test
  void escapedColonsAndBackslashesMatchLiterally() {
    PgPassFile.Target target = new PgPassFile.Target("::1", 5432, "a:b", "c\\d");
    assertEquals(Optional.of("pw"), match(target, "\\:\\:1:5432:a\\:b:c\\\\d:pw"));
  }

  @Test
  void thePasswordIsUnescapedAndEndsAtAnUnescapedColon() {
    assertEquals(Optional.of("a:b\\c"), match(TCP, "*:*:*:*:a\\:b\\\\c:ignored"));
  }

  @Test
  void commentsBlankLinesAndShortLinesAreSkipped() {
    assertEquals(
        Optional.of("ok"), match(TCP, "# db1:5432:tpcc:bench:no", "", "db1:5432", "*:*:*:*:ok\r"));
  }

  @Test
  void localhostMatchesASocketInTheDefaultDirectoryOnly() {
    PgPassFile.Target debian = new PgPassFile.Target("/var/run/postgresql", 5432, "tpcc", "bench");
    PgPassFile.Target upstream = new PgPassFile.Target("/tmp", 5432, "tpcc", "bench");
    PgPassFile.Target own = new PgPassFile.Target("/srv/pg", 5432, "tpcc", "bench");
    String line = "localhost:5432:tpcc:bench:local";
    assertEquals(Optional.of("local"), match(debian, line));
    assertEquals(Optional.of("local"), match(upstream, line));
    assertEquals(Optional.empty(), match(own, line));
    assertEquals(Optional.of("own"), match(own, line, "/srv/pg:5432:tpcc:bench:own"));
  }

  @Test
  void aPrivateFileIsReadAndAMissingOneGivesNothing(@TempDir Path dir) throws IOException {
    Path file = write(dir.resolve("pgpass"), "rw-------", "db1:5432:tpcc:bench:secret");
    PgPassFile.Lookup found = PgPassFile.read(file, TCP);
    assertEquals(Optional.of("secret"), found.password());
    assertEquals(Optional.empty(), found.warning());
    assertFalse(found.toString().contains("secret"), found.toString());
    PgPassFile.Lookup missing = PgPassFile.read(dir.resolve("absent"), TCP);
    assertEquals(Optional.empty(), missing.password());
    assertEquals(Optional.empty(), missing.warning());
  }

  @Test
  void aFileTheGroupOrOthersCanAccessIsRefusedWithLibpqsWarning(@TempDir Path dir)
      throws IOException {
    for (String mode : List.of("rw-r--r--", "rw----r--", "rw-r-----", "rw-----w-")) {
      Path file = write(dir.resolve("pgpass-" + mode), mode, "*:*:*:*:secret");
      PgPassFile.Lookup lookup = PgPassFile.read(file, TCP);
      assertEquals(Optional.empty(), lookup.password(), mode);
      assertEquals(
          Optional.of(
              "WARNING: password file \""
                  + file
                  + "\" has group or world access; permissions should be u=rw (0600) or less"),
          lookup.warning(),
          mode);
    }
  }

  @Test
  void aDirectoryIsNotAPlainFile(@TempDir Path dir) throws IOException {
    PgPassFile.Lookup lookup = PgPassFile.read(dir, TCP);
    assertEquals(Optional.empty(), lookup.password());
    assertTrue(lookup.warning().orElseThrow().endsWith("\" is not a plain file"));
  }

  private static Path write(Path file, String mode, String... lines) throws IOException {
    Files.write(file, List.of(lines));
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(mode));
    return file;
  }
}
