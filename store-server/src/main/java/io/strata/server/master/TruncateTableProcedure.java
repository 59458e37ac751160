package io.strata.server.master;

import io.strata.common.proto.ProcedureProtos.ProcedureProto;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.RegionState;
import io.strata.common.schema.SchemaCodec;
import io.strata.common.schema.TableName;
import io.strata.common.schema.TableState;
import io.strata.server.region.RegionInfoFile;
import io.strata.server.region.RegionLayout;
import io.strata.server.region.TableDescriptorFile;
import io.strata.server.snapshot.RegionRemoval;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;

/**
 * Empties a disabled table and enables it: 0 check and plan new regions (at the old boundaries
 * if asked); 1 remove the old regions from meta; 2 delete the old region directories; 3 make the
 * new ones; 4 add them to meta (ENABLING); 5 open them; 6 ENABLED.
 */
final class TruncateTableProcedure extends Procedure {
  TruncateTableProcedure(ProcedureProto.Builder record) {
    super(record);
  }

  static TruncateTableProcedure of(TableName table, boolean preserveSplits) {
    return new TruncateTableProcedure(ProcedureProto.newBuilder().setType(TRUNCATE_TABLE)
        .setTableName(SchemaCodec.toProto(table)).setPreserveSplits(preserveSplits));
  }

  @Override
  String describe() {
    return "truncate table " + SchemaCodec.fromProto(record.getTableName());
  }

  private List<RegionInfo> regions() {
    return record.getRegionsList().stream().map(SchemaCodec::fromProto).toList();
  }

  @Override
  int step(int step, Master m) throws IOException {
    TableName name = SchemaCodec.fromProto(record.getTableName());
    switch (step) {
      case 0 -> {
        m.requireUserTable(name);
        m.requireState(name, TableState.DISABLED, "truncate it");
        List<byte[]> keys = new ArrayList<>();
        if (record.getPreserveSplits()) {
          for (RegionStates.Node n : m.states().ofTable(name)) {
            if (n.region().getStartKey().length > 0) {
              keys.add(n.region().getStartKey());
            }
          }
        }
        long id = Math.max(System.currentTimeMillis(), m.states().ofTable(name).stream()
            .mapToLong(n -> n.region().getRegionId() + 1).max().orElse(0));
        record.clearRegions();
        for (RegionInfo r : CreateTableProcedure.plan(name,
            CreateTableProcedure.sortedKeys(keys), id)) {
          record.addRegions(SchemaCodec.toProto(r));
        }
        return 1;
      }
      case 1 -> {
        Set<String> keep = newNames();
        for (RegionStates.Node n : m.states().ofTable(name)) {
          if (!keep.contains(n.region().getEncodedName())) {
            m.meta().deleteRegion(n.region());
            m.states().remove(n.region());
          }
        }
        return 2;
      }
      case 2 -> {
        Set<String> keep = newNames();
        Path dir = RegionLayout.tableDir(m.root(), name);
        for (FileStatus st : m.fs().listStatus(dir)) {
          String n = st.getPath().getName();
          if (st.isDirectory() && !n.startsWith(".") && !keep.contains(n)) {
            RegionRemoval.remove(m.fs(), m.root(), name, st.getPath());
          }
        }
        if (RegionRemoval.mayDropArchive(m.fs(), m.root())) {
          m.fs().delete(RegionLayout.archiveTableDir(m.root(), name), true);
        }
        return 3;
      }
      case 3 -> {
        TableDescriptorFile.write(m.fs(), m.root(), m.descriptor(name));
        m.assignment().runAll(regions(), r -> RegionInfoFile.write(m.fs(),
            RegionLayout.regionDir(m.root(), r), r));
        return 4;
      }
      case 4 -> {
        m.setTableState(name, TableState.ENABLING);
        for (RegionInfo r : regions()) {
          m.assignment().transition(r, RegionState.OFFLINE, null);
        }
        return 5;
      }
      case 5 -> {
        m.assignment().assignAll(regions());
        return 6;
      }
      case 6 -> {
        m.setTableState(name, TableState.ENABLED);
        return DONE;
      }
      default -> throw new IllegalStateException("truncate table has no step " + step);
    }
  }

  private Set<String> newNames() {
    Set<String> s = new HashSet<>();
    regions().forEach(r -> s.add(r.getEncodedName()));
    return s;
  }
}
