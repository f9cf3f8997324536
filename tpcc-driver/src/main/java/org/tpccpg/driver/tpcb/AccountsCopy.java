package org.tpccpg.driver.tpcb;

import java.sql.Connection;
import java.sql.SQLException;
import org.tpccpg.core.load.CopyTextBuffer;
import org.tpccpg.core.tpcb.TpcbScale;
import org.tpccpg.loader.CopyStream;

/**
 * Step {@code g}: pgbench's initial rows generated here and streamed with {@code COPY ... FROM
 * STDIN}, in the caller's transaction after the tables were emptied. Accounts go in batches of
 * 100,000 rows, each reported to {@link InitProgress}; {@code FREEZE} is used where the server
 * allows it (an ordinary, not partitioned {@code pgbench_accounts}), as pgbench does.
 */
final class AccountsCopy {
  private final Connection connection;
  private final TpcbScale scale;
  private final CopyTextBuffer buffer = new CopyTextBuffer(4 << 20);

  AccountsCopy(Connection connection, TpcbScale scale) {
    this.connection = connection;
    this.scale = scale;
  }

  void copyBranchesAndTellers() throws SQLException {
    for (int bid = 1; bid <= scale.branches(); bid++) {
      buffer.field(bid).field(0).endRow();
    }
    copy("COPY pgbench_branches (bid, bbalance) FROM STDIN");
    for (int tid = 1; tid <= scale.tellers(); tid++) {
      buffer.field(tid).field(TpcbScale.branchOfTeller(tid)).field(0).endRow();
    }
    copy("COPY pgbench_tellers (tid, bid, tbalance) FROM STDIN");
  }

  void copyAccounts(boolean freeze, InitProgress progress) throws SQLException {
    String sql =
        "COPY pgbench_accounts (aid, bid, abalance, filler) FROM STDIN"
            + (freeze ? " WITH (FREEZE ON)" : "");
    try (CopyStream in = CopyStream.open(connection, sql, CopyStream.Sent.NONE)) {
      long total = scale.accounts();
      for (long aid = 1; aid <= total; aid++) {
        buffer.field(aid).field(TpcbScale.branchOfAccount(aid)).field(0).field("").endRow();
        if (aid % InitProgress.ROWS_PER_LINE == 0 || aid == total) {
          in.send(buffer);
          progress.rowsDone(aid, System.nanoTime());
        }
      }
      in.end();
    }
  }

  private void copy(String sql) throws SQLException {
    CopyStream.copyAll(connection, sql, buffer);
  }
}
