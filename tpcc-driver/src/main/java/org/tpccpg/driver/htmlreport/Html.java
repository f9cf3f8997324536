package org.tpccpg.driver.htmlreport;

/**
 * Escaping for what the report puts into its HTML: user-controlled text (target, workload and
 * setting names and values, paths) as element text or attribute value, and JSON data inside a
 * {@code <script>} element, where a {@code </script>} in a string would otherwise end it.
 */
final class Html {
  private Html() {}

  /** Text safe as element content and as a quoted attribute value. */
  static String text(String text) {
    StringBuilder out = new StringBuilder(text.length() + 16);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> out.append(c);
      }
    }
    return out.toString();
  }

  /**
   * JSON text made safe inside {@code <script type="application/json">}: {@code <}, {@code >} and
   * {@code &} appear in JSON only inside strings, where their {@code \\u} escapes mean the same.
   */
  static String scriptJson(String json) {
    return json.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026");
  }

  /**
   * Code inlined into a {@code <script>} or {@code <style>} element, refused when it holds the
   * element's end tag (the bundled uPlot does not; a newer one might).
   */
  static String inline(String code, String element, String source) {
    if (code.toLowerCase(java.util.Locale.ROOT).contains("</" + element)) {
      throw new IllegalStateException(source + " holds </" + element + " and cannot be inlined");
    }
    return code;
  }
}
