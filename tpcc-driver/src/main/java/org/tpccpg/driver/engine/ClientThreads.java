package org.tpccpg.driver.engine;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Locale;
import java.util.Optional;

/**
 * Makes the threads that run benchmark clients: platform threads unless {@link #PROPERTY} asks for
 * virtual ones (Java 21 and later), over TCP and unix sockets alike.
 *
 * <p>Platform threads are the default for both workloads because they cost the client less CPU per
 * transaction with PgJDBC: on Java 25, TPC-B select-only took about 1.8 times the CPU per
 * transaction on virtual threads (docs/tpcb.md has the figures and the command).
 *
 * <p>The build targets Java 17, so the Java 21 API is reached by reflection, once per thread.
 */
public final class ClientThreads {
  /** The kinds of thread a client can run on. */
  public enum Kind {
    PLATFORM,
    VIRTUAL
  }

  private static final Method OF_VIRTUAL = method(Thread.class, "ofVirtual");
  private static final Class<?> BUILDER = builderInterface();

  private ClientThreads() {}

  /** The system property that overrides the choice: {@code -Dtpcc.clientThreads=platform}. */
  public static final String PROPERTY = "tpcc.clientThreads";

  /**
   * The kind for clients connecting over TCP: what {@link #PROPERTY} asks for, else platform
   * threads.
   *
   * @throws IllegalArgumentException for a bad {@link #PROPERTY} value (see {@link #chosen()})
   */
  public static Kind preferred() {
    return chosen().orElse(Kind.PLATFORM);
  }

  /** The one line {@code --verbose} prints about the clients' threads. */
  public static String verboseLine() {
    return "clients run on " + name(preferred()) + " threads";
  }

  /**
   * The kind {@link #PROPERTY} asks for, if any.
   *
   * @throws IllegalArgumentException for a value other than {@code virtual} or {@code platform}, or
   *     {@code virtual} on a JVM without virtual threads
   */
  public static Optional<Kind> chosen() {
    String chosen = System.getProperty(PROPERTY, "").strip();
    if (chosen.isEmpty()) {
      return Optional.empty();
    }
    Kind kind =
        switch (chosen.toLowerCase(Locale.ROOT)) {
          case "virtual" -> Kind.VIRTUAL;
          case "platform" -> Kind.PLATFORM;
          default ->
              throw new IllegalArgumentException(
                  "-D" + PROPERTY + "=" + chosen + " is invalid: use virtual or platform");
        };
    if (kind == Kind.VIRTUAL && OF_VIRTUAL == null) {
      throw new IllegalArgumentException(
          "-D"
              + PROPERTY
              + "=virtual needs Java 21 or later; this is Java "
              + System.getProperty("java.version"));
    }
    return Optional.of(kind);
  }

  /** For {@code --version}: what the clients run on. */
  public static String describe() {
    if (OF_VIRTUAL == null) {
      return "clients run on platform threads (no virtual threads before Java 21)";
    }
    if (preferred() == Kind.VIRTUAL) {
      return "clients run on virtual threads (-D" + PROPERTY + ")";
    }
    return "clients run on platform threads (virtual ones with -D" + PROPERTY + "=virtual)";
  }

  private static String name(Kind kind) {
    return kind.name().toLowerCase(Locale.ROOT);
  }

  /** A thread of the given kind for {@code task}, not yet started. */
  public static Thread unstarted(Kind kind, String name, Runnable task) {
    if (kind == Kind.PLATFORM || OF_VIRTUAL == null) {
      return new Thread(task, name);
    }
    try {
      Object builder = OF_VIRTUAL.invoke(null);
      builder = BUILDER.getMethod("name", String.class).invoke(builder, name);
      return (Thread) BUILDER.getMethod("unstarted", Runnable.class).invoke(builder, task);
    } catch (IllegalAccessException | InvocationTargetException | NoSuchMethodException e) {
      throw new IllegalStateException("cannot make a virtual thread on this JVM", e);
    }
  }

  /** {@code Thread.Builder}, whose public methods reflection may call. */
  private static Class<?> builderInterface() {
    for (Class<?> nested : Thread.class.getClasses()) {
      if (nested.getSimpleName().equals("Builder")) {
        return nested;
      }
    }
    return null;
  }

  private static Method method(Class<?> type, String name) {
    try {
      return type.getMethod(name);
    } catch (NoSuchMethodException e) {
      return null; // Java 17: no virtual threads
    }
  }
}
