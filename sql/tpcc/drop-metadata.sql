-- Drops the load record (metadata.sql).

DROP TABLE IF EXISTS tpcc_metadata_set;
DROP TABLE IF EXISTS tpcc_metadata;
