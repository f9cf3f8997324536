package org.tpccpg.testkit;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The test server's templates of shared data sets: the first class that asks for a {@link
 * SharedDataSet} makes it in a database of its own, which then becomes a template, closed to
 * connections so that nothing can hold it open; every class, the first included, gets {@code CREATE
 * DATABASE ... TEMPLATE} of it, a file copy that takes a fraction of a second where loading takes
 * many. Classes that ask for the same key at once wait for the one making it.
 *
 * <p>It does not make a data set again when its making failed: every class that asks for it fails
 * with that cause. The templates are dropped when the test JVM exits.
 */
final class DataSetTemplates {
  private final TestServer server;
  private final ConcurrentMap<String, CompletableFuture<String>> made = new ConcurrentHashMap<>();
  private final List<String> templates = new ArrayList<>();

  DataSetTemplates(TestServer server) {
    this.server = server;
    Runtime.getRuntime().addShutdownHook(new Thread(this::dropAll, "drop-data-set-templates"));
  }

  /** A new database of the test server holding a copy of {@code dataSet}. */
  TestDatabase copy(String prefix, SharedDataSet dataSet) throws SQLException {
    return server.createDatabaseFrom(prefix, template(dataSet));
  }

  private String template(SharedDataSet dataSet) throws SQLException {
    CompletableFuture<String> mine = new CompletableFuture<>();
    CompletableFuture<String> template = made.putIfAbsent(dataSet.key(), mine);
    if (template == null) {
      template = mine;
      try {
        mine.complete(make(dataSet));
      } catch (Throwable e) { // an Error too: those waiting must not wait forever
        mine.completeExceptionally(e);
      }
    }
    try {
      return template.join();
    } catch (CompletionException e) {
      throw new IllegalStateException(
          "the shared data set " + dataSet.key() + " could not be made", e.getCause());
    }
  }

  private String make(SharedDataSet dataSet) throws Exception {
    TestDatabase database = server.createDatabase("template_" + dataSet.key());
    synchronized (templates) {
      templates.add(database.name());
    }
    dataSet.maker().make(database);
    // A superuser copies any database: not marked IS_TEMPLATE, a template left by a killed JVM
    // is dropped like any other test database.
    server.execute("ALTER DATABASE " + database.name() + " WITH ALLOW_CONNECTIONS false");
    return database.name();
  }

  private void dropAll() {
    synchronized (templates) {
      for (String name : templates) {
        try {
          server.dropDatabase(name);
        } catch (SQLException e) {
          System.err.println("could not drop the data set template " + name + ": " + e);
        }
      }
    }
  }
}
