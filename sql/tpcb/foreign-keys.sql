-- pgbench's foreign keys ("-I f", --foreign-keys), with pgbench's constraint names. They need the
-- primary keys.

ALTER TABLE pgbench_tellers
  ADD CONSTRAINT pgbench_tellers_bid_fkey FOREIGN KEY (bid) REFERENCES pgbench_branches;

ALTER TABLE pgbench_accounts
  ADD CONSTRAINT pgbench_accounts_bid_fkey FOREIGN KEY (bid) REFERENCES pgbench_branches;

ALTER TABLE pgbench_history
  ADD CONSTRAINT pgbench_history_bid_fkey FOREIGN KEY (bid) REFERENCES pgbench_branches;

ALTER TABLE pgbench_history
  ADD CONSTRAINT pgbench_history_tid_fkey FOREIGN KEY (tid) REFERENCES pgbench_tellers;

ALTER TABLE pgbench_history
  ADD CONSTRAINT pgbench_history_aid_fkey FOREIGN KEY (aid) REFERENCES pgbench_accounts;
