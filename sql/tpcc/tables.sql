-- The nine TPC-C tables (TPC-C 1.3) of one table set, with sysbench-tpcc's names and columns.
--
-- Placeholders, filled by org.tpccpg.core.schema.TpccSchema:
--   ${set}            the table-set number, appended to every name (warehouse1, customer2, ...)
--   ${table_options}  a validated storage clause (WITH (...) TABLESPACE ...) or nothing
--
-- Differences from sysbench-tpcc:
--   * Money and rate columns are numeric, never float8 (TPC-C 1.3.1 asks for exact signed numbers).
--   * No primary keys here: the loader adds them after the data (primary-keys.sql), as pgbench does.
--   * c_payment_cnt, c_delivery_cnt, s_order_cnt and s_remote_cnt are int instead of smallint, and
--     s_ytd is numeric(12,0) instead of numeric(8,0): these counters only grow, and a week-long run
--     on a few warehouses can push a hot row past 32767 (smallint) or 99,999,999 (numeric(8,0)).
--   * w_ytd, d_ytd, c_balance and c_ytd_payment are numeric(18,2), not TPC-C 1.3.1's signed 12
--     digits (sysbench's numeric(12,2)): a week on one warehouse at 20,000 transactions/s sums up to
--     2.6e13 into w_ytd and up to 1.5e11 into the hottest customer's c_balance, past 10^10. The
--     computation per column is in docs/tpcc.md, "Column widths for week-long runs".
--   * CREATE TABLE without IF NOT EXISTS: a leftover table must stop a load, not receive more rows.
--
-- One statement per ';' at the end of a line; comment lines start with '--'.

CREATE TABLE warehouse${set} (
  w_id smallint NOT NULL,
  w_name varchar(10),
  w_street_1 varchar(20),
  w_street_2 varchar(20),
  w_city varchar(20),
  w_state char(2),
  w_zip char(9),
  w_tax numeric(4,2),
  w_ytd numeric(18,2)
) ${table_options};

CREATE TABLE district${set} (
  d_id smallint NOT NULL,
  d_w_id smallint NOT NULL,
  d_name varchar(10),
  d_street_1 varchar(20),
  d_street_2 varchar(20),
  d_city varchar(20),
  d_state char(2),
  d_zip char(9),
  d_tax numeric(4,2),
  d_ytd numeric(18,2),
  d_next_o_id int
) ${table_options};

CREATE TABLE customer${set} (
  c_id int NOT NULL,
  c_d_id smallint NOT NULL,
  c_w_id smallint NOT NULL,
  c_first varchar(16),
  c_middle char(2),
  c_last varchar(16),
  c_street_1 varchar(20),
  c_street_2 varchar(20),
  c_city varchar(20),
  c_state char(2),
  c_zip char(9),
  c_phone char(16),
  c_since timestamp,
  c_credit char(2),
  c_credit_lim bigint,
  c_discount numeric(4,2),
  c_balance numeric(18,2),
  c_ytd_payment numeric(18,2),
  -- int, not sysbench's smallint: grows by one per Payment / Delivery of this customer.
  c_payment_cnt int,
  c_delivery_cnt int,
  c_data text
) ${table_options};

CREATE TABLE history${set} (
  h_c_id int,
  h_c_d_id smallint,
  h_c_w_id smallint,
  h_d_id smallint,
  h_w_id smallint,
  h_date timestamp,
  h_amount numeric(6,2),
  h_data varchar(24)
) ${table_options};

CREATE TABLE orders${set} (
  o_id int NOT NULL,
  o_d_id smallint NOT NULL,
  o_w_id smallint NOT NULL,
  o_c_id int,
  o_entry_d timestamp,
  o_carrier_id smallint,
  o_ol_cnt smallint,
  o_all_local smallint
) ${table_options};

CREATE TABLE new_orders${set} (
  no_o_id int NOT NULL,
  no_d_id smallint NOT NULL,
  no_w_id smallint NOT NULL
) ${table_options};

CREATE TABLE order_line${set} (
  ol_o_id int NOT NULL,
  ol_d_id smallint NOT NULL,
  ol_w_id smallint NOT NULL,
  ol_number smallint NOT NULL,
  ol_i_id int,
  ol_supply_w_id smallint,
  ol_delivery_d timestamp,
  ol_quantity smallint,
  ol_amount numeric(6,2),
  ol_dist_info char(24)
) ${table_options};

CREATE TABLE stock${set} (
  s_i_id int NOT NULL,
  s_w_id smallint NOT NULL,
  s_quantity smallint,
  s_dist_01 char(24),
  s_dist_02 char(24),
  s_dist_03 char(24),
  s_dist_04 char(24),
  s_dist_05 char(24),
  s_dist_06 char(24),
  s_dist_07 char(24),
  s_dist_08 char(24),
  s_dist_09 char(24),
  s_dist_10 char(24),
  -- numeric(12,0), not sysbench's numeric(8,0): the sum of ordered quantities of a hot item.
  s_ytd numeric(12,0),
  -- int, not sysbench's smallint: grow by one per order line of this item.
  s_order_cnt int,
  s_remote_cnt int,
  s_data varchar(50)
) ${table_options};

CREATE TABLE item${set} (
  i_id int NOT NULL,
  i_im_id int,
  i_name varchar(24),
  i_price numeric(5,2),
  i_data varchar(50)
) ${table_options};
