package org.tpccpg.core;

/**
 * The database does not hold the data set a command needs: none at all, one that is incomplete, one
 * that already exists where a new one is to be created, or one whose shape (table sets, warehouses)
 * differs from the options given. The message says which, and what to do.
 */
public final class DataSetException extends Exception {
  private static final long serialVersionUID = 1L;

  public DataSetException(String message) {
    super(message);
  }
}
