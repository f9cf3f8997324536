package org.tpccpg.driver.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * sysbench's {@code --config-file=FILE}: the options in the file take the place of the option on
 * the command line, so later options win over them and earlier ones lose, as in sysbench. A line is
 * {@code name=value} (sysbench's {@code read_config()}): the name without dashes, the value a word,
 * a quoted string, or a comma-separated list of them, {@code #} starting a comment; a line without
 * {@code =}, or starting with {@code #}, says nothing. A file that cannot be read is left on the
 * line, for {@link SysbenchOnlyOptions} to refuse by name (sysbench says so and goes on without
 * it). A {@code config-file} line in a file is skipped: sysbench keeps it as a value and never
 * opens the file it names. Applied to the sysbench commands after {@link
 * SysbenchArguments#normalize}.
 */
final class SysbenchConfigFile {
  static final String OPTION = "--config-file";

  private SysbenchConfigFile() {}

  /** The arguments with each readable {@code --config-file} replaced by its options. */
  static String[] expand(String... args) {
    if (args.length == 0 || !SysbenchAliases.COMMANDS.contains(args[0])) {
      return args.clone();
    }
    List<String> result = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if ("--".equals(arg)) {
        result.addAll(Arrays.asList(args).subList(i, args.length));
        break;
      }
      String file = arg.startsWith(OPTION + "=") ? arg.substring(OPTION.length() + 1) : null;
      if (arg.equals(OPTION) && i + 1 < args.length) {
        file = args[i + 1];
      }
      List<String> options = file == null ? null : read(Path.of(file));
      if (options == null) {
        result.add(arg);
        continue;
      }
      result.addAll(options);
      if (arg.equals(OPTION)) {
        i++;
      }
    }
    return result.toArray(String[]::new);
  }

  /** The file's options as {@code --name=value} arguments, or null when it cannot be read. */
  private static List<String> read(Path file) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException e) {
      return null;
    }
    List<String> options = new ArrayList<>();
    for (String line : lines) {
      int equals = line.indexOf('=');
      if (equals < 0 || line.strip().startsWith("#")) {
        continue;
      }
      String name = line.substring(0, equals).strip().replace('_', '-');
      if (OPTION.equals("--" + name)) {
        continue; // read_config() stores it as a value; only the command line's is opened
      }
      options.add("--" + name + "=" + values(line.substring(equals + 1)));
    }
    return options;
  }

  /** A value as sysbench reads it: words or quoted strings up to a comment, joined by commas. */
  static String values(String text) {
    List<String> values = new ArrayList<>();
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (Character.isWhitespace(c) || c == ',') {
        i++;
      } else if (c == '#') {
        break;
      } else if (c == '\'' || c == '"') {
        int close = text.indexOf(c, i + 1);
        int end = close < 0 ? text.length() : close;
        values.add(text.substring(i + 1, end));
        i = end + 1;
      } else {
        int end = i;
        while (end < text.length()
            && text.charAt(end) != ','
            && !Character.isWhitespace(text.charAt(end))) {
          end++;
        }
        values.add(text.substring(i, end));
        i = end;
      }
    }
    return String.join(",", values);
  }
}
