package io.strata.server.master;

import io.strata.common.error.BadRequestException;
import io.strata.common.error.DoNotRetryException;
import io.strata.common.error.RegionInTransitionException;
import io.strata.common.error.SnapshotExistsException;
import io.strata.common.error.TableNotFoundException;
import io.strata.common.proto.ProcedureProtos.ProcedureProto;
import io.strata.common.proto.SnapshotProtos.SnapshotFileProto;
import io.strata.common.proto.SnapshotProtos.SnapshotManifestProto;
import io.strata.common.proto.SnapshotProtos.SnapshotRegionProto;
import io.strata.common.proto.SnapshotProtos.SnapshotRegionRequest;
import io.strata.common.proto.SnapshotProtos.SnapshotRegionResponse;
import io.strata.client.internal.rpc.RpcResponse;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.RegionState;
import io.strata.common.schema.SchemaCodec;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.schema.TableState;
import io.strata.server.fs.StorageFileSystems;
import io.strata.server.region.StoreFileRef;
import io.strata.server.snapshot.ClosedRegionFiles;
import io.strata.server.snapshot.SnapshotLayout;
import io.strata.server.snapshot.SnapshotManifest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Takes a snapshot of a table (docs/formats/snapshot.md): 0 check the name and the table, and
 * mark the snapshot as being taken ({@code .snapshots/.tmp/<name>/}), from when on no block
 * file it may name is written over; 1 have every region flush (unless SKIP_FLUSH) and name its
 * block files (a disabled table's are read from its directories), and write the manifest; 2
 * move the snapshot into {@code .snapshots/<name>/} whole: there is a complete snapshot, or
 * none. Procedures run one at a time, so no split or merge of the table runs meanwhile.
 */
final class SnapshotProcedure extends TableProcedure {
  /** How long step 1 waits for regions in transition (opening, a daughter compacting). */
  private static final long MAX_WAIT_MILLIS = 120_000;
  /** When step 1 first met a region in transition; 0: it has not. */
  private long waitingSince;

  SnapshotProcedure(ProcedureProto.Builder record) {
    super(record);
  }

  static SnapshotProcedure of(String name, TableName table, boolean skipFlush) {
    return new SnapshotProcedure(record(SNAPSHOT, table).setSnapshotName(name)
        .setSkipFlush(skipFlush));
  }

  @Override
  String verb() {
    return "snapshot '" + record.getSnapshotName() + "' of";
  }

  @Override
  int step(int step, TableName table, Master m) throws IOException {
    String name = record.getSnapshotName();
    Path working = SnapshotLayout.workingDir(m.root(), name);
    switch (step) {
      case 0 -> {
        checkNew(m, name, table);
        m.fs().delete(working, true); // an earlier try that failed
        StorageFileSystems.mkdirs(m.fs(), working);
        return 1;
      }
      case 1 -> {
        SnapshotManifestProto manifest;
        try {
          manifest = manifest(m, name, table, record.getSkipFlush(),
              System.currentTimeMillis());
        } catch (RegionInTransitionException e) {
          // Retried (a region opening, a daughter compacting), but not for ever.
          long now = System.currentTimeMillis();
          waitingSince = waitingSince == 0 ? now : waitingSince;
          if (now - waitingSince < MAX_WAIT_MILLIS) {
            throw e;
          }
          m.fs().delete(working, true);
          throw new BadRequestException("snapshot '" + name + "' of " + table + " gave up "
              + "after waiting " + MAX_WAIT_MILLIS / 1000 + " s: " + e.getMessage());
        } catch (DoNotRetryException e) {
          m.fs().delete(working, true); // fails the procedure: nothing may stay behind
          throw e;
        }
        SnapshotManifest.write(m.fs(), working, manifest);
        return 2;
      }
      case 2 -> {
        commit(m.fs(), m.root(), name, working);
        return DONE;
      }
      default -> throw noSuchStep(step);
    }
  }

  /** Refuses a name in use or malformed, and a table there is none of or that is a system one. */
  static void checkNew(Master m, String name, TableName table) throws IOException {
    SnapshotLayout.checkName(name);
    Path dir = SnapshotLayout.snapshotDir(m.root(), name);
    if (m.fs().exists(SnapshotLayout.manifest(dir))) {
      throw new SnapshotExistsException(name);
    }
    m.fs().delete(dir, true); // a delete that a crash interrupted: no snapshot any more
    if (table.isSystemTable()) {
      throw new BadRequestException("'" + table + "' is a system table; snapshots are of user "
          + "tables");
    }
    if (m.descriptor(table) == null || m.tableState(table) == null) {
      throw new TableNotFoundException(table.toString());
    }
  }

  /** Moves a written snapshot into place; done already if it is there and the working one not. */
  static void commit(FileSystem fs, Path root, String name, Path working) throws IOException {
    Path done = SnapshotLayout.snapshotDir(root, name);
    if (fs.exists(working)) {
      StorageFileSystems.mkdirs(fs, SnapshotLayout.dir(root));
      if (!fs.rename(working, done)) {
        throw new IOException("could not move snapshot '" + name + "' from " + working + " to "
            + done);
      }
    } else if (!fs.exists(done)) {
      throw new IOException("snapshot '" + name + "' is neither at " + working + " nor at "
          + done);
    }
  }

  /** The manifest of the table as it is now: each region's files, flushed first if asked. */
  static SnapshotManifestProto manifest(Master m, String name, TableName table,
      boolean skipFlush, long now) throws IOException {
    TableDescriptor descriptor = m.descriptor(table);
    TableState state = m.tableState(table);
    List<RegionStates.Node> nodes = m.states().ofTable(table);
    List<List<StoreFileRef>> files = new ArrayList<>();
    if (state == TableState.DISABLED) {
      for (RegionStates.Node n : nodes) {
        files.add(ClosedRegionFiles.of(m.fs(), m.root(), descriptor, n.region()));
      }
    } else if (state == TableState.ENABLED) {
      files = onlineFiles(m, nodes, skipFlush);
    } else {
      throw new RegionInTransitionException(table.toString(), "the table is " + state
          + "; the snapshot waits until it is enabled or disabled");
    }
    SnapshotManifestProto.Builder b = SnapshotManifestProto.newBuilder().setName(name)
        .setTable(SchemaCodec.toProto(table)).setCreationMillis(now).setSkipFlush(skipFlush)
        .setTableDescriptor(SchemaCodec.toProto(descriptor));
    for (int i = 0; i < nodes.size(); i++) {
      SnapshotRegionProto.Builder r = SnapshotRegionProto.newBuilder()
          .setRegion(SchemaCodec.toProto(nodes.get(i).region()));
      for (StoreFileRef f : files.get(i)) {
        r.addFiles(SnapshotManifest.toProto(f));
      }
      b.addRegions(r);
    }
    return b.build();
  }

  /** Asks every region's server, all at once, to flush it and name its files. */
  private static List<List<StoreFileRef>> onlineFiles(Master m, List<RegionStates.Node> nodes,
      boolean skipFlush) throws IOException {
    List<CompletableFuture<RpcResponse<SnapshotRegionResponse>>> calls = new ArrayList<>();
    for (RegionStates.Node n : nodes) {
      RegionInfo r = n.region();
      if (n.state() != RegionState.OPEN || n.server() == null) {
        throw new RegionInTransitionException(r.getRegionNameAsString(), "it is " + n.state()
            + "; the snapshot waits until it is open");
      }
      calls.add(m.servers().admin(n.server()).call("SnapshotRegion",
          SnapshotRegionRequest.newBuilder().setEncodedName(r.getEncodedName())
              .setFlush(!skipFlush).build(), null, SnapshotRegionResponse.parser(),
          m.openTimeout(), 1));
    }
    List<List<StoreFileRef>> out = new ArrayList<>();
    for (CompletableFuture<RpcResponse<SnapshotRegionResponse>> call : calls) {
      SnapshotRegionResponse resp;
      try {
        resp = call.get(m.openTimeout().toMillis() + 1000, TimeUnit.MILLISECONDS).result();
      } catch (Exception e) {
        throw AssignmentManager.asIo(e);
      }
      List<StoreFileRef> refs = new ArrayList<>();
      for (SnapshotFileProto f : resp.getFilesList()) {
        refs.add(SnapshotManifest.fromProto(f));
      }
      out.add(refs);
    }
    return out;
  }
}
