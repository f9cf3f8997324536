-- pgbench's "-I G": the initial rows made by the server (generate_series), so that almost no data
-- crosses the network. Runs in one transaction after emptying the tables. Every balance is 0;
-- accounts get an empty filler (blank-padded to 84 characters), branches and tellers none.
--
-- Placeholders, filled by org.tpccpg.core.tpcb.TpcbSchema:
--   ${branches} ${tellers} ${accounts}   row counts: scale, 10 x scale, 100,000 x scale

TRUNCATE TABLE pgbench_accounts, pgbench_branches, pgbench_history, pgbench_tellers;

INSERT INTO pgbench_branches (bid, bbalance)
  SELECT bid, 0 FROM generate_series(1, ${branches}) AS bid;

INSERT INTO pgbench_tellers (tid, bid, tbalance)
  SELECT tid, (tid - 1) / 10 + 1, 0 FROM generate_series(1, ${tellers}) AS tid;

INSERT INTO pgbench_accounts (aid, bid, abalance, filler)
  SELECT aid, (aid - 1) / 100000 + 1, 0, '' FROM generate_series(1, ${accounts}) AS aid;
