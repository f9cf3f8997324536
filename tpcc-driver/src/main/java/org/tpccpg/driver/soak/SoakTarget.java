package org.tpccpg.driver.soak;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.tpccpg.driver.connect.ConnectionKeyword;
import org.tpccpg.driver.connect.ConnectionSettings;
import org.tpccpg.driver.connect.SettingsResolver;

/**
 * What {@code bin/tpcc-soak} needs of a resolved target besides where it is: the key it locks, so
 * that two soaks on one database are refused however each names the server, and the settings that
 * its phases get from the environment rather than the command line.
 *
 * <p>It does not resolve host names (no DNS query is made): two names of one remote server give two
 * keys. It does know the loopback spellings ({@code localhost}, {@code 127.0.0.0/8}, {@code ::1})
 * and resolves a unix-socket directory to its real path.
 */
public final class SoakTarget {
  private static final Pattern IPV4_LOOPBACK = Pattern.compile("127(\\.\\d{1,3}){3}");
  private static final Pattern IPV6_LOOPBACK = Pattern.compile("\\[?(0{0,4}:){2,7}0{0,3}1\\]?");

  private SoakTarget() {}

  /**
   * {@code host:port/dbname}, the host spelled one way per server (see the class comment); {@code
   * host1:port1,host2:port2/dbname} for a target of several servers, sorted, so that an HA pair is
   * one target in either order.
   */
  public static String lockKey(ConnectionSettings settings) {
    return String.join(
            ",",
            settings.hosts().stream()
                .map(h -> host(h) + ":" + h.port())
                .sorted()
                .distinct()
                .toList())
        + "/"
        + settings.database();
  }

  private static String host(ConnectionSettings settings) {
    String host = settings.host();
    if (settings.unixSocket()) {
      Path directory = Path.of(host).toAbsolutePath().normalize();
      try {
        return directory.toRealPath().toString();
      } catch (IOException e) {
        return directory.toString(); // not there (yet): the phases will say so
      }
    }
    String lower = host.toLowerCase(Locale.ROOT);
    if (lower.equals("localhost")
        || lower.endsWith(".localhost")
        || IPV4_LOOPBACK.matcher(lower).matches()
        || IPV6_LOOPBACK.matcher(lower).matches()) {
      return "localhost";
    }
    return lower.endsWith(".") ? lower.substring(0, lower.length() - 1) : lower;
  }

  /**
   * The libpq variables that carry the rest of the target to every phase: the host's address
   * ({@code hostaddr}), the server's user over a socket ({@code requirepeer}), sslmode, the root
   * certificate, the client certificate and its key, the connect timeout, GSSAPI encryption,
   * channel binding, the kind of session to accept, the application name and the server options.
   * Never the password. (Keep-alives, which have no variable, go on the phases' command lines.)
   */
  public static Map<String, String> environment(ConnectionSettings settings) {
    Map<String, String> variables = new LinkedHashMap<>();
    List<String> addresses = settings.hosts().stream().map(h -> h.client().hostAddress()).toList();
    putIfGiven(
        variables,
        ConnectionKeyword.HOSTADDR,
        addresses.stream().allMatch(String::isEmpty) ? null : String.join(",", addresses));
    variables.put("PGSSLMODE", settings.client().sslMode().keyword());
    if (!settings.client().sslRootCert().isEmpty()) {
      variables.put("PGSSLROOTCERT", settings.client().sslRootCert());
    }
    Map<String, String> properties = settings.client().driverProperties();
    for (ConnectionKeyword keyword : List.of(ConnectionKeyword.SSLCERT, ConnectionKeyword.SSLKEY)) {
      String file = properties.get(keyword.keyword()); // PgJDBC's property has libpq's name
      if (file != null) {
        variables.put(keyword.variable(), file);
      }
    }
    putIfGiven(
        variables,
        ConnectionKeyword.REQUIREPEER,
        settings.client().requiredPeer().isEmpty() ? null : settings.client().requiredPeer());
    for (ConnectionKeyword keyword :
        List.of(
            ConnectionKeyword.SSL_MIN_PROTOCOL_VERSION,
            ConnectionKeyword.SSL_MAX_PROTOCOL_VERSION)) {
      putIfGiven(variables, keyword, properties.get(keyword.keyword())); // libpq's name
    }
    putIfGiven(variables, ConnectionKeyword.CONNECT_TIMEOUT, properties.get("connectTimeout"));
    putIfGiven(variables, ConnectionKeyword.GSSENCMODE, properties.get("gssEncMode"));
    putIfGiven(variables, ConnectionKeyword.CHANNEL_BINDING, properties.get("channelBinding"));
    putIfGiven(
        variables,
        ConnectionKeyword.TARGET_SESSION_ATTRS,
        SettingsResolver.targetSessionAttrs(properties.getOrDefault("targetServerType", "")));
    putIfGiven(
        variables,
        ConnectionKeyword.LOAD_BALANCE_HOSTS,
        properties.containsKey("loadBalanceHosts")
            ? Boolean.parseBoolean(properties.get("loadBalanceHosts")) ? "random" : "disable"
            : null);
    variables.put("PGAPPNAME", settings.client().applicationName());
    if (!settings.client().serverOptions().isEmpty()) {
      variables.put("PGOPTIONS", settings.client().serverOptions());
    }
    return variables;
  }

  private static void putIfGiven(
      Map<String, String> variables, ConnectionKeyword keyword, String value) {
    if (value != null) {
      variables.put(keyword.variable(), value);
    }
  }
}
