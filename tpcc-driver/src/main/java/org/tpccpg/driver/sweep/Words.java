package org.tpccpg.driver.sweep;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits an options value into arguments like a shell would for plain words: at white space, with
 * single or double quotes keeping spaces inside one argument ({@code -D "name=a b"}). No variables,
 * no escapes: the arguments are passed to the child process as they are, never to a shell.
 */
final class Words {
  private Words() {}

  /**
   * The arguments of a value.
   *
   * @throws IllegalArgumentException for a quote that is not closed
   */
  static List<String> split(String text) {
    List<String> words = new ArrayList<>();
    StringBuilder word = null;
    char quote = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else {
          word.append(c);
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
        word = word == null ? new StringBuilder() : word;
      } else if (Character.isWhitespace(c)) {
        if (word != null) {
          words.add(word.toString());
          word = null;
        }
      } else {
        word = word == null ? new StringBuilder() : word;
        word.append(c);
      }
    }
    if (quote != 0) {
      throw new IllegalArgumentException("the quote " + quote + " is not closed");
    }
    if (word != null) {
      words.add(word.toString());
    }
    return List.copyOf(words);
  }
}
