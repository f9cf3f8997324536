-- One partition of pgbench_accounts (--partitions N), numbered from 1 as pgbench numbers them.
--
-- Placeholders, filled by org.tpccpg.core.tpcb.TpcbSchema:
--   ${unlogged}       UNLOGGED for --unlogged-tables, else nothing
--   ${number}         the partition number, 1..N
--   ${bounds}         FOR VALUES FROM (..) TO (..) for range, FOR VALUES WITH (MODULUS N, REMAINDER r)
--                     for hash
--   ${table_options}  WITH (fillfactor=N) and TABLESPACE "x" as chosen

CREATE ${unlogged} TABLE pgbench_accounts_${number}
  PARTITION OF pgbench_accounts
  ${bounds} ${table_options};
