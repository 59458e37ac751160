package io.strata.server.master;

import com.google.protobuf.ByteString;
import io.strata.common.error.BadRequestException;
import io.strata.common.error.NotServingRegionException;
import io.strata.common.error.RegionInTransitionException;
import io.strata.common.proto.AdminProtos.SplitRegionRequest;
import io.strata.common.proto.AdminProtos.SplitRegionResponse;
import io.strata.common.proto.ProcedureProtos.ProcedureProto;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.RegionState;
import io.strata.common.schema.SchemaCodec;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableState;
import io.strata.server.region.SplitRecovery;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Splits a region: 0 check it is open; 1 have its server split it (the daughters are left
 * closed), or find on the file system that it split already; 2 replace the parent by the
 * daughters in meta; 3 open the daughters, on the parent's server if it is still live.
 */
final class SplitRegionProcedure extends Procedure {
  SplitRegionProcedure(ProcedureProto.Builder record) {
    super(record);
  }

  static SplitRegionProcedure of(RegionInfo region, byte[] splitRow, boolean bestEffort) {
    ProcedureProto.Builder b = ProcedureProto.newBuilder().setType(SPLIT_REGION)
        .setRegion(SchemaCodec.toProto(region))
        .setTableName(SchemaCodec.toProto(region.getTable())).setBestEffort(bestEffort);
    if (splitRow != null) {
      b.setSplitRow(ByteString.copyFrom(splitRow));
    }
    return new SplitRegionProcedure(b);
  }

  @Override
  String describe() {
    return "split region " + SchemaCodec.fromProto(record.getRegion()).getRegionNameAsString();
  }

  @Override
  int step(int step, Master m) throws IOException {
    RegionInfo parent = SchemaCodec.fromProto(record.getRegion());
    switch (step) {
      case 0 -> {
        RegionStates.Node n = m.states().get(parent.getEncodedName());
        if (n == null) {
          throw new BadRequestException("region " + parent.getRegionNameAsString() + " is not "
              + "a region of the table any more (it split or the table was dropped); list the "
              + "table's regions again");
        }
        if (m.tableState(parent.getTable()) != TableState.ENABLED) {
          throw new io.strata.common.error.TableDisabledException(parent.getTable().toString());
        }
        if (n.state() != RegionState.OPEN) {
          throw new BadRequestException("region " + parent.getRegionNameAsString() + " is "
              + n.state() + "; split it once it is open");
        }
        return 1;
      }
      case 1 -> {
        if (record.getRegionsCount() == 0) {
          List<RegionInfo> now = SplitRecovery.regionsToOpen(m.fs(), m.root(), parent);
          if (now.size() == 2) {
            now.forEach(d -> record.addRegions(SchemaCodec.toProto(d)));
          } else {
            try {
              splitOnServer(m, parent);
            } catch (BadRequestException e) {
              if (record.getBestEffort()) {
                return DONE; // refused before anything changed: this region stays whole
              }
              throw e;
            }
          }
        }
        return 2;
      }
      case 2 -> {
        ServerName was = serverOf(m, parent);
        for (RegionInfo d : daughters()) {
          m.assignment().transition(d, RegionState.OFFLINE, null);
        }
        if (m.states().get(parent.getEncodedName()) != null) {
          m.meta().deleteRegion(parent);
          m.states().remove(parent);
        }
        if (was != null) {
          record.setServer(SchemaCodec.toProto(was));
        }
        return 3;
      }
      case 3 -> {
        ServerName preferred = record.hasServer() ? SchemaCodec.fromProto(record.getServer())
            : null;
        for (RegionInfo d : daughters()) {
          m.assignment().assign(d, preferred);
        }
        return DONE;
      }
      default -> throw new IllegalStateException("split region has no step " + step);
    }
  }

  private List<RegionInfo> daughters() {
    return record.getRegionsList().stream().map(SchemaCodec::fromProto).toList();
  }

  private static ServerName serverOf(Master m, RegionInfo r) {
    RegionStates.Node n = m.states().get(r.getEncodedName());
    return n == null ? null : n.server();
  }

  private void splitOnServer(Master m, RegionInfo parent) throws IOException {
    RegionStates.Node n = m.states().get(parent.getEncodedName());
    if (n == null || n.state() != RegionState.OPEN || n.server() == null
        || !m.servers().isLive(n.server())) {
      // Its server died (or it is closed): open it again, then split.
      m.assignment().assign(parent, null);
      throw new RegionInTransitionException(parent.getRegionNameAsString(), "reopening");
    }
    SplitRegionRequest.Builder req = SplitRegionRequest.newBuilder()
        .setEncodedName(parent.getEncodedName());
    if (!record.getSplitRow().isEmpty()) {
      req.setSplitRow(record.getSplitRow());
    }
    SplitRegionResponse resp;
    try {
      resp = m.servers().admin(n.server()).call("SplitRegion", req.build(), null,
          SplitRegionResponse.parser(), m.openTimeout(), 1)
          .get(m.openTimeout().toMillis() + 1000, TimeUnit.MILLISECONDS).result();
    } catch (Exception e) {
      IOException io = AssignmentManager.asIo(e);
      List<RegionInfo> now = SplitRecovery.regionsToOpen(m.fs(), m.root(), parent);
      if (now.size() == 2) {
        now.forEach(d -> record.addRegions(SchemaCodec.toProto(d)));
        return; // it split; the answer was lost
      }
      if (io instanceof NotServingRegionException) {
        m.assignment().transition(parent, RegionState.CLOSED, null);
        m.assignment().assign(parent, null); // not there after all: open it, then retry
      }
      throw io;
    }
    record.addRegions(resp.getDaughterA());
    record.addRegions(resp.getDaughterB());
  }
}
