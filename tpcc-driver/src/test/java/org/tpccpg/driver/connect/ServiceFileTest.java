package org.tpccpg.driver.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** libpq's service file rules ({@code parseServiceInfo}, {@code parseServiceFile}). */
class ServiceFileTest {
  @TempDir Path dir;

  private Path home() throws IOException {
    return Files.createDirectories(dir.resolve("home"));
  }

  private Path system() throws IOException {
    return Files.createDirectories(dir.resolve("etc"));
  }

  private Path write(Path file, String... lines) throws IOException {
    return Files.writeString(file, String.join("\n", lines) + "\n");
  }

  private Map<ConnectionKeyword, String> lookUp(String service, Path userFile) throws IOException {
    return ServiceFile.lookUp(service, new ServiceFile.Places(userFile, home(), system()));
  }

  @Test
  void theSectionsKeywordsAreTakenAsWrittenAndCommentsAndBlankLinesSkipped() throws IOException {
    write(
        home().resolve(".pg_service.conf"),
        "# the bench servers",
        "[other]",
        "host=elsewhere",
        "",
        "   [bench]   # a comment after the name",
        "  host=db1  ",
        "port=5433",
        "# dbname=commented",
        "dbname=tpcc",
        "options=-c work_mem=64MB",
        "host=second",
        "[next]",
        "user=someone");
    Map<ConnectionKeyword, String> values = lookUp("bench", null);
    assertEquals(
        Map.of(
            ConnectionKeyword.HOST, "db1",
            ConnectionKeyword.PORT, "5433",
            ConnectionKeyword.DBNAME, "tpcc",
            ConnectionKeyword.OPTIONS, "-c work_mem=64MB"),
        values);
  }

  @Test
  void aSectionNameMustMatchWholly() throws IOException {
    write(home().resolve(".pg_service.conf"), "[benchmark]", "host=db1", "[ben]", "host=db2");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> lookUp("bench", null));
    assertEquals("definition of service \"bench\" not found", e.getMessage());
  }

  @Test
  void theSystemFileIsReadWhenTheUsersFileLacksTheServiceOrIsMissing() throws IOException {
    write(system().resolve("pg_service.conf"), "[bench]", "host=from-system");
    assertEquals(Map.of(ConnectionKeyword.HOST, "from-system"), lookUp("bench", null));
    write(home().resolve(".pg_service.conf"), "[other]", "host=x");
    assertEquals(Map.of(ConnectionKeyword.HOST, "from-system"), lookUp("bench", null));
    write(home().resolve(".pg_service.conf"), "[bench]", "port=6000");
    assertEquals(Map.of(ConnectionKeyword.PORT, "6000"), lookUp("bench", null)); // not merged
  }

  @Test
  void aGivenUserFileReplacesTheOneInHomeAndMustExist() throws IOException {
    write(home().resolve(".pg_service.conf"), "[bench]", "host=home");
    Path given = write(dir.resolve("services"), "[bench]", "host=given");
    assertEquals(Map.of(ConnectionKeyword.HOST, "given"), lookUp("bench", given));
    Path missing = dir.resolve("missing");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> lookUp("bench", missing));
    assertEquals("service file \"" + missing + "\" not found", e.getMessage());
  }

  @Test
  void libpqsRefusalsNameTheFileAndLineAndNoValue() throws IOException {
    Path file = home().resolve(".pg_service.conf");
    write(file, "[bench]", "host=db1", "password secret");
    IllegalArgumentException noEquals =
        assertThrows(IllegalArgumentException.class, () -> lookUp("bench", null));
    assertEquals("syntax error in service file \"" + file + "\", line 3", noEquals.getMessage());
    write(file, "[bench]", "service=other");
    IllegalArgumentException nested =
        assertThrows(IllegalArgumentException.class, () -> lookUp("bench", null));
    assertEquals(
        "nested service specifications not supported in service file \"" + file + "\", line 2",
        nested.getMessage());
    write(file, "[bench]", "host =db1");
    IllegalArgumentException spaced =
        assertThrows(IllegalArgumentException.class, () -> lookUp("bench", null));
    assertTrue(spaced.getMessage().contains("line 2: the keyword \"host \""), spaced.getMessage());
  }

  @Test
  void aKeywordThisToolDoesNotTakeIsRefusedByName() throws IOException {
    Path file = home().resolve(".pg_service.conf");
    write(file, "[bench]", "password=s3cret", "connect_timeout=10", "sslcrl=/etc/crl.pem");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> lookUp("bench", null));
    assertTrue(
        e.getMessage()
            .startsWith(
                "service file \""
                    + file
                    + "\", line 4: the keyword \"sslcrl\" is not one this tool takes"
                    + " (known: host, hostaddr, port,"),
        e.getMessage());
    assertFalse(e.getMessage().contains("s3cret"), e.getMessage());
  }

  @Test
  void withNoFileAtAllTheServiceIsNotFound() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> lookUp("bench", null));
    assertEquals("definition of service \"bench\" not found", e.getMessage());
  }
}
