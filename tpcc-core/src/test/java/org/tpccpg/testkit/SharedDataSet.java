package org.tpccpg.testkit;

/**
 * A data set that several IT classes start from, named by {@code key} and made by {@code maker} the
 * first time a class asks for it in the test JVM. Each class then gets a copy of its own (see
 * {@link DataSetTemplates}), so N classes pay for one load instead of N.
 *
 * <p>Two data sets with the same key must be made the same way: the key alone decides which
 * template a class is copied from.
 */
public record SharedDataSet(String key, Maker maker) {
  public SharedDataSet {
    if (!key.matches("[a-z0-9_]{1,20}")) {
      throw new IllegalArgumentException("a data set's key is 1-20 of [a-z0-9_]: " + key);
    }
  }

  /** Makes the data set in an empty database of the test server. */
  @FunctionalInterface
  public interface Maker {
    void make(TestDatabase database) throws Exception;
  }
}
