-- Drops the load record (metadata.sql). tpcc_metadata_set is the per-set table of round-1 loads,
-- which a load record of that age may still have; tpcc_metadata_function lists the functions of
-- procedures.sql, which cleanup drops with their sets before.

DROP TABLE IF EXISTS tpcc_metadata_function;
DROP TABLE IF EXISTS tpcc_metadata_table;
DROP TABLE IF EXISTS tpcc_metadata_set;
DROP TABLE IF EXISTS tpcc_metadata;
