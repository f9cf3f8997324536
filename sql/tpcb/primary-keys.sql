-- pgbench's primary keys ("-I p"), added after the data.
--
-- Placeholders, filled by org.tpccpg.core.tpcb.TpcbSchema:
--   ${index_options}  USING INDEX TABLESPACE "x" for --index-tablespace, else nothing

ALTER TABLE pgbench_branches ADD PRIMARY KEY (bid) ${index_options};

ALTER TABLE pgbench_tellers ADD PRIMARY KEY (tid) ${index_options};

ALTER TABLE pgbench_accounts ADD PRIMARY KEY (aid) ${index_options};
