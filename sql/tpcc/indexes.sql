-- The six secondary indexes sysbench-tpcc creates in every table set, with its names.
-- ${index_options} is a validated storage clause (WITH (...) TABLESPACE ...) or nothing.
-- Each statement is independent of the others.

-- Payment and Order-Status by last name (TPC-C 2.5.2.2, 2.6.2.2).
CREATE INDEX idx_customer${set} ON customer${set} (c_w_id, c_d_id, c_last, c_first) ${index_options};

-- Order-Status: the customer's latest order (TPC-C 2.6.2.2).
CREATE INDEX idx_orders${set} ON orders${set} (o_w_id, o_d_id, o_c_id, o_id) ${index_options};

CREATE INDEX fkey_stock_2${set} ON stock${set} (s_i_id) ${index_options};

CREATE INDEX fkey_order_line_2${set} ON order_line${set} (ol_supply_w_id, ol_i_id) ${index_options};

CREATE INDEX fkey_history_1${set} ON history${set} (h_c_w_id, h_c_d_id, h_c_id) ${index_options};

CREATE INDEX fkey_history_2${set} ON history${set} (h_w_id, h_d_id) ${index_options};
