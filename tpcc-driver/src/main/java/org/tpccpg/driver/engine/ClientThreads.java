package org.tpccpg.driver.engine;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Locale;
import java.util.Optional;

/**
 * Makes the threads that run benchmark clients. TPC-B clients run on virtual threads on Java 21 and
 * later: a client spends nearly all its time waiting for the server, and hundreds of platform
 * threads would cost the client machine a kernel thread each, with the context switches that go
 * with them, where virtual threads share a few carrier threads (PgJDBC 42.7 blocks on locks, not
 * monitors, so a client waiting for its socket does not pin its carrier). On Java 17 they are
 * platform threads.
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
   * The kind for TPC-B clients: virtual threads where this JVM has them, else platform threads,
   * unless {@link #PROPERTY} says otherwise.
   *
   * @throws IllegalArgumentException for a bad {@link #PROPERTY} value (see {@link #chosen()})
   */
  public static Kind preferred() {
    return chosen().orElse(OF_VIRTUAL == null ? Kind.PLATFORM : Kind.VIRTUAL);
  }

  /**
   * The kind {@link #PROPERTY} asks for, if any. TPC-C workers run on platform threads unless it
   * asks for virtual ones: a TPC-C transaction makes about 30 round trips, and on a 2-core client
   * each one costs a virtual thread more CPU than a blocking read costs a platform thread (docs/
   * benchmarks.md has the figures).
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
    return "TPC-B clients run on "
        + name(preferred())
        + " threads, TPC-C workers on "
        + name(chosen().orElse(Kind.PLATFORM))
        + " threads";
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
