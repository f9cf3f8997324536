/**
 * TPC-C and TPC-B as a library: schema, seeded input generation, the transactions and the
 * consistency checks, on the caller's JDBC connections (see docs/library.md). Depends on the JDBC
 * API only.
 *
 * <p>Not exported: {@code org.tpccpg.core.load}, the row generator and COPY buffers that only
 * tpcc-loader uses (it reads this jar from the class path, where every package is visible).
 */
module org.tpccpg.core {
  requires transitive java.sql;

  exports org.tpccpg.core;
  exports org.tpccpg.core.check;
  exports org.tpccpg.core.random;
  exports org.tpccpg.core.schema;
  exports org.tpccpg.core.sql;
  exports org.tpccpg.core.tpcb;
  exports org.tpccpg.core.tpcc;
  exports org.tpccpg.core.tpcc.txn;
}
