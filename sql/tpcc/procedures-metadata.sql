-- The functions of --txn-mode=procedures that this tool installed (procedures.sql), by set, name and
-- OID, written in the same transaction as the CREATE FUNCTION: cleanup drops exactly these, so a
-- function of the user's with a similar name (or put in place of one of ours) is never touched.
-- IF NOT EXISTS: install-procedures adds it to a data set prepared before procedures existed.

CREATE TABLE IF NOT EXISTS tpcc_metadata_function (
  set_number int NOT NULL CHECK (set_number >= 1),
  function_name name NOT NULL,
  funcid oid NOT NULL,
  PRIMARY KEY (set_number, function_name)
);

-- The md5 of each function's definition as install-procedures (or prepare) wrote it: a function
-- replaced in place (CREATE OR REPLACE FUNCTION keeps the OID) is then told from ours, named by run
-- and check, and never overwritten or dropped. NULL for a function listed before this column was.
ALTER TABLE tpcc_metadata_function ADD COLUMN IF NOT EXISTS definition_md5 text;
