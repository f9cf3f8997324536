-- Drops the nine tables of one table set, referencing tables before referenced ones, so that it
-- works with or without foreign keys. Indexes and constraints go with their tables.

DROP TABLE IF EXISTS history${set};
DROP TABLE IF EXISTS new_orders${set};
DROP TABLE IF EXISTS order_line${set};
DROP TABLE IF EXISTS orders${set};
DROP TABLE IF EXISTS customer${set};
DROP TABLE IF EXISTS district${set};
DROP TABLE IF EXISTS stock${set};
DROP TABLE IF EXISTS item${set};
DROP TABLE IF EXISTS warehouse${set};
