package org.tpccpg.driver.connect;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Resolves connection settings the way libpq does, without touching the process: the sources and
 * the home directory are passed in, so every rule is unit-tested.
 *
 * <p>Each parameter comes from the first source that gives it a non-empty value, in the order given
 * (the command line passes options, then its conninfo string or URL, then the environment), else
 * from the default: localhost, 5432, user and database {@code sbtest} (sysbench's), sslmode prefer,
 * application name {@code tpcc}. A connection service ({@code service=} in a connection string, or
 * {@code PGSERVICE}) adds the values of its section of the service file ({@link ServiceFile})
 * before the environment's, as libpq does. When no source gives a password, the password file is
 * read: {@code passfile}/{@code PGPASSFILE}, else {@code ~/.pgpass}.
 */
public final class SettingsResolver {
  static final String DEFAULT_HOST = "localhost";
  static final int DEFAULT_PORT = 5432;
  static final String DEFAULT_USER = "sbtest";
  static final String DEFAULT_DATABASE = "sbtest";

  /** libpq's gssencmode values, which PgJDBC's gssEncMode takes as they are. */
  private static final Set<String> GSS_ENCRYPTION_MODES = Set.of("disable", "prefer", "require");

  /** libpq 16's load_balance_hosts values: random is PgJDBC's loadBalanceHosts=true. */
  private static final Set<String> LOAD_BALANCE_MODES = Set.of("disable", "random");

  /** libpq's channel_binding values, which PgJDBC's channelBinding takes as they are. */
  private static final Set<String> CHANNEL_BINDINGS = Set.of("disable", "prefer", "require");

  /**
   * libpq's target_session_attrs and the PgJDBC targetServerType that checks the same with one
   * server. PgJDBC's primary is a session that is not read-only (libpq's read-write: neither a
   * standby nor {@code default_transaction_read_only}), and its secondary one that is; so libpq's
   * primary and standby, which look at recovery alone, differ from it on a primary whose sessions
   * are read-only by default: there libpq's primary would connect and standby would not.
   */
  private static final Map<String, String> SERVER_TYPES =
      Map.of(
          "any", "any",
          "read-write", "primary",
          "primary", "primary",
          "read-only", "secondary",
          "standby", "secondary",
          "prefer-standby", "preferSecondary");

  /**
   * The target_session_attrs that asks for what a targetServerType the resolver set checks, for
   * passing it on as {@code PGTARGETSESSIONATTRS}; null for none of them.
   */
  public static String targetSessionAttrs(String serverType) {
    return switch (serverType) {
      case "any" -> "any";
      case "primary" -> "read-write";
      case "secondary" -> "read-only";
      case "preferSecondary" -> "prefer-standby";
      default -> null;
    };
  }

  /** The unix-socket directory of Debian's, Ubuntu's and the PGDG packages' libpq. */
  private static final String PACKAGED_SOCKET_DIRECTORY = "/var/run/postgresql";

  /** UTF8's names as the server compares them ({@link #encodingName}), and libpq's auto. */
  private static final Set<String> UTF8_NAMES = Set.of("utf8", "unicode", "auto");

  /** What a numeric address may hold, so that InetAddress parses it without a name lookup. */
  private static final Pattern NUMERIC_ADDRESS =
      Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");

  private final List<SettingSource> sources;
  private final Path home;
  private final Optional<Path> systemCertificates;

  private SettingsResolver(
      List<SettingSource> sources, Path home, Optional<Path> systemCertificates) {
    this.sources = List.copyOf(sources);
    this.home = home;
    this.systemCertificates = systemCertificates;
  }

  private SettingsResolver withService(Path systemDirectory) {
    Optional<Value> service = find(ConnectionKeyword.SERVICE);
    if (service.isEmpty()) {
      return this;
    }
    Path userFile = find(ConnectionKeyword.SERVICEFILE).map(v -> Path.of(v.text())).orElse(null);
    String name = service.get().text();
    Map<ConnectionKeyword, String> values =
        ServiceFile.lookUp(name, new ServiceFile.Places(userFile, home, systemDirectory));
    SettingSource fromService =
        SettingSource.of(values, keyword -> "service " + name + " " + keyword.keyword());
    List<SettingSource> withService = new ArrayList<>(sources);
    int environment = 0;
    while (environment < sources.size() && !sources.get(environment).fromEnvironment()) {
      environment++;
    }
    withService.add(environment, fromService);
    return new SettingsResolver(withService, home, systemCertificates);
  }

  /**
   * The settings and any warnings (a refused password file), printed by the caller.
   *
   * @param settings where and how to connect
   * @param warnings one line each, for standard error
   */
  public record Resolution(ConnectionSettings settings, List<String> warnings) {
    public Resolution {
      warnings = List.copyOf(warnings);
    }
  }

  /**
   * Resolves the sources, earlier ones winning.
   *
   * @param home the user's home directory, where {@code .pgpass} is looked for
   * @throws IllegalArgumentException naming the option or variable and its value (never a password)
   *     when a value is invalid
   */
  public static Resolution resolve(List<SettingSource> sources, Path home) {
    return resolve(sources, home, ServiceFile.DEFAULT_SYSTEM_DIRECTORY);
  }

  /**
   * Resolves the sources, earlier ones winning, a connection service looked up in {@code
   * systemDirectory} after the user's service file.
   *
   * @param systemDirectory where the system-wide {@code pg_service.conf} is (see {@link
   *     #systemDirectory})
   * @throws IllegalArgumentException as {@link #resolve(List, Path)}, and in libpq's words for a
   *     service that no service file defines or a service file libpq would refuse
   */
  public static Resolution resolve(List<SettingSource> sources, Path home, Path systemDirectory) {
    return resolve(sources, home, systemDirectory, SystemRootCertificates.file(Map.of()));
  }

  private static Resolution resolve(
      List<SettingSource> sources,
      Path home,
      Path systemDirectory,
      Optional<Path> systemCertificates) {
    return new SettingsResolver(sources, home, systemCertificates)
        .withService(systemDirectory)
        .resolve();
  }

  /**
   * libpq's default host, where pgbench goes when no source names one: the unix-socket directory
   * libpq was built with, {@code /var/run/postgresql} for Debian's and Ubuntu's packages (the PGDG
   * packages' {@code /run/postgresql} is the same directory where {@code /var/run} links to {@code
   * /run}), {@code /tmp} for a libpq built from source: the first that is a directory here.
   */
  public static String libpqDefaultHost() {
    return Files.isDirectory(Path.of(PACKAGED_SOCKET_DIRECTORY))
        ? PACKAGED_SOCKET_DIRECTORY
        : "/tmp";
  }

  /** Resolves the sources with the home and system directories {@code environment} gives. */
  public static Resolution resolve(List<SettingSource> sources, Map<String, String> environment) {
    return resolve(
        sources,
        home(environment),
        systemDirectory(environment),
        SystemRootCertificates.file(environment));
  }

  /**
   * Where libpq looks for {@code .pgpass}: {@code HOME} (as libpq 16 and later), else the JVM's.
   */
  public static Path home(Map<String, String> environment) {
    String home = environment.get("HOME");
    return Path.of(home != null && !home.isEmpty() ? home : System.getProperty("user.home"));
  }

  /**
   * Where libpq looks for the system-wide {@code pg_service.conf}: {@code PGSYSCONFDIR}, else the
   * directory its build names (Debian's libpq: {@code /etc/postgresql-common}).
   */
  public static Path systemDirectory(Map<String, String> environment) {
    String directory = environment.get("PGSYSCONFDIR");
    return directory != null && !directory.isEmpty()
        ? Path.of(directory)
        : ServiceFile.DEFAULT_SYSTEM_DIRECTORY;
  }

  private Resolution resolve() {
    String user = text(ConnectionKeyword.USER, DEFAULT_USER);
    String database = text(ConnectionKeyword.DBNAME, DEFAULT_DATABASE);
    Set<String> warnings = new LinkedHashSet<>();
    List<Endpoint> servers = new ArrayList<>();
    for (Endpoint server : servers()) {
      String password =
          find(ConnectionKeyword.PASSWORD)
              .map(Value::text)
              .orElseGet(
                  () -> fromPasswordFile(server.host(), server.port(), database, user, warnings));
      servers.add(new Endpoint(server.host(), server.port(), server.hostAddress(), password));
    }
    Endpoint first = servers.get(0);
    String rootCert = text(ConnectionKeyword.SSLROOTCERT, "");
    boolean systemRoots = rootCert.equals(SystemRootCertificates.SYSTEM);
    SslMode sslMode = sslMode(systemRoots);
    ClientSettings client =
        new ClientSettings(
            sslMode,
            systemRoots ? systemRootCertificates() : rootCert,
            text(ConnectionKeyword.APPLICATION_NAME, ConnectionSettings.APPLICATION_NAME),
            text(ConnectionKeyword.OPTIONS, ""),
            driverProperties(),
            keepAliveTiming(),
            first.hostAddress(),
            text(ConnectionKeyword.REQUIREPEER, ""));
    clientEncodingWarning().ifPresent(warnings::add);
    return new Resolution(
        new ConnectionSettings(
            first.host(),
            first.port(),
            user,
            first.password(),
            database,
            client,
            servers.subList(1, servers.size())),
        new ArrayList<>(warnings));
  }

  /**
   * The servers that host, hostaddr and port name, as libpq pairs their comma-separated lists: as
   * many as hostaddr has elements when it is given, else as host has; host, when both are given,
   * must have as many, and port one for all or one each; an empty element is the default. The
   * passwords are left empty here. One host with several addresses names them all (where libpq
   * refuses it): a default host, {@code tpcc tpcb}'s socket directory, is a source like the others
   * here, and must not make {@code hostaddr=a,b} a mismatch.
   */
  private List<Endpoint> servers() {
    List<String> addresses = hostAddresses();
    Optional<Value> hostValue = find(ConnectionKeyword.HOST);
    List<String> hosts = hostValue.map(v -> List.of(v.text().split(",", -1))).orElse(List.of(""));
    int count = addresses.isEmpty() ? hosts.size() : addresses.size();
    if (hostValue.isPresent()
        && !addresses.isEmpty()
        && hosts.size() > 1
        && hosts.size() != count) {
      throw invalid(
          hostValue.get(),
          "could not match " + hosts.size() + " host names to " + count + " hostaddr values");
    }
    List<Integer> ports = ports(count);
    List<Endpoint> servers = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      String address = addresses.isEmpty() ? "" : addresses.get(i);
      String given = hostValue.isPresent() ? hosts.get(hosts.size() == 1 ? 0 : i).strip() : "";
      if (given.isEmpty()) {
        given = address.isEmpty() ? defaultHost() : address;
      }
      // libpq goes over TCP to hostaddr, whatever socket directory host names
      String host = given.startsWith("/") && !address.isEmpty() ? address : given;
      servers.add(new Endpoint(host, ports.get(i), address, ""));
    }
    return servers;
  }

  /**
   * The host a list's empty element stands for: the default of the last source that names one host
   * (pgbench's socket directory for {@code tpcc tpcb}), else sysbench's localhost.
   */
  private String defaultHost() {
    String fallback = DEFAULT_HOST;
    for (SettingSource source : sources) {
      String value = source.values().get(ConnectionKeyword.HOST);
      if (value != null && !value.isEmpty() && !value.contains(",")) {
        fallback = value;
      }
    }
    return fallback;
  }

  /**
   * A warning for a client_encoding other than UTF8: PgJDBC speaks UTF8 only, and refuses a session
   * whose encoding is set to another. Not an error, since an environment's {@code PGCLIENTENCODING}
   * or a service file's encoding serves its other tools, and this tool's own text is ASCII, the
   * same bytes in every encoding the server takes from a client. {@code auto} (the locale's
   * encoding) is taken as UTF8 without a warning, as is any spelling of UTF8 the server takes.
   */
  private Optional<String> clientEncodingWarning() {
    return find(ConnectionKeyword.CLIENT_ENCODING)
        .filter(value -> !UTF8_NAMES.contains(encodingName(value.text())))
        .map(
            value ->
                "WARNING: "
                    + value.label()
                    + "="
                    + value.text()
                    + " is not used: PgJDBC speaks UTF8 only (scripts of pgbench's -f are read"
                    + " as UTF-8)");
  }

  /** An encoding's name as the server compares it: letters and digits only, in lower case. */
  private static String encodingName(String given) {
    return given.replaceAll("[^A-Za-z0-9]", "").toLowerCase(Locale.ROOT);
  }

  /**
   * The sslmode given, else prefer; with {@code sslrootcert=system} verify-full, and a weaker mode
   * refused in libpq 16's words.
   */
  private SslMode sslMode(boolean systemRoots) {
    Optional<Value> given = find(ConnectionKeyword.SSLMODE);
    SslMode mode =
        given
            .map(
                value ->
                    SslMode.parse(value.text())
                        .orElseThrow(
                            () ->
                                invalid(
                                    value, "is not an sslmode (one of " + SslMode.names() + ")")))
            .orElse(systemRoots ? SslMode.VERIFY_FULL : SslMode.PREFER);
    if (systemRoots && mode != SslMode.VERIFY_FULL) {
      throw invalid(
          given.orElseThrow(), "may not be used with sslrootcert=system (use \"verify-full\")");
    }
    return mode;
  }

  /** The system's CA certificates' file for {@code sslrootcert=system}, or why there is none. */
  private String systemRootCertificates() {
    return systemCertificates
        .map(Path::toString)
        .orElseThrow(
            () ->
                invalid(
                    ConnectionKeyword.SSLROOTCERT,
                    "names the system's CA certificates, and there is no bundle of them here"
                        + " (SSL_CERT_FILE, /etc/ssl/certs/ca-certificates.crt, ...)"));
  }

  /**
   * libpq's hostaddr list, numeric IPv4 or IPv6 addresses (no name is looked up), an empty element
   * for a host without one; empty when not given.
   */
  private List<String> hostAddresses() {
    Optional<Value> given = find(ConnectionKeyword.HOSTADDR);
    if (given.isEmpty()) {
      return List.of();
    }
    List<String> addresses = new ArrayList<>();
    for (String element : given.get().text().split(",", -1)) {
      String address = element.strip();
      addresses.add(address.isEmpty() ? "" : numericAddress(given.get(), address));
    }
    return addresses;
  }

  private static String numericAddress(Value given, String address) {
    if (!NUMERIC_ADDRESS.matcher(address).matches()) {
      throw invalid(given, "is not a numeric network address (IPv4 or IPv6)");
    }
    try {
      InetAddress.getByName(address); // numeric: parsed, never looked up
    } catch (UnknownHostException e) {
      throw invalid(given, "is not a numeric network address (IPv4 or IPv6)");
    }
    return address;
  }

  /** The port of each of {@code hosts} servers: one given for all, or one each, as libpq. */
  private List<Integer> ports(int hosts) {
    Optional<Value> given = find(ConnectionKeyword.PORT);
    if (given.isEmpty()) {
      return Collections.nCopies(hosts, DEFAULT_PORT);
    }
    String[] elements = given.get().text().split(",", -1);
    if (elements.length == 1) {
      return Collections.nCopies(hosts, port(given.get(), elements[0]));
    }
    if (elements.length != hosts) {
      throw invalid(
          given.get(),
          "could not match " + elements.length + " port numbers to " + hosts + " hosts");
    }
    List<Integer> ports = new ArrayList<>();
    for (String element : elements) {
      ports.add(port(given.get(), element));
    }
    return ports;
  }

  private static int port(Value given, String element) {
    if (element.isBlank()) {
      return DEFAULT_PORT;
    }
    try {
      int port = Integer.parseInt(element.strip());
      if (port >= 1 && port <= 65535) {
        return port;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw invalid(given, "is not a port number (1 to 65535)");
  }

  private String fromPasswordFile(
      String host, int port, String database, String user, Set<String> warnings) {
    Path file =
        find(ConnectionKeyword.PASSFILE)
            .map(value -> Path.of(value.text()))
            .orElse(home.resolve(".pgpass"));
    try {
      PgPassFile.Lookup lookup =
          PgPassFile.read(file, new PgPassFile.Target(host, port, database, user));
      lookup.warning().ifPresent(warnings::add);
      return lookup.password().orElse("");
    } catch (IOException e) {
      warnings.add("WARNING: could not read password file \"" + file + "\": " + e.getMessage());
      return "";
    }
  }

  /**
   * PgJDBC properties from the sources, earlier sources winning, the client certificate and key,
   * which PgJDBC takes under libpq's names, the connect timeout and TCP keep-alives.
   */
  private Map<String, String> driverProperties() {
    Map<String, String> properties = new HashMap<>();
    for (SettingSource source : sources) {
      source.driverProperties().forEach(properties::putIfAbsent);
    }
    for (ConnectionKeyword keyword : List.of(ConnectionKeyword.SSLCERT, ConnectionKeyword.SSLKEY)) {
      find(keyword).ifPresent(value -> properties.put(keyword.keyword(), value.text()));
    }
    // PgJDBC reads a PEM key as RSA unless told otherwise; libpq reads an EC one as well
    find(ConnectionKeyword.SSLKEY)
        .flatMap(value -> PemKeyAlgorithm.of(Path.of(value.text())))
        .ifPresent(algorithm -> properties.putIfAbsent("pemKeyAlgorithm", algorithm));
    // libpq's connect_timeout: 0 or less for no limit (PgJDBC's 0), else at least 2 s, for the
    // whole connection, TLS and login included: PgJDBC's loginTimeout, beside its connectTimeout
    // for the TCP connect (without it, a server that accepts and never answers is waited on
    // forever)
    find(ConnectionKeyword.CONNECT_TIMEOUT)
        .map(value -> whole(value, "is not a whole number of seconds"))
        .map(seconds -> seconds <= 0 ? 0 : Math.max(2, seconds))
        .ifPresent(
            seconds -> {
              properties.put("connectTimeout", Integer.toString(seconds));
              if (seconds > 0) {
                properties.putIfAbsent("loginTimeout", Integer.toString(seconds));
              }
            });
    // on by default (ConnectionSettings); only keepalives=0 is a property of its own
    find(ConnectionKeyword.KEEPALIVES)
        .filter(value -> whole(value, "is not a whole number (0 turns keep-alives off)") == 0)
        .ifPresent(value -> properties.putIfAbsent("tcpKeepAlive", "false"));
    // a URL's own PgJDBC property wins over the libpq keyword, as its tcpKeepAlive does
    choice(ConnectionKeyword.GSSENCMODE, GSS_ENCRYPTION_MODES)
        .ifPresent(mode -> properties.putIfAbsent("gssEncMode", mode));
    choice(ConnectionKeyword.CHANNEL_BINDING, CHANNEL_BINDINGS)
        .ifPresent(binding -> properties.putIfAbsent("channelBinding", binding));
    choice(ConnectionKeyword.TARGET_SESSION_ATTRS, SERVER_TYPES.keySet())
        .ifPresent(attrs -> properties.putIfAbsent("targetServerType", SERVER_TYPES.get(attrs)));
    choice(ConnectionKeyword.LOAD_BALANCE_HOSTS, LOAD_BALANCE_MODES)
        .ifPresent(
            mode ->
                properties.putIfAbsent(
                    "loadBalanceHosts", Boolean.toString(mode.equals("random"))));
    tlsVersions(properties);
    return properties;
  }

  /**
   * libpq's TLS version range: when either end is given, PgJDBC's factory is replaced by {@link
   * TlsVersionsFactory}, which limits each TLS socket to the range; a URL's own {@code sslfactory}
   * beside it is refused, since the range could not be held.
   */
  private void tlsVersions(Map<String, String> properties) {
    Optional<String> oldest = tlsVersion(ConnectionKeyword.SSL_MIN_PROTOCOL_VERSION);
    Optional<String> newest = tlsVersion(ConnectionKeyword.SSL_MAX_PROTOCOL_VERSION);
    if (oldest.isEmpty() && newest.isEmpty()) {
      return;
    }
    Value given =
        find(ConnectionKeyword.SSL_MAX_PROTOCOL_VERSION)
            .orElseGet(() -> find(ConnectionKeyword.SSL_MIN_PROTOCOL_VERSION).orElseThrow());
    try {
      new TlsVersions(oldest.orElse(TlsVersions.DEFAULT_OLDEST), newest.orElse(""));
    } catch (IllegalArgumentException e) {
      throw invalid(given, "is older than the oldest version allowed: " + e.getMessage());
    }
    String factory = properties.get("sslfactory");
    if (factory != null && !factory.equals(TlsVersionsFactory.class.getName())) {
      // the tool's own factory comes back in the URL a soak gives its phases
      throw invalid(given, "cannot be held beside the URL's own sslfactory");
    }
    properties.put("sslfactory", TlsVersionsFactory.class.getName());
    oldest.ifPresent(name -> properties.put(TlsVersions.OLDEST_PROPERTY, name));
    newest.ifPresent(name -> properties.put(TlsVersions.NEWEST_PROPERTY, name));
  }

  /** A TLS version's libpq name, as libpq reads it (case aside). */
  private Optional<String> tlsVersion(ConnectionKeyword keyword) {
    return find(keyword)
        .map(
            value ->
                TlsVersions.name(value.text())
                    .orElseThrow(
                        () ->
                            invalid(
                                value,
                                "is not a TLS version (one of "
                                    + String.join(", ", TlsVersions.NAMES)
                                    + ")")));
  }

  /**
   * libpq's keep-alive timing; 0 or less for the system's default (libpq takes a negative value as
   * 0). Over a unix socket, and with keep-alives off, it is ignored, as by libpq.
   */
  private TcpKeepAlive keepAliveTiming() {
    return new TcpKeepAlive(
        seconds(ConnectionKeyword.KEEPALIVES_IDLE),
        seconds(ConnectionKeyword.KEEPALIVES_INTERVAL),
        seconds(ConnectionKeyword.KEEPALIVES_COUNT));
  }

  private int seconds(ConnectionKeyword keyword) {
    return find(keyword).map(value -> Math.max(0, whole(value, "is not a whole number"))).orElse(0);
  }

  /** A keyword whose value must be one of {@code allowed}, as libpq checks it. */
  private Optional<String> choice(ConnectionKeyword keyword, Set<String> allowed) {
    return find(keyword)
        .map(
            value -> {
              if (!allowed.contains(value.text())) {
                throw invalid(
                    value,
                    "is not a valid "
                        + keyword.keyword()
                        + " (one of "
                        + String.join(", ", new TreeSet<>(allowed))
                        + ")");
              }
              return value.text();
            });
  }

  /** An integer parameter, read as libpq reads it (white space around it allowed). */
  private static int whole(Value value, String problem) {
    try {
      return Integer.parseInt(value.text().strip());
    } catch (NumberFormatException e) {
      throw invalid(value, problem);
    }
  }

  private String text(ConnectionKeyword keyword, String fallback) {
    return find(keyword).map(Value::text).orElse(fallback);
  }

  private Optional<Value> find(ConnectionKeyword keyword) {
    for (SettingSource source : sources) {
      String value = source.values().get(keyword);
      if (value != null && !value.isEmpty()) {
        return Optional.of(new Value(value, source.label(keyword), keyword));
      }
    }
    return Optional.empty();
  }

  private IllegalArgumentException invalid(ConnectionKeyword keyword, String problem) {
    return invalid(find(keyword).orElseThrow(), problem);
  }

  private static IllegalArgumentException invalid(Value value, String problem) {
    String shown = value.keyword() == ConnectionKeyword.PASSWORD ? "********" : value.text();
    return new IllegalArgumentException(value.label() + "=" + shown + " " + problem);
  }

  /** A value with the label it was given under. */
  private record Value(String text, String label, ConnectionKeyword keyword) {
    @Override
    public String toString() {
      return label;
    }
  }
}
