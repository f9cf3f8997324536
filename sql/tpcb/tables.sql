-- pgbench's four tables (pgbench 15 "-I t"), with its exact columns, types and filler widths, so
-- that tables made by `pgbench -i` and by `tpcc tpcb -i` are interchangeable.
--
-- Placeholders, filled by org.tpccpg.core.tpcb.TpcbSchema:
--   ${unlogged}          UNLOGGED for --unlogged-tables, else nothing
--   ${aid_type}          int, or bigint from scale 20000 on (100,000 x scale no longer fits an int)
--   ${history_options}   TABLESPACE "x" or nothing (pgbench gives history no fillfactor)
--   ${table_options}     WITH (fillfactor=N) and TABLESPACE "x" as chosen
--   ${accounts_options}  like ${table_options}, or PARTITION BY RANGE|HASH (aid) [TABLESPACE "x"]
--
-- No primary keys here: they come after the data (primary-keys.sql), as pgbench adds them.
-- One statement per ';' at the end of a line; comment lines start with '--'.

CREATE ${unlogged} TABLE pgbench_history (
  tid int,
  bid int,
  aid ${aid_type},
  delta int,
  mtime timestamp,
  filler char(22)
) ${history_options};

CREATE ${unlogged} TABLE pgbench_tellers (
  tid int NOT NULL,
  bid int,
  tbalance int,
  filler char(84)
) ${table_options};

CREATE ${unlogged} TABLE pgbench_accounts (
  aid ${aid_type} NOT NULL,
  bid int,
  abalance int,
  filler char(84)
) ${accounts_options};

CREATE ${unlogged} TABLE pgbench_branches (
  bid int NOT NULL,
  bbalance int,
  filler char(88)
) ${table_options};
