package org.tpccpg.core.tpcc.batched;

import static org.tpccpg.core.spec.TpccConstants.STOCK_REORDER_MARGIN;
import static org.tpccpg.core.spec.TpccConstants.STOCK_RESTOCK;

import java.math.BigDecimal;
import org.tpccpg.core.tpcc.NewOrderInput;

/**
 * The array parameters of New-Order's second statement: one element per STOCK row to update and one
 * per ORDER-LINE row to insert, for the first {@code lines} lines of the order (those before an
 * unused item). Pure: computed from the input and the rows the first statement locked.
 *
 * <p>The statements style updates a stock row once per line, each update seeing the previous one.
 * An order may name the same item from the same warehouse on two lines, and one {@code UPDATE ...
 * FROM unnest(...)} changes a row only once, so the lines of one stock row are folded here into one
 * update, applying TPC-C 2.4.2.2's quantity rule line after line as the statements do.
 */
final class LineWrites {
  final Integer[] stockItems;
  final Integer[] stockWarehouses;
  final Integer[] stockQuantities;
  final Integer[] stockYtd;
  final Integer[] stockOrders;
  final Integer[] stockRemote;
  final Integer[] lineNumbers;
  final Integer[] lineItems;
  final Integer[] lineWarehouses;
  final Integer[] lineQuantities;
  final BigDecimal[] lineAmounts;
  final String[] lineDistInfo;

  /**
   * @param in the order
   * @param lines the lines to write, 0..in.orderLineCount(): those before the first unused item
   * @param priceCents I_PRICE in cents per line
   * @param stockQuantity S_QUANTITY per line as locked, before this order
   * @param distInfo S_DIST_xx of the home district per line
   */
  LineWrites(
      NewOrderInput in, int lines, long[] priceCents, int[] stockQuantity, String[] distInfo) {
    if (lines < 0 || lines > in.orderLineCount()) {
      throw new IllegalArgumentException(
          "lines must be in 0.." + in.orderLineCount() + " but was " + lines);
    }
    lineNumbers = new Integer[lines];
    lineItems = new Integer[lines];
    lineWarehouses = new Integer[lines];
    lineQuantities = new Integer[lines];
    lineAmounts = new BigDecimal[lines];
    lineDistInfo = new String[lines];
    for (int i = 0; i < lines; i++) {
      lineNumbers[i] = i + 1;
      lineItems[i] = in.itemId(i);
      lineWarehouses[i] = in.supplyWarehouseId(i);
      lineQuantities[i] = in.quantity(i);
      // TPC-C 2.4.2.2: OL_AMOUNT = OL_QUANTITY * I_PRICE, exact to the cent.
      lineAmounts[i] = BigDecimal.valueOf(in.quantity(i) * priceCents[i], 2);
      lineDistInfo[i] = distInfo[i];
    }
    int rows = 0;
    for (int i = 0; i < lines; i++) {
      if (firstLineOfStock(in, i) == i) {
        rows++;
      }
    }
    stockItems = new Integer[rows];
    stockWarehouses = new Integer[rows];
    stockQuantities = new Integer[rows];
    stockYtd = new Integer[rows];
    stockOrders = new Integer[rows];
    stockRemote = new Integer[rows];
    fold(in, lines, stockQuantity);
  }

  /** The first line that names the stock row of line {@code i}. */
  private static int firstLineOfStock(NewOrderInput in, int i) {
    int first = 0;
    while (in.itemId(first) != in.itemId(i)
        || in.supplyWarehouseId(first) != in.supplyWarehouseId(i)) {
      first++;
    }
    return first;
  }

  /** Fills the stock arrays, one element per distinct (item, supplying warehouse). */
  private void fold(NewOrderInput in, int lines, int[] stockQuantity) {
    int[] rowOfLine = new int[lines];
    int rows = 0;
    for (int i = 0; i < lines; i++) {
      int first = firstLineOfStock(in, i);
      if (first == i) {
        int row = rows++;
        rowOfLine[i] = row;
        stockItems[row] = in.itemId(i);
        stockWarehouses[row] = in.supplyWarehouseId(i);
        stockQuantities[row] = stockQuantity[i];
        stockYtd[row] = 0;
        stockOrders[row] = 0;
        stockRemote[row] = 0;
      } else {
        rowOfLine[i] = rowOfLine[first];
      }
      int row = rowOfLine[i];
      stockQuantities[row] = newQuantity(stockQuantities[row], in.quantity(i));
      stockYtd[row] += in.quantity(i);
      stockOrders[row] += 1;
      stockRemote[row] += in.supplyWarehouseId(i) == in.warehouseId() ? 0 : 1;
    }
  }

  /**
   * S_QUANTITY after ordering {@code ordered} (TPC-C 2.4.2.2): subtract while {@code stock >=
   * ordered + 10}, otherwise add 91 back.
   */
  static int newQuantity(int stock, int ordered) {
    return stock >= ordered + STOCK_REORDER_MARGIN
        ? stock - ordered
        : stock - ordered + STOCK_RESTOCK;
  }
}
