package org.tpccpg.driver.run;

import java.util.Properties;

/**
 * sysbench's {@code --db-ps-mode}, mapped onto PgJDBC.
 *
 * <ul>
 *   <li>{@code auto}: named server-side prepared statements from the first execution ({@code
 *       prepareThreshold=1}), parsed and planned once per connection.
 *   <li>{@code disable}: unnamed statements only ({@code prepareThreshold=0}), still the extended
 *       protocol with bound parameters; nothing outlives a statement on the server, which is what
 *       poolers in transaction or statement mode need.
 * </ul>
 */
public enum StatementMode {
  AUTO("1"),
  DISABLE("0");

  private final String prepareThreshold;

  StatementMode(String prepareThreshold) {
    this.prepareThreshold = prepareThreshold;
  }

  /** The PgJDBC connection properties for this mode. */
  public Properties connectionProperties() {
    Properties properties = new Properties();
    properties.setProperty("prepareThreshold", prepareThreshold);
    return properties;
  }
}
