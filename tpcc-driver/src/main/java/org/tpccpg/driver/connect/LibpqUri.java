package org.tpccpg.driver.connect;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * libpq's connection URI, {@code postgresql://[user[:password]@][host][:port][/dbname][?keyword=
 * value&...]} (also {@code postgres://}), read into conninfo keywords and values, percent-decoded,
 * as libpq reads it wherever it takes a connection string: pgbench's dbname argument among them. A
 * host in square brackets is an IPv6 address; a percent-encoded {@code /} in the host names a
 * unix-socket directory. Messages never repeat the URI, which may hold a password.
 */
public final class LibpqUri {
  private static final String[] SCHEMES = {"postgresql://", "postgres://"};

  private LibpqUri() {}

  /** Whether {@code text} starts with one of libpq's two URI schemes (any case). */
  public static boolean isUri(String text) {
    String lower = text.toLowerCase(Locale.ROOT);
    for (String scheme : SCHEMES) {
      if (lower.startsWith(scheme)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The keywords and values the URI sets, in the order it sets them.
   *
   * @throws IllegalArgumentException for a URI libpq would refuse
   */
  public static Map<String, String> parse(String uri) {
    if (!isUri(uri)) {
      throw new IllegalArgumentException(
          "is not a connection URI: it must start with postgresql:// or postgres://");
    }
    String rest = uri.substring(uri.indexOf("://") + 3);
    Map<String, String> values = new LinkedHashMap<>();
    int query = rest.indexOf('?');
    String beforeQuery = query < 0 ? rest : rest.substring(0, query);
    int slash = beforeQuery.indexOf('/');
    String authority = slash < 0 ? beforeQuery : beforeQuery.substring(0, slash);
    int at = authority.lastIndexOf('@');
    if (at >= 0) {
      String userInfo = authority.substring(0, at);
      authority = authority.substring(at + 1);
      int colon = userInfo.indexOf(':');
      putIfNotEmpty(values, "user", decode(colon < 0 ? userInfo : userInfo.substring(0, colon)));
      if (colon >= 0) {
        putIfNotEmpty(values, "password", decode(userInfo.substring(colon + 1)));
      }
    }
    hostsAndPorts(authority, values);
    if (slash >= 0) {
      putIfNotEmpty(values, "dbname", decode(beforeQuery.substring(slash + 1)));
    }
    if (query >= 0) {
      for (String pair : rest.substring(query + 1).split("&", -1)) {
        if (pair.isEmpty()) {
          continue;
        }
        int equals = pair.indexOf('=');
        if (equals < 0) {
          throw new IllegalArgumentException(
              "has a query parameter without a value: \"" + decode(pair) + "\"");
        }
        values.put(decode(pair.substring(0, equals)), decode(pair.substring(equals + 1)));
      }
    }
    return values;
  }

  /**
   * {@code host1:port1,host2:port2}, libpq's several hosts, as the lists {@code host=host1,host2
   * port=port1,port2}; a host without a port leaves its element of the list empty, the default.
   */
  private static void hostsAndPorts(String authority, Map<String, String> values) {
    String[] servers = authority.split(",", -1);
    if (servers.length == 1) {
      hostAndPort(authority, values);
      return;
    }
    List<String> hosts = new ArrayList<>();
    List<String> ports = new ArrayList<>();
    for (String server : servers) {
      Map<String, String> one = new LinkedHashMap<>();
      hostAndPort(server, one);
      hosts.add(one.getOrDefault("host", ""));
      ports.add(one.getOrDefault("port", ""));
    }
    values.put("host", String.join(",", hosts));
    if (ports.stream().anyMatch(port -> !port.isEmpty())) {
      values.put("port", String.join(",", ports));
    }
  }

  private static void hostAndPort(String authority, Map<String, String> values) {
    String host;
    String port = null;
    if (authority.startsWith("[")) {
      int close = authority.indexOf(']');
      if (close < 0) {
        throw new IllegalArgumentException("has an IPv6 host without its closing ']'");
      }
      host = authority.substring(1, close);
      String after = authority.substring(close + 1);
      if (!after.isEmpty()) {
        if (!after.startsWith(":")) {
          throw new IllegalArgumentException("has something after the IPv6 host's ']'");
        }
        port = after.substring(1);
      }
    } else {
      int colon = authority.lastIndexOf(':');
      host = colon < 0 ? authority : authority.substring(0, colon);
      port = colon < 0 ? null : authority.substring(colon + 1);
    }
    putIfNotEmpty(values, "host", decode(host));
    if (port != null) {
      putIfNotEmpty(values, "port", decode(port));
    }
  }

  private static void putIfNotEmpty(Map<String, String> values, String keyword, String value) {
    if (!value.isEmpty()) {
      values.put(keyword, value);
    }
  }

  /** Percent-decoding as libpq does it: {@code %XX} is a byte, {@code +} stays a plus. */
  private static String decode(String text) {
    if (text.indexOf('%') < 0) {
      return text;
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '%') {
        if (i + 2 >= text.length()
            || Character.digit(text.charAt(i + 1), 16) < 0
            || Character.digit(text.charAt(i + 2), 16) < 0) {
          throw new IllegalArgumentException("has an invalid percent-encoded token");
        }
        int value =
            Character.digit(text.charAt(i + 1), 16) * 16 + Character.digit(text.charAt(i + 2), 16);
        if (value == 0) {
          throw new IllegalArgumentException(
              "has a forbidden value %00 in a percent-encoded token");
        }
        bytes.write(value);
        i += 2;
      } else {
        int end = i + Character.charCount(text.codePointAt(i));
        byte[] encoded = text.substring(i, end).getBytes(StandardCharsets.UTF_8);
        bytes.write(encoded, 0, encoded.length);
        i = end - 1;
      }
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
