package org.tpccpg.driver.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonWriterTest {
  @Test
  void nestedObjectsAndArraysAreSeparatedByCommasOnly() {
    String json =
        new JsonWriter()
            .beginObject()
            .name("a")
            .value(1)
            .name("b")
            .beginArray()
            .value(true)
            .nullValue()
            .beginObject()
            .endObject()
            .endArray()
            .name("c")
            .value("x")
            .endObject()
            .toString();
    assertEquals("{\"a\":1,\"b\":[true,null,{}],\"c\":\"x\"}", json);
  }

  @Test
  void quotesBackslashesAndControlCharactersAreEscaped() {
    String nasty = "q\"b\\n\nr\rt\tz\u0000e\u001fl\u2028/é";
    String json = new JsonWriter().value(nasty).toString();
    assertEquals("\"q\\\"b\\\\n\\nr\\rt\\tz\\u0000e\\u001Fl\\u2028/é\"", json);
    assertEquals(nasty, JsonParser.parse(json));
  }

  @Test
  void numbersIgnoreTheDefaultLocale() {
    Locale saved = Locale.getDefault();
    try {
      Locale.setDefault(Locale.GERMANY);
      assertEquals("[1.5,-0.25,3,1.0E20]", array(1.5, -0.25, 3.0, 1e20));
    } finally {
      Locale.setDefault(saved);
    }
  }

  @Test
  void aMissingWholeNumberIsWrittenAsNullAndAPresentOneAsItIs() {
    Long missing = null;
    Long present = 9_007_199_254_740_993L; // beyond a double's exact integers
    String json =
        new JsonWriter()
            .beginObject()
            .name("missing")
            .value(missing)
            .name("present")
            .value(present)
            .endObject()
            .toString();
    assertEquals("{\"missing\":null,\"present\":9007199254740993}", json);
  }

  @Test
  void notANumberAndInfinitiesAreWrittenAsNull() {
    assertEquals(
        "[null,null,null]", array(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY));
  }

  @Test
  void longsKeepEveryDigit() {
    assertEquals("9223372036854775807", new JsonWriter().value(Long.MAX_VALUE).toString());
  }

  @Test
  void whatItWritesParsesBackToTheSameValues() {
    String json =
        new JsonWriter()
            .beginObject()
            .name("name with \"quotes\"")
            .value("v")
            .name("n")
            .value(0.001)
            .endObject()
            .toString();
    assertEquals(Map.of("name with \"quotes\"", "v", "n", 0.001), JsonParser.parse(json));
  }

  @Test
  void misuseIsRefused() {
    assertThrows(IllegalStateException.class, () -> new JsonWriter().beginObject().value(1));
    assertThrows(IllegalStateException.class, () -> new JsonWriter().beginArray().name("a"));
    assertThrows(IllegalStateException.class, () -> new JsonWriter().beginArray().endObject());
    assertThrows(IllegalStateException.class, () -> new JsonWriter().beginArray().toString());
    assertThrows(IllegalStateException.class, () -> new JsonWriter().value(1).value(2));
  }

  private static String array(double... values) {
    JsonWriter w = new JsonWriter().beginArray();
    for (double v : values) {
      w.value(v);
    }
    return w.endArray().toString();
  }

  @Test
  void theTestParserRejectsInvalidJson() {
    for (String bad : List.of("{", "{\"a\":1,}", "[1 2]", "NaN", "\"\u0001\"", "{} x", "01")) {
      assertThrows(IllegalArgumentException.class, () -> JsonParser.parse(bad), bad);
    }
  }
}
