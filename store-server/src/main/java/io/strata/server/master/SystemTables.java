package io.strata.server.master;

import io.strata.common.schema.TableDescriptor;
import java.io.IOException;
import java.time.Duration;
import java.util.List;

/** The system tables the master makes on demand: strata:quota, strata:acl, strata:labels. */
final class SystemTables {
  private SystemTables() {}

  /**
   * Makes {@code d}'s table if it is missing, through the same procedure as any table, waiting
   * up to a minute for it.
   */
  static void ensure(Master m, TableDescriptor d) throws IOException {
    if (m.tableNames().contains(d.getTableName())) {
      return;
    }
    long id = m.procedures().submit(CreateTableProcedure.of(d, List.of()), 0);
    ProcedureExecutor.Outcome o;
    try {
      o = m.procedures().await(id, Duration.ofMinutes(1));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted creating " + d.getTableName());
    }
    if (o == null) {
      throw new IOException("creating " + d.getTableName() + " did not finish within a"
          + " minute; try again");
    }
    if (o.error() != null && !(o.error() instanceof io.strata.common.error
        .TableExistsException)) {
      throw o.error();
    }
  }
}
