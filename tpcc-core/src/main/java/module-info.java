/**
 * TPC-C as a library: seeded input generation, the transactions in three modes and the consistency
 * checks, on the caller's JDBC connections, against a data set that {@code tpcc prepare} loaded
 * (see docs/library.md). Depends on the JDBC API only. ExportedApiTest keeps the exported packages
 * at 40 public types or fewer.
 *
 * <p>Not exported, because only this tool's own modules use them (they read this jar from the class
 * path, where every package is visible): {@code org.tpccpg.core.load}, the row generator and COPY
 * buffers of tpcc-loader; {@code org.tpccpg.core.ddl}, the DDL of {@code prepare} and {@code
 * cleanup} and the storage clauses it renders; {@code org.tpccpg.core.schema}, the tables' names,
 * the load record and the layout; {@code org.tpccpg.core.catalog}, which relations a data set owns,
 * the lock that guards changing them, the metadata table and this build's version; {@code
 * org.tpccpg.core.spec}, TPC-C's constants; {@code org.tpccpg.core.jdbc}, connections, the server's
 * version, the statement text per table set and the statements sent and counted; {@code
 * org.tpccpg.core.tpcb}, the TPC-B (pgbench) workload of {@code tpcc tpcb}; {@code
 * org.tpccpg.core.tpcc.batched} and {@code org.tpccpg.core.tpcc.procedures}, reached through {@link
 * org.tpccpg.core.tpcc.mode.TxnMode}.
 */
module org.tpccpg.core {
  requires transitive java.sql;

  exports org.tpccpg.core;
  exports org.tpccpg.core.check;
  exports org.tpccpg.core.random;
  exports org.tpccpg.core.sql;
  exports org.tpccpg.core.tpcc;
  exports org.tpccpg.core.tpcc.mode;
}
