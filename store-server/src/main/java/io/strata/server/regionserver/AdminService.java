package io.strata.server.regionserver;

import io.strata.common.proto.AdminProtos.ClearSlowLogRequest;
import io.strata.common.proto.AdminProtos.ClearSlowLogResponse;
import io.strata.common.proto.AdminProtos.GetSlowLogRequest;
import io.strata.common.proto.AdminProtos.CloseRegionRequest;
import io.strata.common.proto.AdminProtos.CloseRegionResponse;
import io.strata.common.proto.AdminProtos.CompactRegionRequest;
import io.strata.common.proto.AdminProtos.CompactRegionResponse;
import io.strata.common.proto.AdminProtos.FlushRegionRequest;
import io.strata.common.proto.AdminProtos.FlushRegionResponse;
import io.strata.common.proto.AdminProtos.GetServerInfoRequest;
import io.strata.common.proto.AdminProtos.GetServerInfoResponse;
import io.strata.common.proto.AdminProtos.OpenRegionRequest;
import io.strata.common.proto.AdminProtos.OpenRegionResponse;
import io.strata.client.security.Permission;
import io.strata.common.proto.AccessProtos.RefreshAclsRequest;
import io.strata.common.proto.AccessProtos.RefreshAclsResponse;
import io.strata.common.proto.AdminProtos.RefreshQuotasRequest;
import io.strata.common.proto.AdminProtos.RefreshQuotasResponse;
import io.strata.common.proto.AdminProtos.RollWalWriterRequest;
import io.strata.common.proto.AdminProtos.RollWalWriterResponse;
import io.strata.common.proto.AdminProtos.SplitRegionRequest;
import io.strata.common.proto.AdminProtos.SplitRegionResponse;
import io.strata.common.proto.QuotaProtos.GetSpaceQuotaSnapshotsRequest;
import io.strata.common.proto.QuotaProtos.GetSpaceQuotaSnapshotsResponse;
import io.strata.common.proto.QuotaProtos.QuotaTargetProto;
import io.strata.common.proto.QuotaProtos.SpaceSnapshotEntryProto;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.SchemaCodec;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.proto.AdminProtos.SplitWalRequest;
import io.strata.common.proto.AdminProtos.SplitWalResponse;
import io.strata.server.region.DeadWalFile;
import io.strata.server.region.RegionSplitter;
import io.strata.server.rpc.CallKind;
import io.strata.server.rpc.RpcMethod;
import io.strata.server.rpc.RpcResult;
import io.strata.server.rpc.RpcServer;
import io.strata.server.rpc.RpcService;
import java.io.IOException;
import java.util.Map;

/**
 * The admin service: what the master (open, close, split) and operators (flush, compact, server
 * information) ask of one region server. Served by the priority handlers.
 */
final class AdminService {
  static final String NAME = "AdminService";

  private final RegionServer server;

  AdminService(RegionServer server) {
    this.server = server;
  }

  /** What a user does instead of calling a region server's peer-only methods. */
  private static final String MASTER_DOES_IT = "ask the master, which keeps strata:meta right:"
      + " the shell's assign, unassign, move and split, or Admin's";

  RpcService service() {
    Map<String, RpcMethod> methods = new java.util.HashMap<>(Map.of(
        "OpenRegion", new RpcMethod(OpenRegionRequest.parser(), CallKind.PRIORITY,
            (p, c) -> {
              RpcServer.requirePeer("OpenRegion", MASTER_DOES_IT);
              return open((OpenRegionRequest) p);
            }),
        "CloseRegion", new RpcMethod(CloseRegionRequest.parser(), CallKind.PRIORITY,
            (p, c) -> {
              RpcServer.requirePeer("CloseRegion", MASTER_DOES_IT);
              return close((CloseRegionRequest) p);
            }),
        "FlushRegion", new RpcMethod(FlushRegionRequest.parser(), CallKind.PRIORITY,
            (p, c) -> {
              FlushRegionRequest r = (FlushRegionRequest) p;
              requireOnTableOf("flush", r.getEncodedName());
              return flush(r);
            }),
        "CompactRegion", new RpcMethod(CompactRegionRequest.parser(), CallKind.PRIORITY,
            (p, c) -> {
              CompactRegionRequest r = (CompactRegionRequest) p;
              requireOnTableOf("compact", r.getEncodedName());
              return compact(r);
            }),
        "SplitRegion", new RpcMethod(SplitRegionRequest.parser(), CallKind.PRIORITY,
            (p, c) -> {
              RpcServer.requirePeer("SplitRegion", MASTER_DOES_IT);
              return split((SplitRegionRequest) p);
            }),
        "RefreshQuotas", new RpcMethod(RefreshQuotasRequest.parser(), CallKind.PRIORITY,
            (p, c) -> {
              RpcServer.requirePeer("RefreshQuotas", "set quotas through the master: the"
                  + " shell's set_quota, or Admin.setQuota");
              server.refreshQuotas();
              return RpcResult.of(RefreshQuotasResponse.getDefaultInstance());
            }),
        "RefreshAcls", new RpcMethod(RefreshAclsRequest.parser(), CallKind.PRIORITY,
            (p, c) -> {
              RpcServer.requirePeer("RefreshAcls", "grant and revoke through the master: the"
                  + " shell's grant and revoke, or Admin's");
              if (server.access() != null) {
                server.refreshAcls();
              }
              return RpcResult.of(RefreshAclsResponse.getDefaultInstance());
            }),
        "RollWalWriter", new RpcMethod(RollWalWriterRequest.parser(), CallKind.PRIORITY,
            (p, c) -> {
              requireGlobalAdmin("roll the WAL");
              server.rollWal();
              return RpcResult.of(RollWalWriterResponse.getDefaultInstance());
            }),
        "GetSpaceQuotaSnapshots", new RpcMethod(GetSpaceQuotaSnapshotsRequest.parser(),
            CallKind.PRIORITY, (p, c) -> RpcResult.of(spaceSnapshots(
                (GetSpaceQuotaSnapshotsRequest) p))),
        "GetServerInfo", new RpcMethod(GetServerInfoRequest.parser(), CallKind.PRIORITY,
            (p, c) -> RpcResult.of(GetServerInfoResponse.newBuilder()
                .setLoad(server.load()).build()))));
    methods.put("GetSlowLog", new RpcMethod(GetSlowLogRequest.parser(), CallKind.PRIORITY,
        (p, c) -> {
          requireGlobalAdmin("read the slow log");
          return RpcResult.of(SlowLogQuery.answer(server.slowLog(), (GetSlowLogRequest) p));
        }));
    methods.put("ClearSlowLog", new RpcMethod(ClearSlowLogRequest.parser(), CallKind.PRIORITY,
        (p, c) -> {
          requireGlobalAdmin("clear the slow log");
          server.slowLog().clear();
          return RpcResult.of(ClearSlowLogResponse.newBuilder().setCleared(true).build());
        }));
    methods.put("SnapshotRegion", new RpcMethod(
        io.strata.common.proto.SnapshotProtos.SnapshotRegionRequest.parser(), CallKind.PRIORITY,
        (p, c) -> {
          RpcServer.requirePeer("SnapshotRegion", "take snapshots through the master: the "
              + "shell's snapshot, or Admin.snapshot");
          return snapshotRegion((io.strata.common.proto.SnapshotProtos.SnapshotRegionRequest) p);
        }));
    methods.put("SplitWal", new RpcMethod(SplitWalRequest.parser(), CallKind.PRIORITY,
        (p, c) -> {
          RpcServer.requirePeer("SplitWal", "the master hands a dead server's WALs out");
          return splitWal((SplitWalRequest) p);
        }));
    return new RpcService(NAME, Map.copyOf(methods));
  }

  /** Requires ADMIN or CREATE on the table of a region, when permissions are checked. */
  private void requireOnTableOf(String request, String encodedName) throws IOException {
    io.strata.server.security.access.AccessChecker a = server.access();
    if (a != null) {
      io.strata.common.schema.TableName t = server.onlineRegions().get(encodedName).region()
          .info().getTable();
      a.requireTable(request + " table " + t, t, Permission.Action.ADMIN,
          Permission.Action.CREATE);
    }
  }

  /** Requires global ADMIN, when permissions are checked. */
  private void requireGlobalAdmin(String request) throws IOException {
    io.strata.server.security.access.AccessChecker a = server.access();
    if (a != null) {
      a.requireGlobal(request, Permission.Action.ADMIN);
    }
  }

  /** Splits one WAL file of a dead server for the master (DeadServerWals). */
  private RpcResult splitWal(SplitWalRequest req) throws IOException {
    org.apache.hadoop.fs.Path wal = new org.apache.hadoop.fs.Path(req.getPath());
    try {
      DeadWalFile.checkSplittable(server.rootDir(), wal, req.getServer());
    } catch (IllegalArgumentException e) {
      throw new io.strata.common.error.BadRequestException(e.getMessage());
    }
    long start = System.nanoTime();
    Map<String, Long> written = DeadWalFile.split(server.fileSystem(), server.rootDir(), wal,
        req.getServer());
    org.slf4j.LoggerFactory.getLogger(AdminService.class).info("split WAL file {} of dead "
        + "server {} for the master: {} region(s) in {} ms", wal.getName(), req.getServer(),
        written.size(), (System.nanoTime() - start) / 1_000_000);
    return RpcResult.of(SplitWalResponse.newBuilder().setRegions(written.size())
        .setEntries(written.values().stream().mapToLong(Long::longValue).sum()).build());
  }

  /** The space verdicts this server enforces, of the table or namespace asked for, or all. */
  private GetSpaceQuotaSnapshotsResponse spaceSnapshots(GetSpaceQuotaSnapshotsRequest r) {
    GetSpaceQuotaSnapshotsResponse.Builder out = GetSpaceQuotaSnapshotsResponse.newBuilder();
    new java.util.TreeMap<>(server.quotas().spaceVerdicts()).forEach((t, v) -> {
      if ((r.getTable().isEmpty() || r.getTable().equals(t.toString()))
          && (r.getNamespace().isEmpty() || r.getNamespace().equals(t.getNamespace()))) {
        out.addSnapshots(SpaceSnapshotEntryProto.newBuilder().setTarget(QuotaTargetProto
            .newBuilder().setTable(t.toString())).setSnapshot(v));
      }
    });
    return out.build();
  }

  private RpcResult open(OpenRegionRequest req) throws IOException {
    RegionInfo info = SchemaCodec.fromProto(req.getRegion());
    TableDescriptor table = SchemaCodec.fromProto(req.getTable());
    server.openRegion(info, table);
    return RpcResult.of(OpenRegionResponse.getDefaultInstance());
  }

  private RpcResult close(CloseRegionRequest req) throws IOException {
    server.closeRegion(req.getEncodedName(), req.getAbort());
    return RpcResult.of(CloseRegionResponse.getDefaultInstance());
  }

  private RpcResult flush(FlushRegionRequest req) throws IOException {
    long seq = server.onlineRegions().get(req.getEncodedName()).region().flush();
    return RpcResult.of(FlushRegionResponse.newBuilder().setFlushSequenceId(seq).build());
  }

  /** Flushes the region unless told not to, and names the block files it reads. */
  private RpcResult snapshotRegion(io.strata.common.proto.SnapshotProtos.SnapshotRegionRequest req)
      throws IOException {
    var out = io.strata.common.proto.SnapshotProtos.SnapshotRegionResponse.newBuilder();
    for (io.strata.server.region.StoreFileRef f : io.strata.server.region.SnapshotFiles.of(
        server.onlineRegions().get(req.getEncodedName()).region(), req.getFlush())) {
      out.addFiles(io.strata.server.snapshot.SnapshotManifest.toProto(f));
    }
    return RpcResult.of(out.build());
  }

  /**
   * Queues the compaction (of every family, or only of {@code family}) and answers at once, as
   * HBase's compact does.
   */
  private RpcResult compact(CompactRegionRequest req) throws IOException {
    server.requestCompaction(req.getEncodedName(), req.getMajor(),
        req.getFamily().isEmpty() ? null : req.getFamily().toByteArray());
    return RpcResult.of(CompactRegionResponse.getDefaultInstance());
  }

  private RpcResult split(SplitRegionRequest req) throws IOException {
    byte[] row = req.getSplitRow().isEmpty() ? null : req.getSplitRow().toByteArray();
    RegionSplitter.Daughters d = server.splitRegion(req.getEncodedName(), row);
    return RpcResult.of(SplitRegionResponse.newBuilder().setDaughterA(SchemaCodec.toProto(d.a()))
        .setDaughterB(SchemaCodec.toProto(d.b())).build());
  }
}
