-- Primary keys of one table set (TPC-C 1.3), added by the loader after the data is in.
-- HISTORY has no primary key (TPC-C 1.3: "Primary Key: none").
--
-- ${pk_index_options} is "USING INDEX TABLESPACE name" or nothing (StorageOptions).
-- Each statement touches one table, so the loader may run them in parallel.

ALTER TABLE warehouse${set} ADD CONSTRAINT pk_warehouse${set}
  PRIMARY KEY (w_id) ${pk_index_options};

ALTER TABLE district${set} ADD CONSTRAINT pk_district${set}
  PRIMARY KEY (d_w_id, d_id) ${pk_index_options};

ALTER TABLE customer${set} ADD CONSTRAINT pk_customer${set}
  PRIMARY KEY (c_w_id, c_d_id, c_id) ${pk_index_options};

ALTER TABLE orders${set} ADD CONSTRAINT pk_orders${set}
  PRIMARY KEY (o_w_id, o_d_id, o_id) ${pk_index_options};

ALTER TABLE new_orders${set} ADD CONSTRAINT pk_new_orders${set}
  PRIMARY KEY (no_w_id, no_d_id, no_o_id) ${pk_index_options};

ALTER TABLE order_line${set} ADD CONSTRAINT pk_order_line${set}
  PRIMARY KEY (ol_w_id, ol_d_id, ol_o_id, ol_number) ${pk_index_options};

ALTER TABLE stock${set} ADD CONSTRAINT pk_stock${set}
  PRIMARY KEY (s_w_id, s_i_id) ${pk_index_options};

ALTER TABLE item${set} ADD CONSTRAINT pk_item${set}
  PRIMARY KEY (i_id) ${pk_index_options};
