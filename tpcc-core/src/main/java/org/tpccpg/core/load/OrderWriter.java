package org.tpccpg.core.load;

import static org.tpccpg.core.spec.TpccConstants.FIRST_NEW_ORDER_ID;
import static org.tpccpg.core.spec.TpccConstants.ITEMS;
import static org.tpccpg.core.spec.TpccConstants.MAX_CARRIER_ID;
import static org.tpccpg.core.spec.TpccConstants.MAX_LOAD_ORDER_LINE_AMOUNT_CENTS;
import static org.tpccpg.core.spec.TpccConstants.MAX_ORDER_LINES;
import static org.tpccpg.core.spec.TpccConstants.MIN_ORDER_LINES;
import static org.tpccpg.core.spec.TpccConstants.ORDERS_PER_DISTRICT;
import static org.tpccpg.core.spec.TpccConstants.ORDER_LINE_QUANTITY;

import org.tpccpg.core.random.TpccRandom;

/**
 * Writes one district's ORDER, ORDER-LINE and NEW-ORDER rows (TPC-C 4.3.3.1) for {@link
 * TpccDataGenerator#orders}. Orders below 2101 are delivered: they have a carrier, and their lines
 * a delivery date and amount 0.00. Orders 2101..3000 are not: no carrier, no delivery date, a
 * random amount, and a NEW-ORDER row.
 */
final class OrderWriter {
  private final TpccRandom random;
  private final RandomFields fields;
  private final byte[] loadTimestamp;

  OrderWriter(TpccRandom random, RandomFields fields, byte[] loadTimestamp) {
    this.random = random;
    this.fields = fields;
    this.loadTimestamp = loadTimestamp;
  }

  /** Writes the district's rows and returns the number of ORDER-LINE rows. */
  int write(
      int w, int d, CopyTextBuffer orders, CopyTextBuffer orderLines, CopyTextBuffer newOrders) {
    int[] customerIds = random.permutation(ORDERS_PER_DISTRICT);
    int lines = 0;
    for (int o = 1; o <= ORDERS_PER_DISTRICT; o++) {
      boolean delivered = o < FIRST_NEW_ORDER_ID;
      int lineCount = random.uniform(MIN_ORDER_LINES, MAX_ORDER_LINES);
      order(w, d, o, customerIds[o - 1], delivered, lineCount, orders);
      for (int number = 1; number <= lineCount; number++) {
        orderLine(w, d, o, number, delivered, orderLines);
      }
      if (!delivered) {
        newOrders.field(o).field(d).field(w).endRow();
      }
      lines += lineCount;
    }
    return lines;
  }

  private void order(
      int w, int d, int o, int c, boolean delivered, int lineCount, CopyTextBuffer buf) {
    buf.field(o).field(d).field(w).field(c).field(loadTimestamp, 0, loadTimestamp.length);
    if (delivered) {
      buf.field(random.uniform(1, MAX_CARRIER_ID));
    } else {
      buf.nullField();
    }
    buf.field(lineCount).field(1).endRow(); // O_ALL_LOCAL = 1
  }

  private void orderLine(int w, int d, int o, int number, boolean delivered, CopyTextBuffer buf) {
    buf.field(o).field(d).field(w).field(number).field(random.uniform(1, ITEMS)).field(w);
    if (delivered) {
      buf.field(loadTimestamp, 0, loadTimestamp.length);
    } else {
      buf.nullField();
    }
    buf.field(ORDER_LINE_QUANTITY);
    buf.cents(delivered ? 0 : random.uniform(1, MAX_LOAD_ORDER_LINE_AMOUNT_CENTS));
    fields.aString(buf, 24, 24);
    buf.endRow();
  }
}
