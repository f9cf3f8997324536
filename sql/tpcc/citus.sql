-- Citus (prepare --distribute=citus): one table set made distributed, right after CREATE TABLE
-- and before any row is loaded, in the order the Citus documentation gives:
--   1. the reference table first (item: read by every shard, written never, copied to every node);
--   2. the table the others are colocated with (warehouse), by its warehouse column;
--   3. every other table by its warehouse column, colocate_with the first, so that the rows of
--      one warehouse lie on one node and the home-warehouse statements of a transaction are
--      routed to a single shard.
-- The warehouse columns are all smallint, as colocation asks. history is distributed by h_w_id,
-- the home warehouse of the payment (h_c_w_id differs for remote payments). Primary keys,
-- indexes and the foreign keys Citus accepts are added after the load, like on PostgreSQL
-- (CitusDistribution.LEFT_OUT names the two foreign keys Citus refuses).
-- Not run against a Citus server here: the statements are checked by CitusDistributionTest.

SELECT create_reference_table('item${set}');

SELECT create_distributed_table('warehouse${set}', 'w_id');

SELECT create_distributed_table('district${set}', 'd_w_id', colocate_with => 'warehouse${set}');

SELECT create_distributed_table('customer${set}', 'c_w_id', colocate_with => 'warehouse${set}');

SELECT create_distributed_table('history${set}', 'h_w_id', colocate_with => 'warehouse${set}');

SELECT create_distributed_table('orders${set}', 'o_w_id', colocate_with => 'warehouse${set}');

SELECT create_distributed_table('new_orders${set}', 'no_w_id', colocate_with => 'warehouse${set}');

SELECT create_distributed_table('order_line${set}', 'ol_w_id', colocate_with => 'warehouse${set}');

SELECT create_distributed_table('stock${set}', 's_w_id', colocate_with => 'warehouse${set}');
