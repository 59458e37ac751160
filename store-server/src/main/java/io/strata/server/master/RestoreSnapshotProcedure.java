package io.strata.server.master;

import io.strata.common.error.BadRequestException;
import io.strata.common.proto.ProcedureProtos.ProcedureProto;
import io.strata.common.proto.SnapshotProtos.SnapshotManifestProto;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.RegionState;
import io.strata.common.schema.SchemaCodec;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.schema.TableState;
import io.strata.server.fs.StorageFileSystems;
import io.strata.server.region.RegionLayout;
import io.strata.server.region.TableDescriptorFile;
import io.strata.server.snapshot.RegionRemoval;
import io.strata.server.snapshot.SnapshotLayout;
import io.strata.server.snapshot.SnapshotLinks;
import io.strata.server.snapshot.SnapshotManifest;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;

/**
 * Brings a disabled table back to a snapshot of it, schema included: 0 check the snapshot
 * (every file present, of this table) and the table (disabled), take the failsafe snapshot of
 * the table as it is if asked, and plan the snapshot's regions; 1 remove the table's regions
 * from meta; 2 move their block files to the archive and their directories away; 3 write the
 * snapshot's descriptor and its regions, which read its files through links; 4 add them to meta
 * (CLOSED) with the descriptor. The table stays disabled until it is enabled.
 */
final class RestoreSnapshotProcedure extends TableProcedure {
  RestoreSnapshotProcedure(ProcedureProto.Builder record) {
    super(record);
  }

  static RestoreSnapshotProcedure of(String snapshot, TableName table, boolean failsafe) {
    return new RestoreSnapshotProcedure(record(RESTORE_SNAPSHOT, table)
        .setSnapshotName(snapshot)
        .setFailsafeSnapshot(failsafe ? "failsafe-" + snapshot + "-" + System.currentTimeMillis()
            : ""));
  }

  @Override
  String verb() {
    return "restore snapshot '" + record.getSnapshotName() + "' to";
  }

  @Override
  int step(int step, TableName table, Master m) throws IOException {
    switch (step) {
      case 0 -> {
        SnapshotManifestProto snap = snapshot(m);
        if (!SchemaCodec.fromProto(snap.getTable()).equals(table)) {
          throw new BadRequestException("snapshot '" + record.getSnapshotName() + "' is of "
              + "table " + SchemaCodec.fromProto(snap.getTable()) + ", not " + table
              + "; clone_snapshot makes another table from it");
        }
        m.requireUserTable(table);
        m.requireState(table, TableState.DISABLED, "restore a snapshot to it");
        String failsafe = record.getFailsafeSnapshot();
        if (!failsafe.isEmpty()
            && !m.fs().exists(SnapshotLayout.snapshotDir(m.root(), failsafe))) {
          Path working = SnapshotLayout.workingDir(m.root(), failsafe);
          m.fs().delete(working, true);
          StorageFileSystems.mkdirs(m.fs(), working);
          SnapshotManifest.write(m.fs(), working, SnapshotProcedure.manifest(m, failsafe,
              table, true, System.currentTimeMillis()));
          SnapshotProcedure.commit(m.fs(), m.root(), failsafe, working);
        }
        record.clearRegions();
        snap.getRegionsList().forEach(r -> record.addRegions(r.getRegion()));
        return 1;
      }
      case 1 -> {
        for (RegionStates.Node n : m.states().ofTable(table)) {
          m.meta().deleteRegion(n.region());
          m.states().remove(n.region());
        }
        return 2;
      }
      case 2 -> {
        FileStatus[] regions;
        try {
          regions = m.fs().listStatus(RegionLayout.tableDir(m.root(), table));
        } catch (FileNotFoundException gone) {
          regions = new FileStatus[0];
        }
        for (FileStatus st : regions) {
          if (st.isDirectory() && !st.getPath().getName().startsWith(".")) {
            // The snapshot exists: every file goes to the archive, where its links find it.
            RegionRemoval.remove(m.fs(), m.root(), table, st.getPath());
          }
        }
        return 3;
      }
      case 3 -> {
        SnapshotManifestProto snap = snapshot(m);
        SnapshotLinks.mark(m.fs(), m.root(), table);
        TableDescriptorFile.write(m.fs(), m.root(), descriptor(snap));
        List<RegionInfo> regions = regions();
        m.assignment().runAll(regions, r -> SnapshotLinks.writeRegion(m.fs(), m.root(), r,
            snap.getRegions(regions.indexOf(r))));
        return 4;
      }
      case 4 -> {
        m.putDescriptor(descriptor(snapshot(m)));
        for (RegionInfo r : regions()) {
          m.assignment().transition(r, RegionState.CLOSED, null);
        }
        return DONE;
      }
      default -> throw noSuchStep(step);
    }
  }

  private SnapshotManifestProto snapshot(Master m) throws IOException {
    return SnapshotLinks.readComplete(m.fs(), m.root(), record.getSnapshotName());
  }

  private static TableDescriptor descriptor(SnapshotManifestProto snap) {
    return SchemaCodec.fromProto(snap.getTableDescriptor());
  }

  private List<RegionInfo> regions() {
    return record.getRegionsList().stream().map(SchemaCodec::fromProto).toList();
  }
}
