package org.tpccpg.driver.sweep;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keeps passwords out of what the sweep writes about a server's settings. A setting whose name says
 * it holds a secret ({@code *password*}, {@code *passphrase*}, such as {@code
 * ssl_passphrase_command}, which may spell the key's passphrase out) is shown as {@link #HIDDEN}
 * whole: its value cannot be read for a secret part. In any other value (above all a connection
 * string such as {@code primary_conninfo}, whose {@code password} is the replication role's) the
 * value of every keyword ending in {@code password} ({@code password}, {@code sslpassword}) and a
 * URI's {@code user:password@} are replaced by {@link #MASK}; the rest (host, port, user,
 * application name) stays, as it tells which server was followed. It does not judge other settings:
 * a password written into, say, {@code application_name} by hand is not recognised.
 */
final class SecretText {
  /** What replaces a password inside a value. */
  static final String MASK = "********";

  /** What replaces the whole value of a setting named as a secret. */
  static final String HIDDEN = "(hidden: may hold a password)";

  /** {@code [ssl]password = value}: quoted libpq-style, or up to a space or a URI's {@code &}. */
  private static final Pattern KEYWORD =
      Pattern.compile("(?i)(\\b[a-z_]*password\\s*=\\s*)('(?:[^'\\\\]|\\\\.)*'?|[^\\s&]+)");

  /** A URI's {@code scheme://user:password@}. */
  private static final Pattern USERINFO = Pattern.compile("(://[^/?#@:\\s]*:)([^/?#@\\s]*)(@)");

  private SecretText() {}

  /** Whether a setting's name says its whole value is secret. */
  static boolean secretName(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    return lower.contains("password") || lower.contains("passphrase");
  }

  /** Whether a value holds a password part that {@link #mask} would replace. */
  static boolean holdsPassword(String value) {
    return value != null && !mask(value).equals(value);
  }

  /** A setting's value as the sweep may write it: whole, masked, or hidden (null stays null). */
  static String shown(String name, String value) {
    if (value == null) {
      return null;
    }
    return secretName(name) ? HIDDEN : mask(value);
  }

  /** The value with every password part replaced by {@link #MASK}. */
  static String mask(String value) {
    Matcher keyword = KEYWORD.matcher(value);
    String masked = keyword.replaceAll(m -> Matcher.quoteReplacement(m.group(1) + MASK));
    Matcher userinfo = USERINFO.matcher(masked);
    return userinfo.replaceAll(m -> Matcher.quoteReplacement(m.group(1) + MASK + m.group(3)));
  }
}
