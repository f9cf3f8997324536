-- pgbench's "-I d": drops the four tables (partitions go with pgbench_accounts).

DROP TABLE IF EXISTS pgbench_accounts, pgbench_branches, pgbench_history, pgbench_tellers;
