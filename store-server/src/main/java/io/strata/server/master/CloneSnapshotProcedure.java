package io.strata.server.master;

import io.strata.common.proto.ProcedureProtos.ProcedureProto;
import io.strata.common.proto.SnapshotProtos.SnapshotManifestProto;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.SchemaCodec;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.server.region.TableDescriptorFile;
import io.strata.server.snapshot.SnapshotLinks;
import java.io.IOException;
import java.util.List;

/**
 * Makes a new table from a snapshot without copying its files: 0 check the snapshot (every file
 * present) and the new name, and plan a region for each of the snapshot's, at its keys; 1 mark
 * the table as linking to snapshot files, write its descriptor and each region with a link per
 * file; 2 add the table (ENABLING) and regions (OFFLINE) to meta; 3 open them; 4 grant the
 * owner all on it (authorization on), ENABLED. Compactions later rewrite the links into the
 * table's own files.
 */
final class CloneSnapshotProcedure extends TableProcedure {
  CloneSnapshotProcedure(ProcedureProto.Builder record) {
    super(record);
  }

  static CloneSnapshotProcedure of(String snapshot, TableName table, String owner) {
    return new CloneSnapshotProcedure(record(CLONE_SNAPSHOT, table).setSnapshotName(snapshot)
        .setOwner(owner));
  }

  @Override
  String verb() {
    return "clone snapshot '" + record.getSnapshotName() + "' as";
  }

  @Override
  int step(int step, TableName table, Master m) throws IOException {
    switch (step) {
      case 0 -> {
        SnapshotManifestProto snap = SnapshotLinks.readComplete(m.fs(), m.root(),
            record.getSnapshotName());
        TableDescriptor descriptor = TableDescriptor.newBuilder(table,
            SchemaCodec.fromProto(snap.getTableDescriptor())).build();
        CreateTableProcedure.checkNotSystem(table);
        CreateTableProcedure.check(m, descriptor);
        record.setTable(SchemaCodec.toProto(descriptor)).clearRegions();
        long id = System.currentTimeMillis();
        for (var r : snap.getRegionsList()) {
          RegionInfo from = SchemaCodec.fromProto(r.getRegion());
          record.addRegions(SchemaCodec.toProto(RegionInfo.newBuilder(table)
              .setStartKey(from.getStartKey()).setEndKey(from.getEndKey()).setRegionId(id)
              .build()));
        }
        return 1;
      }
      case 1 -> {
        SnapshotManifestProto snap = SnapshotLinks.readComplete(m.fs(), m.root(),
            record.getSnapshotName());
        SnapshotLinks.mark(m.fs(), m.root(), table);
        TableDescriptorFile.write(m.fs(), m.root(), descriptor());
        List<RegionInfo> regions = regions();
        m.assignment().runAll(regions, r -> SnapshotLinks.writeRegion(m.fs(), m.root(), r,
            snap.getRegions(regions.indexOf(r))));
        return 2;
      }
      case 2 -> {
        CreateTableProcedure.addToMeta(m, descriptor(), regions());
        return 3;
      }
      case 3 -> {
        m.assignment().assignAll(regions());
        return 4;
      }
      case 4 -> {
        CreateTableProcedure.enable(m, table, record.getOwner());
        return DONE;
      }
      default -> throw noSuchStep(step);
    }
  }

  private TableDescriptor descriptor() {
    return SchemaCodec.fromProto(record.getTable());
  }

  private List<RegionInfo> regions() {
    return record.getRegionsList().stream().map(SchemaCodec::fromProto).toList();
  }
}
