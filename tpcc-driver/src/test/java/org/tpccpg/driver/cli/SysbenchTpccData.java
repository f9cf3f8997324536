package org.tpccpg.driver.cli;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.tpccpg.testkit.SharedDataSet;

/**
 * Builds a data set as sysbench-tpcc's {@code prepare} leaves it on PostgreSQL, written from the
 * fact sheet (/work/shared/spec/sysbench-tpcc.md §2 and §3; sysbench's code is not ours to ship):
 * its DDL (inline primary keys, no history key, decimal columns, CREATE TABLE IF NOT EXISTS), its
 * six secondary indexes and, with {@code use_fk}, its ten foreign keys, all created before the data
 * as sysbench does; and its rows at full cardinality, with its value rules (d_next_o_id 3001, w_ytd
 * 300000, c_balance -10, h_amount 10, carrier and delivery date for orders below 2101, one o_c_id
 * permutation per warehouse shared by its districts, c_last from NURand with a new C per call). No
 * {@code tpcc_metadata}: that is the point.
 */
final class SysbenchTpccData {
  private SysbenchTpccData() {}

  private static final String TABLES =
      """
      CREATE TABLE IF NOT EXISTS warehouse${n} (
        w_id smallint not null, w_name varchar(10), w_street_1 varchar(20),
        w_street_2 varchar(20), w_city varchar(20), w_state char(2), w_zip char(9),
        w_tax decimal(4,2), w_ytd decimal(12,2), primary key (w_id));
      CREATE TABLE IF NOT EXISTS district${n} (
        d_id smallint not null, d_w_id smallint not null, d_name varchar(10),
        d_street_1 varchar(20), d_street_2 varchar(20), d_city varchar(20), d_state char(2),
        d_zip char(9), d_tax decimal(4,2), d_ytd decimal(12,2), d_next_o_id int,
        primary key (d_w_id, d_id));
      CREATE TABLE IF NOT EXISTS customer${n} (
        c_id int not null, c_d_id smallint not null, c_w_id smallint not null,
        c_first varchar(16), c_middle char(2), c_last varchar(16), c_street_1 varchar(20),
        c_street_2 varchar(20), c_city varchar(20), c_state char(2), c_zip char(9),
        c_phone char(16), c_since timestamp, c_credit char(2), c_credit_lim bigint,
        c_discount decimal(4,2), c_balance decimal(12,2), c_ytd_payment decimal(12,2),
        c_payment_cnt smallint, c_delivery_cnt smallint, c_data text,
        PRIMARY KEY (c_w_id, c_d_id, c_id));
      CREATE TABLE IF NOT EXISTS history${n} (
        h_c_id int, h_c_d_id smallint, h_c_w_id smallint, h_d_id smallint, h_w_id smallint,
        h_date timestamp, h_amount decimal(6,2), h_data varchar(24));
      CREATE TABLE IF NOT EXISTS orders${n} (
        o_id int not null, o_d_id smallint not null, o_w_id smallint not null, o_c_id int,
        o_entry_d timestamp, o_carrier_id smallint, o_ol_cnt smallint, o_all_local smallint,
        PRIMARY KEY (o_w_id, o_d_id, o_id));
      CREATE TABLE IF NOT EXISTS new_orders${n} (
        no_o_id int not null, no_d_id smallint not null, no_w_id smallint not null,
        PRIMARY KEY (no_w_id, no_d_id, no_o_id));
      CREATE TABLE IF NOT EXISTS order_line${n} (
        ol_o_id int not null, ol_d_id smallint not null, ol_w_id smallint not null,
        ol_number smallint not null, ol_i_id int, ol_supply_w_id smallint,
        ol_delivery_d timestamp, ol_quantity smallint, ol_amount decimal(6,2),
        ol_dist_info char(24), PRIMARY KEY (ol_w_id, ol_d_id, ol_o_id, ol_number));
      CREATE TABLE IF NOT EXISTS stock${n} (
        s_i_id int not null, s_w_id smallint not null, s_quantity smallint,
        s_dist_01 char(24), s_dist_02 char(24), s_dist_03 char(24), s_dist_04 char(24),
        s_dist_05 char(24), s_dist_06 char(24), s_dist_07 char(24), s_dist_08 char(24),
        s_dist_09 char(24), s_dist_10 char(24), s_ytd decimal(8,0), s_order_cnt smallint,
        s_remote_cnt smallint, s_data varchar(50), PRIMARY KEY (s_w_id, s_i_id));
      CREATE TABLE IF NOT EXISTS item${n} (
        i_id int not null, i_im_id int, i_name varchar(24), i_price decimal(5,2),
        i_data varchar(50), PRIMARY KEY (i_id));
      """;

  /** sysbench loads item right after creating the tables, before the indexes. */
  private static final String ITEMS =
      """
      INSERT INTO item${n} (i_id, i_im_id, i_name, i_price, i_data)
      SELECT j, im, left(name, 24), price, left('data-' || name || '-' || pg_temp.letters(5), 50)
        FROM (SELECT j, im, price,
                     'item-' || im || '-' || to_char(price, 'FM990.000000') || '-'
                       || pg_temp.letters(5) AS name
                FROM (SELECT j, 1 + floor(random() * 10000)::int AS im,
                             (random() * 100 + 1)::numeric(9, 6) AS price
                        FROM generate_series(1, 100000) j) r) named;
      """;

  private static final String INDEXES =
      """
      CREATE INDEX idx_customer${n} ON customer${n} (c_w_id, c_d_id, c_last, c_first);
      CREATE INDEX idx_orders${n} ON orders${n} (o_w_id, o_d_id, o_c_id, o_id);
      CREATE INDEX fkey_stock_2${n} ON stock${n} (s_i_id);
      CREATE INDEX fkey_order_line_2${n} ON order_line${n} (ol_supply_w_id, ol_i_id);
      CREATE INDEX fkey_history_1${n} ON history${n} (h_c_w_id, h_c_d_id, h_c_id);
      CREATE INDEX fkey_history_2${n} ON history${n} (h_w_id, h_d_id);
      """;

  private static final String FOREIGN_KEYS =
      """
      ALTER TABLE new_orders${n} ADD CONSTRAINT fkey_new_orders_1_${n}
        FOREIGN KEY (no_w_id, no_d_id, no_o_id) REFERENCES orders${n} (o_w_id, o_d_id, o_id);
      ALTER TABLE orders${n} ADD CONSTRAINT fkey_orders_1_${n}
        FOREIGN KEY (o_w_id, o_d_id, o_c_id) REFERENCES customer${n} (c_w_id, c_d_id, c_id);
      ALTER TABLE customer${n} ADD CONSTRAINT fkey_customer_1_${n}
        FOREIGN KEY (c_w_id, c_d_id) REFERENCES district${n} (d_w_id, d_id);
      ALTER TABLE history${n} ADD CONSTRAINT fkey_history_1_${n}
        FOREIGN KEY (h_c_w_id, h_c_d_id, h_c_id) REFERENCES customer${n} (c_w_id, c_d_id, c_id);
      ALTER TABLE history${n} ADD CONSTRAINT fkey_history_2_${n}
        FOREIGN KEY (h_w_id, h_d_id) REFERENCES district${n} (d_w_id, d_id);
      ALTER TABLE district${n} ADD CONSTRAINT fkey_district_1_${n}
        FOREIGN KEY (d_w_id) REFERENCES warehouse${n} (w_id);
      ALTER TABLE order_line${n} ADD CONSTRAINT fkey_order_line_1_${n}
        FOREIGN KEY (ol_w_id, ol_d_id, ol_o_id) REFERENCES orders${n} (o_w_id, o_d_id, o_id);
      ALTER TABLE order_line${n} ADD CONSTRAINT fkey_order_line_2_${n}
        FOREIGN KEY (ol_supply_w_id, ol_i_id) REFERENCES stock${n} (s_w_id, s_i_id);
      ALTER TABLE stock${n} ADD CONSTRAINT fkey_stock_1_${n}
        FOREIGN KEY (s_w_id) REFERENCES warehouse${n} (w_id);
      ALTER TABLE stock${n} ADD CONSTRAINT fkey_stock_2_${n}
        FOREIGN KEY (s_i_id) REFERENCES item${n} (i_id);
      """;

  /**
   * One warehouse ${w} of set ${n}, in sysbench's load order. The ANALYZEs are the test's own (as
   * autovacuum would, sooner): without statistics, the foreign-key checks of the next inserts scan
   * the referenced tables and the load takes minutes.
   */
  private static final String WAREHOUSE =
      """
      INSERT INTO warehouse${n} (w_id, w_name, w_street_1, w_street_2, w_city, w_state, w_zip,
                                 w_tax, w_ytd)
      VALUES (${w}, 'name-' || pg_temp.letters(5), 'street1-' || pg_temp.letters(10),
              'street2-' || pg_temp.letters(10), 'city-' || pg_temp.letters(10),
              pg_temp.letters(2), 'zip-' || pg_temp.digits(5), random() * 0.2, 300000);
      INSERT INTO district${n} (d_id, d_w_id, d_name, d_street_1, d_street_2, d_city, d_state,
                                d_zip, d_tax, d_ytd, d_next_o_id)
      SELECT d, ${w}, 'name-' || pg_temp.letters(5), 'street1-' || pg_temp.letters(10),
             'street2-' || pg_temp.letters(10), 'city-' || pg_temp.letters(10),
             pg_temp.letters(2), 'zip-' || pg_temp.digits(5), random() * 0.2, 30000, 3001
        FROM generate_series(1, 10) d;
      INSERT INTO customer${n} (c_id, c_d_id, c_w_id, c_first, c_middle, c_last, c_street_1,
                                c_street_2, c_city, c_state, c_zip, c_phone, c_since, c_credit,
                                c_credit_lim, c_discount, c_balance, c_ytd_payment, c_payment_cnt,
                                c_delivery_cnt, c_data)
      SELECT c, d, ${w}, 'first-' || pg_temp.letters(2 + floor(random() * 9)::int), 'OE',
             pg_temp.lastname(CASE WHEN c <= 1000 THEN c - 1
                                   ELSE (((floor(random() * 256)::int
                                           | floor(random() * 1000)::int)
                                          + floor(random() * 256)::int) % 1000) END),
             'street1-' || pg_temp.letters(10), 'street2-' || pg_temp.letters(10),
             'city-' || pg_temp.letters(10), pg_temp.letters(2), 'zip-' || pg_temp.digits(5),
             pg_temp.digits(16), now(),
             CASE WHEN 1 + floor(random() * 100) > 10 THEN 'GC' ELSE 'BC' END,
             50000, random() * 0.5, -10, 10, 1, 0,
             repeat(pg_temp.letters(1), 300 + floor(random() * 201)::int)
        FROM generate_series(1, 10) d, generate_series(1, 3000) c;
      ANALYZE district${n}, customer${n};
      INSERT INTO history${n} (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount,
                               h_data)
      SELECT c, d, ${w}, d, ${w}, now(), 10,
             repeat(pg_temp.letters(1), 12 + floor(random() * 13)::int)
        FROM generate_series(1, 10) d, generate_series(1, 3000) c;
      INSERT INTO orders${n} (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id, o_ol_cnt,
                              o_all_local)
      SELECT p.o, d, ${w}, p.c, now(),
             CASE WHEN p.o < 2101 THEN 1 + floor(random() * 10)::int END,
             5 + floor(random() * 11)::int, 1
        FROM generate_series(1, 10) d,
             (SELECT c, row_number() OVER (ORDER BY random()) AS o
                FROM generate_series(1, 3000) c) p;
      INSERT INTO stock${n} (s_i_id, s_w_id, s_quantity, s_dist_01, s_dist_02, s_dist_03,
                             s_dist_04, s_dist_05, s_dist_06, s_dist_07, s_dist_08, s_dist_09,
                             s_dist_10, s_ytd, s_order_cnt, s_remote_cnt, s_data)
      SELECT i, ${w}, 10 + floor(random() * 91)::int,
             repeat(pg_temp.letters(1), 24), repeat(pg_temp.letters(1), 24),
             repeat(pg_temp.letters(1), 24), repeat(pg_temp.letters(1), 24),
             repeat(pg_temp.letters(1), 24), repeat(pg_temp.letters(1), 24),
             repeat(pg_temp.letters(1), 24), repeat(pg_temp.letters(1), 24),
             repeat(pg_temp.letters(1), 24), repeat(pg_temp.letters(1), 24),
             0, 0, 0, repeat(pg_temp.letters(1), 26 + floor(random() * 25)::int)
        FROM generate_series(1, 100000) i;
      ANALYZE orders${n}, stock${n};
      INSERT INTO new_orders${n}
      SELECT o_id, o_d_id, o_w_id FROM orders${n} WHERE o_id > 2100 AND o_w_id = ${w};
      INSERT INTO order_line${n} (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id,
                                  ol_delivery_d, ol_quantity, ol_amount, ol_dist_info)
      SELECT o_id, o_d_id, o_w_id, l, 1 + floor(random() * 100000)::int, o_w_id,
             CASE WHEN o_id < 2101 THEN now() END, 5,
             CASE WHEN o_id < 2101 THEN 0 ELSE random() * 9999.99 END,
             repeat(pg_temp.letters(1), 24)
        FROM orders${n}, generate_series(1, o_ol_cnt) l
       WHERE o_w_id = ${w};
      """;

  /** Session-local helpers for sysbench's random strings: gone with the session. */
  private static final String HELPERS =
      """
      CREATE FUNCTION pg_temp.letters(n int) RETURNS text VOLATILE LANGUAGE sql AS
        $$ SELECT string_agg(chr(97 + floor(random() * 26)::int), '')
             FROM generate_series(1, n) $$;
      CREATE FUNCTION pg_temp.digits(n int) RETURNS text VOLATILE LANGUAGE sql AS
        $$ SELECT string_agg(chr(48 + floor(random() * 10)::int), '')
             FROM generate_series(1, n) $$;
      CREATE FUNCTION pg_temp.lastname(n int) RETURNS text IMMUTABLE LANGUAGE sql AS
        $$ SELECT s[n / 100 + 1] || s[n / 10 % 10 + 1] || s[n % 10 + 1]
             FROM (SELECT ARRAY['BAR', 'OUGHT', 'ABLE', 'PRI', 'PRES', 'ESE', 'ANTI',
                                'CALLY', 'ATION', 'EING'] AS s) syllables $$;
      """;

  /**
   * One table set of one warehouse as sysbench-tpcc's {@code prepare --tables=1 --scale=1 --use_fk}
   * makes it, as a data set that test classes share (made once per test JVM, copied).
   */
  static SharedDataSet oneWarehouse(boolean foreignKeys) {
    return new SharedDataSet(
        foreignKeys ? "sysbench_1x1_fk" : "sysbench_1x1",
        database -> {
          try (Connection connection = database.connect()) {
            connection.setAutoCommit(true);
            prepare(connection, 1, 1, foreignKeys);
          }
        });
  }

  /**
   * Prepares table sets 1..{@code tables} of {@code scale} warehouses each, as sysbench-tpcc's
   * {@code prepare --tables --scale --use_fk} does.
   */
  static void prepare(Connection connection, int tables, int scale, boolean foreignKeys)
      throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute(HELPERS);
      for (int n = 1; n <= tables; n++) {
        String set = Integer.toString(n);
        statement.execute(TABLES.replace("${n}", set));
        statement.execute(ITEMS.replace("${n}", set));
        statement.execute("ANALYZE item" + set);
        statement.execute(INDEXES.replace("${n}", set));
        if (foreignKeys) {
          statement.execute(FOREIGN_KEYS.replace("${n}", set));
        }
      }
      for (int w = 1; w <= scale; w++) {
        for (int n = 1; n <= tables; n++) {
          statement.execute(
              WAREHOUSE.replace("${n}", Integer.toString(n)).replace("${w}", Integer.toString(w)));
        }
      }
      statement.execute(
          "DROP FUNCTION pg_temp.letters(int), pg_temp.digits(int), pg_temp.lastname(int)");
    }
  }
}
