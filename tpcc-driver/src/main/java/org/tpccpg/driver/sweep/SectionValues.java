package org.tpccpg.driver.sweep;

import java.util.ArrayList;
import java.util.List;

/** Typed reading of one section's values, each failure naming line, section, key and value. */
final class SectionValues {
  private final IniText.Section section;

  SectionValues(IniText.Section section) {
    this.section = section;
  }

  SweepFileException invalid(String key, String why) {
    IniText.Value value = section.values().get(key);
    int line = value == null ? section.line() : value.line();
    String shown = value == null || value.text().isEmpty() ? "" : " = " + value.text();
    return new SweepFileException(line, section.where() + " " + key + shown + ": " + why);
  }

  String optionalText(String key) {
    IniText.Value value = section.values().get(key);
    if (value == null) {
      return null;
    }
    if (value.text().isEmpty()) {
      throw invalid(key, "is empty; give a value or leave the key out");
    }
    return value.text();
  }

  String requiredText(String key) {
    String text = optionalText(key);
    if (text == null) {
      throw invalid(key, "is required");
    }
    return text;
  }

  int integer(String key, Integer fallback, int min) {
    String text = optionalText(key);
    if (text == null) {
      if (fallback == null) {
        throw invalid(key, "is required");
      }
      return fallback;
    }
    try {
      int value = Integer.parseInt(text);
      if (value >= min) {
        return value;
      }
    } catch (NumberFormatException e) {
      // below
    }
    throw invalid(key, "must be a whole number >= " + min);
  }

  Integer optionalPort(String key) {
    if (optionalText(key) == null) {
      return null;
    }
    int port = integer(key, null, 1);
    if (port > 65535) {
      throw invalid(key, "must be a port number from 1 to 65535");
    }
    return port;
  }

  Long optionalLong(String key) {
    String text = optionalText(key);
    if (text == null) {
      return null;
    }
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw invalid(key, "must be a whole number");
    }
  }

  long positiveLong(String key) {
    Long value = optionalLong(key);
    if (value == null || value < 1) {
      throw invalid(key, "must be a whole number >= 1");
    }
    return value;
  }

  List<Integer> positiveInts(String key) {
    String text = optionalText(key);
    if (text == null) {
      throw invalid(key, "is required, e.g. clients = 1, 8, 32");
    }
    List<Integer> values = new ArrayList<>();
    for (String part : text.split(",", -1)) {
      try {
        int value = Integer.parseInt(part.strip());
        if (value >= 1 && !values.contains(value)) {
          values.add(value);
          continue;
        }
      } catch (NumberFormatException e) {
        // below
      }
      throw invalid(key, "must be whole numbers >= 1, each once, separated by ','");
    }
    return List.copyOf(values);
  }

  boolean bool(String key, boolean fallback) {
    String text = optionalText(key);
    if (text == null) {
      return fallback;
    }
    return switch (text) {
      case "true", "yes", "on" -> true;
      case "false", "no", "off" -> false;
      default -> throw invalid(key, "must be true or false");
    };
  }

  /** Options for a child run of this kind ({@code tpcb}, {@code tpcc}, ... {@code prepare}). */
  List<String> options(String key, String kind) {
    IniText.Value value = section.values().get(key);
    if (value == null || value.text().isEmpty()) {
      return List.of();
    }
    List<String> words;
    try {
      words = Words.split(value.text());
    } catch (IllegalArgumentException e) {
      throw invalid(key, e.getMessage());
    }
    String refused = ReservedOptions.firstReserved(kind, words);
    if (refused != null && refused.equals(ReservedOptions.PASSWORD)) {
      // the value is not shown: it holds the password
      throw new SweepFileException(value.line(), section.where() + " " + key + ": " + refused);
    }
    if (refused != null) {
      throw invalid(key, refused);
    }
    return words;
  }
}
