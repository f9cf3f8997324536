-- The five TPC-C transactions of one table set as PL/pgSQL functions, for --txn-mode=procedures:
-- one round trip per transaction. Each function runs the statements of the statements mode
-- (tpcc-core's StatementTransactions, TPC-C 2.4 to 2.8 as that mode follows them outside
-- sysbench compatibility) in the same order, so the same input reads, locks and writes the same
-- rows. None commits or rolls back: the driver does, and rolls a New-Order back when the function
-- reports its unused item (TPC-C 2.4.2.3).
--
-- A row every loaded data set has but the database lacks raises SQLSTATE 02000 with the message the
-- statements mode gives, so errors classify the same.
--
-- Placeholders, filled by org.tpccpg.core.tpcc.procedures.ProcedureInstaller:
--   ${set}  the table-set number, appended to every table and function name
--
-- One statement per function, ending with "$$;" (the splitter ignores ';' inside $$ quotes); the
-- functions come in the order of org.tpccpg.core.tpcc.procedures.TpccProcedure. Parameters start
-- with p_ and variables with v_, so that no name clashes with a column.

-- New-Order (TPC-C 2.4.2). Returns the order id and the 1-based line of the unused item, 0 if none.
CREATE FUNCTION tpcc_new_order${set}(
    p_w_id int, p_d_id int, p_c_id int, p_all_local int,
    p_item_ids int[], p_supply_w_ids int[], p_quantities int[])
  RETURNS TABLE (order_id int, invalid_line int)
  LANGUAGE plpgsql AS $$
DECLARE
  v_lines int := cardinality(p_item_ids);
  v_o_id int;
  v_price numeric;
  v_quantity int;
  v_dist_info text;
BEGIN
  PERFORM c_discount, c_last, c_credit, w_tax
     FROM customer${set}, warehouse${set}
    WHERE w_id = p_w_id AND c_w_id = w_id AND c_d_id = p_d_id AND c_id = p_c_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = '02000', MESSAGE = format(
      'no customer${set} row for w_id %s, d_id %s, c_id %s: the data set is incomplete; load it again',
      p_w_id, p_d_id, p_c_id);
  END IF;
  SELECT d_next_o_id INTO v_o_id FROM district${set}
   WHERE d_w_id = p_w_id AND d_id = p_d_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = '02000', MESSAGE = format(
      'no district${set} row for w_id %s, d_id %s: the data set is incomplete; load it again',
      p_w_id, p_d_id);
  END IF;
  UPDATE district${set} SET d_next_o_id = v_o_id + 1 WHERE d_id = p_d_id AND d_w_id = p_w_id;
  INSERT INTO orders${set} (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_ol_cnt, o_all_local)
  VALUES (v_o_id, p_d_id, p_w_id, p_c_id, now(), v_lines, p_all_local);
  INSERT INTO new_orders${set} (no_o_id, no_d_id, no_w_id) VALUES (v_o_id, p_d_id, p_w_id);
  FOR v_line IN 1..v_lines LOOP
    SELECT i_price INTO v_price FROM item${set} WHERE i_id = p_item_ids[v_line];
    IF NOT FOUND THEN
      order_id := v_o_id;
      invalid_line := v_line;
      RETURN NEXT;
      RETURN;
    END IF;
    SELECT s_quantity,
           CASE p_d_id WHEN 1 THEN s_dist_01 WHEN 2 THEN s_dist_02 WHEN 3 THEN s_dist_03
                       WHEN 4 THEN s_dist_04 WHEN 5 THEN s_dist_05 WHEN 6 THEN s_dist_06
                       WHEN 7 THEN s_dist_07 WHEN 8 THEN s_dist_08 WHEN 9 THEN s_dist_09
                       ELSE s_dist_10 END
      INTO v_quantity, v_dist_info
      FROM stock${set}
     WHERE s_i_id = p_item_ids[v_line] AND s_w_id = p_supply_w_ids[v_line] FOR UPDATE;
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = '02000', MESSAGE = format(
        'no stock${set} row for s_i_id %s, s_w_id %s: the data set is incomplete; load it again',
        p_item_ids[v_line], p_supply_w_ids[v_line]);
    END IF;
    -- TPC-C 2.4.2.2: subtract while 10 or more remain, otherwise add 91 back.
    UPDATE stock${set}
       SET s_quantity = CASE WHEN v_quantity >= p_quantities[v_line] + 10
                             THEN v_quantity - p_quantities[v_line]
                             ELSE v_quantity - p_quantities[v_line] + 91 END,
           s_ytd = s_ytd + p_quantities[v_line], s_order_cnt = s_order_cnt + 1,
           s_remote_cnt = s_remote_cnt
                          + CASE WHEN p_supply_w_ids[v_line] = p_w_id THEN 0 ELSE 1 END
     WHERE s_i_id = p_item_ids[v_line] AND s_w_id = p_supply_w_ids[v_line];
    INSERT INTO order_line${set} (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id,
                                  ol_quantity, ol_amount, ol_dist_info)
    VALUES (v_o_id, p_d_id, p_w_id, v_line, p_item_ids[v_line], p_supply_w_ids[v_line],
            p_quantities[v_line], p_quantities[v_line] * v_price, v_dist_info);
  END LOOP;
  order_id := v_o_id;
  invalid_line := 0;
  RETURN NEXT;
END
$$;

-- Payment (TPC-C 2.5.2). p_c_id is ignored when p_by_name; the customer is then the one at row
-- ceil(n / 2) of the n with that last name ordered by c_first, read with the statements mode's query
-- so that ties fall the same way. Returns the customer's id and whether C_CREDIT is "BC".
CREATE FUNCTION tpcc_payment${set}(
    p_w_id int, p_d_id int, p_c_w_id int, p_c_d_id int, p_by_name boolean, p_c_id int,
    p_c_last text, p_amount numeric)
  RETURNS TABLE (customer_id int, bad_credit boolean)
  LANGUAGE plpgsql AS $$
DECLARE
  v_w_name text;
  v_d_name text;
  v_count int;
  v_wanted int;
  v_row int := 0;
  v_candidate int;
  v_credit text;
  v_data text;
  v_epoch bigint;
BEGIN
  UPDATE warehouse${set} SET w_ytd = w_ytd + p_amount WHERE w_id = p_w_id;
  -- The statements mode reads the address too, for the terminal; only the name is used.
  SELECT w_name INTO v_w_name FROM warehouse${set} WHERE w_id = p_w_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = '02000', MESSAGE = format(
      'no warehouse${set} row for w_id %s: the data set is incomplete; load it again', p_w_id);
  END IF;
  UPDATE district${set} SET d_ytd = d_ytd + p_amount WHERE d_w_id = p_w_id AND d_id = p_d_id;
  SELECT d_name INTO v_d_name FROM district${set} WHERE d_w_id = p_w_id AND d_id = p_d_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = '02000', MESSAGE = format(
      'no district${set} row for w_id %s, d_id %s: the data set is incomplete; load it again',
      p_w_id, p_d_id);
  END IF;
  customer_id := CASE WHEN p_by_name THEN 0 ELSE p_c_id END;
  IF p_by_name THEN
    SELECT count(c_id) INTO v_count FROM customer${set}
     WHERE c_w_id = p_c_w_id AND c_d_id = p_c_d_id AND c_last = p_c_last;
    v_wanted := (v_count + 1) / 2;
    FOR v_candidate IN
      SELECT c_id FROM customer${set}
       WHERE c_w_id = p_c_w_id AND c_d_id = p_c_d_id AND c_last = p_c_last ORDER BY c_first
    LOOP
      EXIT WHEN v_row = v_wanted;
      v_row := v_row + 1;
      customer_id := v_candidate;
    END LOOP;
    IF customer_id = 0 THEN
      RAISE EXCEPTION USING ERRCODE = '02000', MESSAGE = format(
        'no customer${set} row for c_w_id %s, c_d_id %s, c_last %s: the data set is incomplete;'
        ' load it again', p_c_w_id, p_c_d_id, p_c_last);
    END IF;
  END IF;
  SELECT c_credit INTO v_credit FROM customer${set}
   WHERE c_w_id = p_c_w_id AND c_d_id = p_c_d_id AND c_id = customer_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = '02000', MESSAGE = format(
      'no customer${set} row for c_w_id %s, c_d_id %s, c_id %s: the data set is incomplete;'
      ' load it again', p_c_w_id, p_c_d_id, customer_id);
  END IF;
  bad_credit := v_credit = 'BC';
  IF bad_credit THEN
    SELECT c_data, floor(extract(epoch FROM now()))::bigint INTO v_data, v_epoch
      FROM customer${set} WHERE c_w_id = p_c_w_id AND c_d_id = p_c_d_id AND c_id = customer_id;
    -- sysbench-tpcc's "| %4d %2d %4d %2d %4d $%7.2f %12s %24s", cut to 500 (TPC-C 2.5.2.2).
    v_data := left(format('| %4s %2s %4s %2s %4s $%7s %12s %24s', customer_id, p_c_d_id, p_c_w_id,
                          p_d_id, p_w_id, round(p_amount, 2), v_epoch, coalesce(v_data, '')),
                   500);
    UPDATE customer${set}
       SET c_balance = c_balance - p_amount, c_ytd_payment = c_ytd_payment + p_amount,
           c_payment_cnt = c_payment_cnt + 1, c_data = v_data
     WHERE c_w_id = p_c_w_id AND c_d_id = p_c_d_id AND c_id = customer_id;
  ELSE
    UPDATE customer${set}
       SET c_balance = c_balance - p_amount, c_ytd_payment = c_ytd_payment + p_amount,
           c_payment_cnt = c_payment_cnt + 1
     WHERE c_w_id = p_c_w_id AND c_d_id = p_c_d_id AND c_id = customer_id;
  END IF;
  INSERT INTO history${set} (h_c_d_id, h_c_w_id, h_c_id, h_d_id, h_w_id, h_date, h_amount, h_data)
  VALUES (p_c_d_id, p_c_w_id, customer_id, p_d_id, p_w_id, now(), p_amount,
          format('%10s %10s   ', v_w_name, v_d_name));
  RETURN NEXT;
END
$$;

-- Order-Status (TPC-C 2.6.2), read-only. Returns the customer's id, the latest order's id (0 when
-- the customer has none) and its line count.
CREATE FUNCTION tpcc_order_status${set}(
    p_w_id int, p_d_id int, p_by_name boolean, p_c_id int, p_c_last text)
  RETURNS TABLE (customer_id int, order_id int, line_count int)
  LANGUAGE plpgsql AS $$
DECLARE
  v_count int;
  v_wanted int;
  v_row int := 0;
  v_candidate int;
BEGIN
  customer_id := 0;
  IF p_by_name THEN
    SELECT count(c_id) INTO v_count FROM customer${set}
     WHERE c_w_id = p_w_id AND c_d_id = p_d_id AND c_last = p_c_last;
    v_wanted := (v_count + 1) / 2;
    FOR v_candidate IN
      SELECT c_id FROM customer${set}
       WHERE c_w_id = p_w_id AND c_d_id = p_d_id AND c_last = p_c_last ORDER BY c_first
    LOOP
      EXIT WHEN v_row = v_wanted;
      v_row := v_row + 1;
      customer_id := v_candidate;
    END LOOP;
    IF customer_id = 0 THEN
      RAISE EXCEPTION USING ERRCODE = '02000', MESSAGE = format(
        'no customer${set} row for c_w_id %s, c_d_id %s, c_last %s: the data set is incomplete;'
        ' load it again', p_w_id, p_d_id, p_c_last);
    END IF;
  ELSE
    PERFORM c_balance, c_first, c_middle, c_last FROM customer${set}
      WHERE c_w_id = p_w_id AND c_d_id = p_d_id AND c_id = p_c_id;
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = '02000', MESSAGE = format(
        'no customer${set} row for c_w_id %s, c_d_id %s, c_id %s: the data set is incomplete;'
        ' load it again', p_w_id, p_d_id, p_c_id);
    END IF;
    customer_id := p_c_id;
  END IF;
  SELECT o_id INTO order_id FROM orders${set}
   WHERE o_w_id = p_w_id AND o_d_id = p_d_id AND o_c_id = customer_id ORDER BY o_id DESC LIMIT 1;
  order_id := coalesce(order_id, 0);
  line_count := 0;
  IF order_id <> 0 THEN
    SELECT count(*) INTO line_count
      FROM (SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d
              FROM order_line${set}
             WHERE ol_w_id = p_w_id AND ol_d_id = p_d_id AND ol_o_id = order_id) AS line;
  END IF;
  RETURN NEXT;
END
$$;

-- Delivery (TPC-C 2.7.4), all ten districts. A district without a new order is skipped, as is one
-- whose order is gone (its NEW-ORDER row is deleted all the same). Returns the districts delivered.
CREATE FUNCTION tpcc_delivery${set}(p_w_id int, p_carrier_id int)
  RETURNS int
  LANGUAGE plpgsql AS $$
DECLARE
  v_delivered int := 0;
  v_o_id int;
  v_c_id int;
  v_total numeric;
BEGIN
  FOR v_d_id IN 1..10 LOOP
    SELECT no_o_id INTO v_o_id FROM new_orders${set}
     WHERE no_d_id = v_d_id AND no_w_id = p_w_id ORDER BY no_o_id ASC LIMIT 1 FOR UPDATE;
    CONTINUE WHEN NOT FOUND;
    DELETE FROM new_orders${set} WHERE no_o_id = v_o_id AND no_d_id = v_d_id AND no_w_id = p_w_id;
    CONTINUE WHEN NOT FOUND;
    SELECT o_c_id INTO v_c_id FROM orders${set}
     WHERE o_id = v_o_id AND o_d_id = v_d_id AND o_w_id = p_w_id;
    CONTINUE WHEN v_c_id IS NULL;
    UPDATE orders${set} SET o_carrier_id = p_carrier_id
     WHERE o_id = v_o_id AND o_d_id = v_d_id AND o_w_id = p_w_id;
    UPDATE order_line${set} SET ol_delivery_d = now()
     WHERE ol_o_id = v_o_id AND ol_d_id = v_d_id AND ol_w_id = p_w_id;
    SELECT sum(ol_amount) INTO v_total FROM order_line${set}
     WHERE ol_o_id = v_o_id AND ol_d_id = v_d_id AND ol_w_id = p_w_id;
    UPDATE customer${set}
       SET c_balance = c_balance + coalesce(v_total, 0), c_delivery_cnt = c_delivery_cnt + 1
     WHERE c_id = v_c_id AND c_d_id = v_d_id AND c_w_id = p_w_id;
    v_delivered := v_delivered + 1;
  END LOOP;
  RETURN v_delivered;
END
$$;

-- Stock-Level (TPC-C 2.8.2), read-only. Returns the distinct items of the district's last 20 orders
-- whose stock is below p_threshold.
CREATE FUNCTION tpcc_stock_level${set}(p_w_id int, p_d_id int, p_threshold int)
  RETURNS int
  LANGUAGE plpgsql AS $$
DECLARE
  v_next int;
  v_low int;
BEGIN
  SELECT d_next_o_id INTO v_next FROM district${set} WHERE d_id = p_d_id AND d_w_id = p_w_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = '02000', MESSAGE = format(
      'no district${set} row for w_id %s, d_id %s: the data set is incomplete; load it again',
      p_w_id, p_d_id);
  END IF;
  SELECT count(DISTINCT s_i_id) INTO v_low FROM order_line${set}, stock${set}
   WHERE ol_w_id = p_w_id AND ol_d_id = p_d_id AND ol_o_id < v_next AND ol_o_id >= v_next - 20
     AND s_w_id = p_w_id AND s_i_id = ol_i_id AND s_quantity < p_threshold;
  RETURN v_low;
END
$$;
