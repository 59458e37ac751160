package io.strata.server.master;

import io.strata.common.error.BadRequestException;
import io.strata.common.proto.ProcedureProtos.ProcedureProto;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.SchemaCodec;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.schema.TableState;
import io.strata.server.region.RegionLayout;
import io.strata.server.region.TableDescriptorFile;
import java.io.IOException;
import org.apache.hadoop.fs.Path;

/**
 * Changes a table's schema: 0 check and keep the old schema; 1 write the new one; 2 reopen the
 * open regions with it (each closed, flushed, and opened on the same server); 3 delete the data
 * of removed families.
 */
final class ModifyTableProcedure extends Procedure {
  ModifyTableProcedure(ProcedureProto.Builder record) {
    super(record);
  }

  static ModifyTableProcedure of(TableDescriptor table) {
    return new ModifyTableProcedure(ProcedureProto.newBuilder().setType(MODIFY_TABLE)
        .setTable(SchemaCodec.toProto(table))
        .setTableName(SchemaCodec.toProto(table.getTableName())));
  }

  @Override
  String describe() {
    return "modify table " + SchemaCodec.fromProto(record.getTableName());
  }

  @Override
  int step(int step, Master m) throws IOException {
    TableDescriptor table = SchemaCodec.fromProto(record.getTable());
    TableName name = table.getTableName();
    switch (step) {
      case 0 -> {
        m.requireUserTable(name);
        CreateTableProcedure.checkFamilies(table);
        TableState state = m.tableState(name);
        if (state != TableState.ENABLED && state != TableState.DISABLED) {
          throw new BadRequestException("table '" + name + "' is " + state.name().toLowerCase()
              + "; modify it once that finished");
        }
        record.setOldTable(SchemaCodec.toProto(m.descriptor(name)));
        return 1;
      }
      case 1 -> {
        TableDescriptorFile.write(m.fs(), m.root(), table);
        m.putDescriptor(table);
        return 2;
      }
      case 2 -> {
        if (m.tableState(name) == TableState.ENABLED) {
          for (RegionStates.Node n : m.states().ofTable(name)) {
            RegionStates.Node now = m.states().get(n.region().getEncodedName());
            m.assignment().unassign(n.region());
            m.assignment().assign(n.region(), now == null ? null : now.server());
          }
        }
        return 3;
      }
      case 3 -> {
        TableDescriptor old = SchemaCodec.fromProto(record.getOldTable());
        for (ColumnFamilyDescriptor f : old.getColumnFamilies()) {
          if (!table.hasColumnFamily(f.getName())) {
            for (RegionStates.Node n : m.states().ofTable(name)) {
              io.strata.server.snapshot.RegionRemoval.removeFamily(m.fs(), m.root(), name,
                  new Path(RegionLayout.regionDir(m.root(), n.region()), f.getNameAsString()));
            }
          }
        }
        return DONE;
      }
      default -> throw new IllegalStateException("modify table has no step " + step);
    }
  }
}
