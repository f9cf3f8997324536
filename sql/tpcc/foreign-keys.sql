-- The ten foreign keys of one table set (sysbench-tpcc with use_fk=1), named fkey_<table>_<k>_<set>.
-- They need the primary keys of the referenced tables (primary-keys.sql).
-- Adding a foreign key locks both tables in SHARE ROW EXCLUSIVE mode, which conflicts with itself:
-- statements that share a table wait for each other, so run them one after the other.

ALTER TABLE new_orders${set} ADD CONSTRAINT fkey_new_orders_1_${set}
  FOREIGN KEY (no_w_id, no_d_id, no_o_id) REFERENCES orders${set} (o_w_id, o_d_id, o_id);

ALTER TABLE orders${set} ADD CONSTRAINT fkey_orders_1_${set}
  FOREIGN KEY (o_w_id, o_d_id, o_c_id) REFERENCES customer${set} (c_w_id, c_d_id, c_id);

ALTER TABLE customer${set} ADD CONSTRAINT fkey_customer_1_${set}
  FOREIGN KEY (c_w_id, c_d_id) REFERENCES district${set} (d_w_id, d_id);

ALTER TABLE history${set} ADD CONSTRAINT fkey_history_1_${set}
  FOREIGN KEY (h_c_w_id, h_c_d_id, h_c_id) REFERENCES customer${set} (c_w_id, c_d_id, c_id);

ALTER TABLE history${set} ADD CONSTRAINT fkey_history_2_${set}
  FOREIGN KEY (h_w_id, h_d_id) REFERENCES district${set} (d_w_id, d_id);

ALTER TABLE district${set} ADD CONSTRAINT fkey_district_1_${set}
  FOREIGN KEY (d_w_id) REFERENCES warehouse${set} (w_id);

ALTER TABLE order_line${set} ADD CONSTRAINT fkey_order_line_1_${set}
  FOREIGN KEY (ol_w_id, ol_d_id, ol_o_id) REFERENCES orders${set} (o_w_id, o_d_id, o_id);

ALTER TABLE order_line${set} ADD CONSTRAINT fkey_order_line_2_${set}
  FOREIGN KEY (ol_supply_w_id, ol_i_id) REFERENCES stock${set} (s_w_id, s_i_id);

ALTER TABLE stock${set} ADD CONSTRAINT fkey_stock_1_${set}
  FOREIGN KEY (s_w_id) REFERENCES warehouse${set} (w_id);

ALTER TABLE stock${set} ADD CONSTRAINT fkey_stock_2_${set}
  FOREIGN KEY (s_i_id) REFERENCES item${set} (i_id);
