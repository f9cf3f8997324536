package org.tpccpg.driver.engine;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Locale;

/**
 * Makes the threads that run benchmark clients. On Java 21 and later they are virtual threads: a
 * client spends nearly all its time waiting for the server, and hundreds of platform threads would
 * cost the client machine a kernel thread each, with the context switches that go with them, where
 * virtual threads share a few carrier threads (PgJDBC 42.7 blocks on locks, not monitors, so a
 * client waiting for its socket does not pin its carrier). On Java 17 they are platform threads.
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
   * Virtual threads where this JVM has them, else platform threads, unless {@link #PROPERTY} says
   * otherwise.
   *
   * @throws IllegalArgumentException for a value other than {@code virtual} or {@code platform}, or
   *     {@code virtual} on a JVM without virtual threads
   */
  public static Kind preferred() {
    String chosen = System.getProperty(PROPERTY, "").strip();
    if (chosen.isEmpty()) {
      return OF_VIRTUAL == null ? Kind.PLATFORM : Kind.VIRTUAL;
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
    return kind;
  }

  /** For {@code --version}: what the clients run on. */
  public static String describe() {
    return "clients run on " + preferred().name().toLowerCase(Locale.ROOT) + " threads";
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
