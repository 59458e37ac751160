package io.strata.server.master;

import io.strata.common.error.BadRequestException;
import io.strata.common.error.TableDisabledException;
import io.strata.common.proto.ProcedureProtos.ProcedureProto;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.RegionState;
import io.strata.common.schema.SchemaCodec;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableState;
import io.strata.server.region.RegionLayout;
import io.strata.server.region.RegionMerger;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.Path;

/**
 * Merges two or more adjacent regions of a table into one, as HBase's MergeTableRegionsProcedure:
 * 0 check they are open and adjacent, and name the merged region; 1 close them (flushing);
 * 2 check that none still reads its own parent's files (with the regions closed no compaction
 * can be finishing; if one does, reopen them all and fail), then make the merged region on the
 * file system ({@link RegionMerger}: reference files to each parent's block files, committed by
 * the merge record); 3 replace the parents by it in meta; 4 open it, on the first parent's
 * server if that is still live. The parents' files are removed once the merged region's
 * compaction no longer reads them.
 */
final class MergeRegionsProcedure extends Procedure {
  MergeRegionsProcedure(ProcedureProto.Builder record) {
    super(record);
  }

  static MergeRegionsProcedure of(List<RegionInfo> parents) {
    ProcedureProto.Builder b = ProcedureProto.newBuilder().setType(MERGE_REGIONS)
        .setTableName(SchemaCodec.toProto(parents.get(0).getTable()));
    parents.stream().sorted().forEach(p -> b.addRegions(SchemaCodec.toProto(p)));
    return new MergeRegionsProcedure(b);
  }

  @Override
  String describe() {
    return "merge regions " + parents().stream().map(RegionInfo::getEncodedName).toList();
  }

  private List<RegionInfo> parents() {
    return record.getRegionsList().stream().map(SchemaCodec::fromProto).toList();
  }

  @Override
  int step(int step, Master m) throws IOException {
    List<RegionInfo> parents = parents();
    switch (step) {
      case 0 -> {
        RegionInfo merged = RegionMerger.mergedRegion(parents, System.currentTimeMillis());
        if (m.tableState(merged.getTable()) != TableState.ENABLED) {
          throw new TableDisabledException(merged.getTable().toString());
        }
        for (RegionInfo p : parents) {
          RegionStates.Node n = m.states().get(p.getEncodedName());
          if (n == null) {
            throw new BadRequestException("region " + p.getEncodedName() + " is not a region of "
                + "the table any more (it split or merged); list the table's regions again");
          }
          if (n.state() != RegionState.OPEN) {
            throw new BadRequestException("region " + p.getEncodedName() + " is " + n.state()
                + "; merge it once it is open");
          }
        }
        ServerName first = m.states().get(parents.get(0).getEncodedName()).server();
        record.setRegion(SchemaCodec.toProto(merged));
        if (first != null) {
          record.setServer(SchemaCodec.toProto(first));
        }
        return 1;
      }
      case 1 -> {
        for (RegionInfo p : parents) {
          m.assignment().unassign(p);
        }
        return 2;
      }
      case 2 -> {
        TableDescriptor table = m.descriptor(merged().getTable());
        boolean committed = m.fs().exists(RegionLayout.mergeRecord(
            RegionLayout.regionDir(m.root(), parents.get(0))));
        if (!committed) {
          // A parent whose server died while it closed has its edits in recovered.wals, which
          // only an open replays: open it again (the open flushes them), then close it again.
          boolean reopened = false;
          for (RegionInfo p : parents) {
            Path recovered = RegionLayout.recoveredWalsDir(RegionLayout.regionDir(m.root(), p));
            if (m.fs().exists(recovered) && m.fs().listStatus(recovered).length > 0) {
              m.assignment().assign(p, null);
              reopened = true;
            }
          }
          if (reopened) {
            return 1;
          }
          try {
            RegionMerger.checkMergeable(m.fs(), m.root(), table, parents);
          } catch (BadRequestException refused) {
            for (RegionInfo p : parents) {
              m.assignment().assign(p, null); // as they were: open
            }
            throw refused;
          }
        }
        RegionMerger.merge(m.fs(), m.root(), table, parents, merged(), System.currentTimeMillis());
        return 3;
      }
      case 3 -> {
        m.assignment().transition(merged(), RegionState.OFFLINE, null);
        for (RegionInfo p : parents) {
          if (m.states().get(p.getEncodedName()) != null) {
            m.meta().deleteRegion(p);
            m.states().remove(p);
          }
        }
        return 4;
      }
      case 4 -> {
        m.assignment().assign(merged(), record.hasServer()
            ? SchemaCodec.fromProto(record.getServer()) : null);
        m.merged();
        return DONE;
      }
      default -> throw new IllegalStateException("merge regions has no step " + step);
    }
  }

  private RegionInfo merged() {
    return SchemaCodec.fromProto(record.getRegion());
  }
}
