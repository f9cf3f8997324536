package org.tpccpg.core.tpcc;

import static org.tpccpg.core.spec.TpccConstants.BY_NAME_PERCENT;
import static org.tpccpg.core.spec.TpccConstants.CUSTOMERS_PER_DISTRICT;
import static org.tpccpg.core.spec.TpccConstants.DISTRICTS_PER_WAREHOUSE;
import static org.tpccpg.core.spec.TpccConstants.ITEMS;
import static org.tpccpg.core.spec.TpccConstants.MAX_CARRIER_ID;
import static org.tpccpg.core.spec.TpccConstants.MAX_LAST_NAME_NUMBER;
import static org.tpccpg.core.spec.TpccConstants.MAX_ORDER_LINES;
import static org.tpccpg.core.spec.TpccConstants.MAX_ORDER_QUANTITY;
import static org.tpccpg.core.spec.TpccConstants.MAX_PAYMENT_CENTS;
import static org.tpccpg.core.spec.TpccConstants.MAX_STOCK_LEVEL_THRESHOLD;
import static org.tpccpg.core.spec.TpccConstants.MIN_ORDER_LINES;
import static org.tpccpg.core.spec.TpccConstants.MIN_PAYMENT_CENTS;
import static org.tpccpg.core.spec.TpccConstants.MIN_STOCK_LEVEL_THRESHOLD;
import static org.tpccpg.core.spec.TpccConstants.NEW_ORDER_ROLLBACK_PERCENT;
import static org.tpccpg.core.spec.TpccConstants.NURAND_A_C_ID;
import static org.tpccpg.core.spec.TpccConstants.NURAND_A_C_LAST;
import static org.tpccpg.core.spec.TpccConstants.NURAND_A_OL_I_ID;
import static org.tpccpg.core.spec.TpccConstants.REMOTE_ORDER_LINE_PERCENT;
import static org.tpccpg.core.spec.TpccConstants.REMOTE_PAYMENT_PERCENT;
import static org.tpccpg.core.spec.TpccConstants.UNUSED_ITEM_ID;

import java.util.Objects;
import org.tpccpg.core.WarehouseRange;
import org.tpccpg.core.random.TpccRandom;

/**
 * Draws the inputs of the TPC-C transactions (TPC-C 2.4.1, 2.5.1, 2.6.1, 2.7.1, 2.8.1) and of
 * sysbench-tpcc's purge. Pure: no database, no clock. Like sysbench-tpcc, every input draws its own
 * table set, warehouse and district; there are no terminals bound to a warehouse. The home
 * warehouse comes from {@link WorkloadShape#homeWarehouses()} (one driver's range in a scale-out
 * run), a remote one from every warehouse of the set, as TPC-C 2.4.1.5 and 2.5.1.2 ask.
 *
 * <p>A generator made {@link #forTerminal for a terminal} follows TPC-C's terminals instead
 * (2.4.1.1, 2.5.1.1, 2.6.1.1, 2.7.1.1, 2.8.1.1): every input is on the terminal's home warehouse
 * and table set, Stock-Level examines the terminal's own district, and the other districts are
 * drawn as the clauses say. Only the remote parts the spec allows leave the home warehouse: a
 * New-Order line's supplying warehouse (2.4.1.5) and a Payment's customer (2.5.1.2).
 *
 * <p>By default it follows TPC-C where sysbench-tpcc deviates; with {@link
 * WorkloadShape#sysbenchCompat()} it reproduces sysbench-tpcc's draws. Not reproduced in either
 * mode: sysbench-tpcc re-draws NURand's C on every call; this class uses the run constants of the
 * {@link TpccRandom} it is given (TPC-C 2.1.6, chosen by {@code NuRandConstants.forRun}).
 *
 * <p>One instance per thread, like the random source it wraps.
 */
public final class InputGenerator {
  /** sysbench-tpcc draws H_AMOUNT as a whole number of units, 1..5000. */
  private static final int SYSBENCH_MAX_PAYMENT_UNITS = 5_000;

  private final TpccRandom r;
  private final WorkloadShape shape;
  private final boolean compat;
  private final TerminalHome home; // null: every input draws its own set and warehouse

  /**
   * An input generator over {@code shape}, drawing from {@code r}, which must carry the run's
   * NURand constants.
   */
  public InputGenerator(TpccRandom r, WorkloadShape shape) {
    this(r, shape, null);
  }

  private InputGenerator(TpccRandom r, WorkloadShape shape, TerminalHome home) {
    this.r = Objects.requireNonNull(r, "r");
    this.shape = Objects.requireNonNull(shape, "shape");
    this.compat = shape.sysbenchCompat();
    this.home = home;
  }

  /**
   * An input generator for the terminal at {@code home}, drawing from {@code r} (the terminal's
   * own, with the run's NURand constants).
   *
   * @throws IllegalArgumentException when {@code home} is not in {@code shape}
   */
  public static InputGenerator forTerminal(TpccRandom r, WorkloadShape shape, TerminalHome home) {
    Objects.requireNonNull(home, "home");
    if (home.tableSet() > shape.tableSets() || home.warehouseId() > shape.warehousesPerSet()) {
      throw new IllegalArgumentException("home must be within " + shape + " but was " + home);
    }
    return new InputGenerator(r, shape, home);
  }

  /** The terminal's home, or null for a generator that draws every input's warehouse. */
  public TerminalHome home() {
    return home;
  }

  /** Draws the input of a transaction of {@code type}; one round of purge for {@code PURGE}. */
  public TransactionInput next(TransactionType type) {
    return switch (type) {
      case NEW_ORDER -> newOrder();
      case PAYMENT -> payment();
      case ORDER_STATUS -> orderStatus();
      case DELIVERY -> delivery();
      case STOCK_LEVEL -> stockLevel();
      case PURGE -> purge();
    };
  }

  /** A New-Order input (TPC-C 2.4.1). */
  public NewOrderInput newOrder() {
    int set = tableSet();
    int w = warehouse();
    int d = district();
    int c = r.nuRand(NURAND_A_C_ID, 1, CUSTOMERS_PER_DISTRICT);
    int lines = r.uniform(MIN_ORDER_LINES, MAX_ORDER_LINES);
    boolean rollback = r.uniform(1, 100) <= NEW_ORDER_ROLLBACK_PERCENT;
    // TPC-C 2.4.1.4 puts the unused item on the last line; sysbench-tpcc on the second-to-last.
    int unusedLine = !rollback ? -1 : compat ? lines - 2 : lines - 1;
    int[] items = new int[lines];
    int[] supply = new int[lines];
    int[] quantities = new int[lines];
    boolean allLocal = true;
    for (int i = 0; i < lines; i++) {
      items[i] = i == unusedLine ? UNUSED_ITEM_ID : r.nuRand(NURAND_A_OL_I_ID, 1, ITEMS);
      supply[i] = w;
      if (r.uniform(1, 100) <= REMOTE_ORDER_LINE_PERCENT) {
        // sysbench-tpcc's other_ware() always returns home but still clears all_local; TPC-C
        // 2.4.1.5 picks another warehouse, and only when there is one.
        supply[i] = compat ? w : otherWarehouse(w);
        allLocal &= !compat && supply[i] == w;
      }
      quantities[i] = r.uniform(1, MAX_ORDER_QUANTITY);
    }
    if (!compat) {
      // Lock stock rows in one global order, so that concurrent New-Orders cannot deadlock on
      // them. The unused item id is above every real id, so it stays on the last line.
      sortLines(items, supply, quantities);
    }
    return new NewOrderInput(set, w, d, c, items, supply, quantities, allLocal);
  }

  /** A Payment input (TPC-C 2.5.1). */
  public PaymentInput payment() {
    int set = tableSet();
    int w = warehouse();
    int d = district();
    int c = r.nuRand(NURAND_A_C_ID, 1, CUSTOMERS_PER_DISTRICT);
    // sysbench-tpcc draws whole units; TPC-C 2.5.1.3 asks for 1.00..5,000.00.
    long cents =
        compat
            ? 100L * r.uniform(1, SYSBENCH_MAX_PAYMENT_UNITS)
            : r.uniform(MIN_PAYMENT_CENTS, MAX_PAYMENT_CENTS);
    String last = lastName();
    boolean byName = r.uniform(1, 100) <= BY_NAME_PERCENT;
    int customerWarehouse = w;
    int customerDistrict = d;
    if (r.uniform(1, 100) > 100 - REMOTE_PAYMENT_PERCENT) {
      // sysbench-tpcc: other_ware() returns home, the district is random. TPC-C 2.5.1.2: a random
      // other warehouse and district, and always the home district when there is one warehouse.
      if (compat) {
        customerDistrict = district();
      } else if (shape.warehousesPerSet() > 1) {
        customerWarehouse = otherWarehouse(w);
        customerDistrict = district();
      }
    }
    return new PaymentInput(set, w, d, customerWarehouse, customerDistrict, byName, c, last, cents);
  }

  /** An Order-Status input (TPC-C 2.6.1). */
  public OrderStatusInput orderStatus() {
    int set = tableSet();
    int w = warehouse();
    int d = district();
    int c = r.nuRand(NURAND_A_C_ID, 1, CUSTOMERS_PER_DISTRICT);
    String last = lastName();
    boolean byName = r.uniform(1, 100) <= BY_NAME_PERCENT;
    return new OrderStatusInput(set, w, d, byName, c, last);
  }

  /** A Delivery input (TPC-C 2.7.1). */
  public DeliveryInput delivery() {
    int set = tableSet();
    int w = warehouse();
    return new DeliveryInput(set, w, r.uniform(1, MAX_CARRIER_ID));
  }

  /** A Stock-Level input (TPC-C 2.8.1). */
  public StockLevelInput stockLevel() {
    int set = tableSet();
    int w = warehouse();
    int d = home == null ? district() : home.districtId(); // TPC-C 2.8.1.1: fixed per terminal
    int threshold = r.uniform(MIN_STOCK_LEVEL_THRESHOLD, MAX_STOCK_LEVEL_THRESHOLD);
    return new StockLevelInput(set, w, d, threshold);
  }

  /** One round of sysbench-tpcc's purge. */
  public PurgeInput purge() {
    int set = tableSet();
    int w = warehouse();
    return new PurgeInput(set, w, district());
  }

  private int tableSet() {
    return home != null ? home.tableSet() : r.uniform(1, shape.tableSets());
  }

  private int warehouse() {
    if (home != null) {
      return home.warehouseId();
    }
    WarehouseRange homes = shape.homeWarehouses();
    return r.uniform(homes.first(), homes.last());
  }

  private int district() {
    return r.uniform(1, DISTRICTS_PER_WAREHOUSE);
  }

  private String lastName() {
    return TpccRandom.lastName(r.nuRand(NURAND_A_C_LAST, 0, MAX_LAST_NAME_NUMBER));
  }

  /**
   * A warehouse other than {@code home}, uniformly; {@code home} itself when it is the only one.
   */
  private int otherWarehouse(int home) {
    int scale = shape.warehousesPerSet();
    if (scale == 1) {
      return home;
    }
    int other = r.uniform(1, scale - 1);
    return other >= home ? other + 1 : other;
  }

  /** Insertion sort of the lines by (item, supplying warehouse); at most 15 lines. */
  private static void sortLines(int[] items, int[] supply, int[] quantities) {
    for (int i = 1; i < items.length; i++) {
      int item = items[i];
      int warehouse = supply[i];
      int quantity = quantities[i];
      int j = i - 1;
      while (j >= 0 && (items[j] > item || (items[j] == item && supply[j] > warehouse))) {
        items[j + 1] = items[j];
        supply[j + 1] = supply[j];
        quantities[j + 1] = quantities[j];
        j--;
      }
      items[j + 1] = item;
      supply[j + 1] = warehouse;
      quantities[j + 1] = quantity;
    }
  }
}
