package org.tpccpg.core.tpcc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Objects;
import java.util.function.Function;
import org.tpccpg.core.DataSetException;
import org.tpccpg.core.catalog.DataSetMetadata;
import org.tpccpg.core.random.NuRandConstants;
import org.tpccpg.core.random.TpccRandom;
import org.tpccpg.core.schema.DataSetInfo;

/**
 * What the terminals of one run share, set up in one call exactly as the driver does it: the data
 * set's metadata is read and checked against the shape, the run's NURand constants are drawn at the
 * distance TPC-C 2.1.6.1 requires from the load's, and each terminal gets an input stream of its
 * own, seeded from the run's seed and its number. The same seed and terminal number give the same
 * inputs in the driver and in a library caller.
 */
public final class RunSetup {
  private final WorkloadShape shape;
  private final NuRandConstants runConstants;
  private final long seed;

  private RunSetup(WorkloadShape shape, NuRandConstants runConstants, long seed) {
    this.shape = Objects.requireNonNull(shape, "shape");
    this.runConstants = Objects.requireNonNull(runConstants, "runConstants");
    this.seed = seed;
  }

  /**
   * Reads the data set's metadata on {@code connection} and sets up a run of {@code shape} on it.
   *
   * @throws DataSetException when no complete data set of that shape is there
   */
  public static RunSetup forDataSet(Connection connection, WorkloadShape shape, long seed)
      throws SQLException, DataSetException {
    DataSetInfo dataSet =
        DataSetMetadata.requireMatching(connection, shape.tableSets(), shape.warehousesPerSet());
    return of(dataSet::runConstants, shape, seed);
  }

  /**
   * Sets up a run of {@code shape} on a data set whose metadata was read already: {@code
   * runConstants} is the data set's rule for drawing the run's NURand constants (TPC-C 2.1.6.1)
   * from the random source it is given.
   */
  public static RunSetup of(
      Function<TpccRandom, NuRandConstants> runConstants, WorkloadShape shape, long seed) {
    // A stream of its own (terminal -1), so the constants do not depend on how many terminals run.
    NuRandConstants constants = runConstants.apply(new TpccRandom(TpccRandom.mix(seed, -1)));
    return new RunSetup(shape, constants, seed);
  }

  /** The data set's shape and the rules the run follows. */
  public WorkloadShape shape() {
    return shape;
  }

  /** The run's NURand constants C (TPC-C 2.1.6). */
  public NuRandConstants runConstants() {
    return runConstants;
  }

  /** The run's seed. */
  public long seed() {
    return seed;
  }

  /**
   * The random source of terminal {@code terminal} (1 and up). sysbench-tpcc draws NURand's C on
   * every call; TPC-C 2.1.6 fixes it for the run, so with sysbench compatibility the run's
   * constants are not used.
   */
  public TpccRandom random(int terminal) {
    // Drivers of a scale-out run given one seed (so that they share the run's NURand C) must not
    // draw the same inputs: their warehouse ranges tell their terminals apart.
    long terminalSeed =
        shape.partial()
            ? TpccRandom.mix(seed, terminal, shape.homeWarehouses().first())
            : TpccRandom.mix(seed, terminal);
    return shape.sysbenchCompat()
        ? TpccRandom.withConstantPerCall(terminalSeed)
        : new TpccRandom(terminalSeed, runConstants);
  }

  /**
   * A terminal of the five TPC-C transactions: its own inputs, the mix, and a dispatcher running
   * each input in the style of {@code transactions}.
   */
  public Terminal terminal(int terminal, TransactionSet transactions) {
    return terminal(terminal, transactions, false);
  }

  /**
   * A terminal: its own inputs, the transaction mix (with sysbench-tpcc's purge when {@code
   * purge}), and a dispatcher running each input in the style of {@code transactions}.
   */
  public Terminal terminal(int terminal, TransactionSet transactions, boolean purge) {
    TpccRandom random = random(terminal);
    return new Terminal(
        random,
        new TransactionMix(purge),
        new InputGenerator(random, shape),
        new Dispatcher(transactions));
  }
}
