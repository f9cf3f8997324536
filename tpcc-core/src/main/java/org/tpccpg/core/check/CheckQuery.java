package org.tpccpg.core.check;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A condition query made ready to prepare: {@code ${set}} becomes the table-set number in the SQL
 * text (table names cannot be parameters), every other {@code ${name}} becomes a {@code ?} whose
 * value is listed in {@link #parameters()} in order.
 */
record CheckQuery(String sql, List<Integer> parameters) {
  private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([a-z_]+)}");

  CheckQuery {
    parameters = List.copyOf(parameters);
  }

  /**
   * Renders {@code template} for {@code set}, binding the other placeholders from {@code values}.
   *
   * @throws IllegalStateException when the template names a placeholder without a value
   */
  static CheckQuery render(String template, int set, Map<String, Integer> values) {
    Matcher matcher = PLACEHOLDER.matcher(template);
    StringBuilder sql = new StringBuilder();
    List<Integer> parameters = new ArrayList<>();
    while (matcher.find()) {
      String name = matcher.group(1);
      String replacement;
      if (name.equals("set")) {
        replacement = Integer.toString(set);
      } else if (values.containsKey(name)) {
        parameters.add(values.get(name));
        replacement = "?";
      } else {
        throw new IllegalStateException("no value for placeholder ${" + name + "}");
      }
      matcher.appendReplacement(sql, replacement);
    }
    matcher.appendTail(sql);
    return new CheckQuery(sql.toString(), parameters);
  }
}
