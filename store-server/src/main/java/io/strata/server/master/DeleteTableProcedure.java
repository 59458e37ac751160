package io.strata.server.master;

import io.strata.common.proto.ProcedureProtos.ProcedureProto;
import io.strata.common.schema.TableName;
import io.strata.common.schema.TableState;
import io.strata.server.region.RegionLayout;
import io.strata.server.snapshot.RegionRemoval;
import java.io.IOException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;

/**
 * Deletes a disabled table: 0 check; 1 remove its regions and state from meta; 2 delete its
 * directories (data and archive); 3 forget its permissions and schema.
 */
final class DeleteTableProcedure extends TableProcedure {
  DeleteTableProcedure(ProcedureProto.Builder record) {
    super(record);
  }

  static DeleteTableProcedure of(TableName table) {
    return new DeleteTableProcedure(record(DELETE_TABLE, table));
  }

  @Override
  String verb() {
    return "delete";
  }

  @Override
  int step(int step, TableName name, Master m) throws IOException {
    switch (step) {
      case 0 -> {
        m.requireUserTable(name);
        m.requireState(name, TableState.DISABLED, "delete it");
        return 1;
      }
      case 1 -> {
        for (RegionStates.Node n : m.states().ofTable(name)) {
          m.meta().deleteRegion(n.region());
          m.states().remove(n.region());
        }
        m.removeTableState(name);
        return 2;
      }
      case 2 -> {
        Path dir = RegionLayout.tableDir(m.root(), name);
        if (!RegionRemoval.mayDropArchive(m.fs(), m.root())) {
          // A snapshot may name its files: they go to the archive, and stay while it does.
          for (FileStatus st : listOrEmpty(m, dir)) {
            if (st.isDirectory() && !st.getPath().getName().startsWith(".")) {
              RegionRemoval.remove(m.fs(), m.root(), name, st.getPath());
            }
          }
          m.fs().delete(dir, true);
          return 3;
        }
        m.fs().delete(dir, true);
        m.fs().delete(RegionLayout.archiveTableDir(m.root(), name), true);
        return 3;
      }
      case 3 -> {
        m.acls().forget(io.strata.client.security.Permission.newBuilder(name).build());
        m.removeDescriptor(name);
        return DONE;
      }
      default -> throw noSuchStep(step);
    }
  }

  private static FileStatus[] listOrEmpty(Master m, Path dir) throws IOException {
    try {
      return m.fs().listStatus(dir);
    } catch (java.io.FileNotFoundException gone) {
      return new FileStatus[0];
    }
  }
}
