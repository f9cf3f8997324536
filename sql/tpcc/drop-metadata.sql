-- Drops the load record (metadata.sql). tpcc_metadata_set is the per-set table of round-1 loads,
-- which a load record of that age may still have.

DROP TABLE IF EXISTS tpcc_metadata_table;
DROP TABLE IF EXISTS tpcc_metadata_set;
DROP TABLE IF EXISTS tpcc_metadata;
