package org.tpccpg.driver.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConninfoParserTest {
  @Test
  void pairsAreSplitOnWhitespaceAndKeepTheirOrder() {
    Map<String, String> pairs = ConninfoParser.parse("host=/tmp port=5433\tdbname=tpcc");
    assertEquals(List.of("host", "port", "dbname"), List.copyOf(pairs.keySet()));
    assertEquals("/tmp", pairs.get("host"));
    assertEquals("5433", pairs.get("port"));
    assertEquals("tpcc", pairs.get("dbname"));
  }

  @Test
  void spacesAroundTheEqualsSignAreAllowed() {
    assertEquals(Map.of("port", "5433"), ConninfoParser.parse("  port = 5433  "));
  }

  @Test
  void singleQuotesHoldSpacesAndBackslashesEscapeQuotesAndThemselves() {
    Map<String, String> pairs =
        ConninfoParser.parse("options='-c work_mem=64MB' password='it\\'s \\\\ ok' user=a\\ b");
    assertEquals("-c work_mem=64MB", pairs.get("options"));
    assertEquals("it's \\ ok", pairs.get("password"));
    assertEquals("a b", pairs.get("user"));
  }

  @Test
  void anEmptyValueIsWrittenAsTwoQuotes() {
    assertEquals(Map.of("password", "", "user", "x"), ConninfoParser.parse("password='' user=x"));
  }

  @Test
  void theLastOfARepeatedKeywordWins() {
    assertEquals(Map.of("port", "2"), ConninfoParser.parse("port=1 port=2"));
  }

  @Test
  void anEmptyStringHasNoPairs() {
    assertEquals(Map.of(), ConninfoParser.parse("   "));
  }

  @Test
  void aKeywordWithoutEqualsSignIsRefusedByName() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ConninfoParser.parse("host=a port"));
    assertEquals("missing \"=\" after \"port\"", e.getMessage());
  }

  @Test
  void theTailOfAnUnquotedPasswordWithASpaceIsNotRepeated() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ConninfoParser.parse("host=a password=my s3cret dbname=b"));
    assertEquals(
        "missing \"=\" after the value of \"password\" (a value that holds a space must be"
            + " quoted: password='...')",
        e.getMessage());
    assertFalse(e.getMessage().contains("s3cret"));
  }

  @Test
  void aFirstWordThatIsNoKeywordIsNotRepeated() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ConninfoParser.parse("s3cret"));
    assertEquals("missing \"=\" after the first word", e.getMessage());
  }

  @Test
  void anUnterminatedQuoteIsRefusedWithoutRepeatingTheValue() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> ConninfoParser.parse("password='s3cret"));
    assertEquals("unterminated quoted value for \"password\"", e.getMessage());
    assertFalse(e.getMessage().contains("s3cret"));
  }
}
