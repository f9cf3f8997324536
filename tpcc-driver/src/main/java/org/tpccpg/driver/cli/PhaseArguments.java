package org.tpccpg.driver.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * Writes the options that picocli matched back out as arguments, in command-line order, each as
 * {@code --long-name} or {@code --long-name=value}: so glued short options ({@code -h127.0.0.1}),
 * clusters and separate values come out in one unambiguous form, and chosen options can be left
 * out. Positional parameters are not written; the caller places them.
 */
final class PhaseArguments {
  private PhaseArguments() {}

  /**
   * @param parsed what picocli matched
   * @param leftOut the longest names of the options to leave out
   */
  static List<String> options(ParseResult parsed, Set<String> leftOut) {
    List<String> arguments = new ArrayList<>();
    Map<OptionSpec, Integer> seen = new HashMap<>();
    for (ArgSpec arg : parsed.matchedArgs()) {
      if (!(arg instanceof OptionSpec option)) {
        continue;
      }
      int occurrence = seen.merge(option, 1, Integer::sum) - 1;
      String name = option.longestName();
      if (leftOut.contains(name)) {
        continue;
      }
      List<String> values = option.originalStringValues();
      if (occurrence >= values.size()) {
        arguments.add(name);
      } else if (option.arity().max() == 0) {
        arguments.add(flag(option, name, values.get(occurrence)));
      } else {
        arguments.add(name + "=" + values.get(occurrence));
      }
    }
    return arguments;
  }

  /**
   * A flag as it came out: picocli records the value it set ({@code true}, or {@code false} for a
   * flag whose default is true, or the value given as {@code --use-fk=off}); the bare name only
   * when that sets what the value says.
   */
  private static String flag(OptionSpec option, String name, String value) {
    boolean defaultTrue =
        option.defaultValue() != null
            && List.of("1", "true", "on", "yes")
                .contains(option.defaultValue().toLowerCase(Locale.ROOT));
    return "true".equals(value) && !defaultTrue ? name : name + "=" + value;
  }

  /** The first of the named options that was given, or null. */
  static String firstGiven(ParseResult parsed, List<String> names) {
    for (String name : names) {
      if (parsed.hasMatchedOption(name)) {
        return name;
      }
    }
    return null;
  }
}
