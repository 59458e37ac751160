package io.strata.client.internal;

import io.strata.client.SnapshotDescription;
import io.strata.client.SnapshotType;
import io.strata.common.proto.SnapshotProtos.CloneSnapshotRequest;
import io.strata.common.proto.SnapshotProtos.DeleteSnapshotRequest;
import io.strata.common.proto.SnapshotProtos.DeleteSnapshotResponse;
import io.strata.common.proto.SnapshotProtos.ListSnapshotsRequest;
import io.strata.common.proto.SnapshotProtos.ListSnapshotsResponse;
import io.strata.common.proto.SnapshotProtos.RestoreSnapshotRequest;
import io.strata.common.proto.SnapshotProtos.SnapshotDescriptionProto;
import io.strata.common.proto.SnapshotProtos.SnapshotRequest;
import io.strata.common.schema.SchemaCodec;
import io.strata.common.schema.TableName;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Pattern;

/** The master calls behind the Admin's snapshot methods (docs/snapshots.md). */
final class SnapshotCalls {
  private final MasterCaller master;

  SnapshotCalls(MasterCaller master) {
    this.master = master;
  }

  CompletableFuture<Void> snapshot(SnapshotDescription d, long nonce) {
    return master.procedure("Snapshot", SnapshotRequest.newBuilder().setName(d.getName())
        .setTable(SchemaCodec.toProto(d.getTableName()))
        .setSkipFlush(d.getType() == SnapshotType.SKIPFLUSH).setNonce(nonce).build());
  }

  CompletableFuture<Void> cloneSnapshot(String name, TableName table, long nonce) {
    return master.procedure("CloneSnapshot", CloneSnapshotRequest.newBuilder().setName(name)
        .setTable(SchemaCodec.toProto(table)).setNonce(nonce).build());
  }

  CompletableFuture<Void> restoreSnapshot(String name, boolean failsafe, long nonce) {
    return master.procedure("RestoreSnapshot", RestoreSnapshotRequest.newBuilder()
        .setName(name).setTakeFailsafeSnapshot(failsafe).setNonce(nonce).build());
  }

  CompletableFuture<Void> deleteSnapshot(String name) {
    return master.call("DeleteSnapshot", DeleteSnapshotRequest.newBuilder().setName(name)
        .build(), DeleteSnapshotResponse.parser()).thenApply(r -> null);
  }

  /** Deletes each snapshot the pattern matches, one after another. */
  CompletableFuture<Void> deleteSnapshots(Pattern pattern) {
    return list(pattern, null).thenCompose(all -> {
      CompletableFuture<Void> f = CompletableFuture.completedFuture(null);
      for (SnapshotDescription d : all) {
        f = f.thenCompose(x -> deleteSnapshot(d.getName()));
      }
      return f;
    });
  }

  /** The snapshots whose names match {@code names} and tables {@code tables} (null: any). */
  CompletableFuture<List<SnapshotDescription>> list(Pattern names, Pattern tables) {
    return master.call("ListSnapshots", ListSnapshotsRequest.getDefaultInstance(),
        ListSnapshotsResponse.parser()).thenApply(r -> {
          List<SnapshotDescription> out = new ArrayList<>();
          for (SnapshotDescriptionProto p : r.getSnapshotsList()) {
            TableName t = SchemaCodec.fromProto(p.getTable());
            if ((names == null || names.matcher(p.getName()).matches())
                && (tables == null || tables.matcher(t.getNameAsString()).matches())) {
              out.add(new SnapshotDescription(p.getName(), t,
                  p.getSkipFlush() ? SnapshotType.SKIPFLUSH : SnapshotType.FLUSH,
                  p.getCreationMillis(), p.getSizeBytes(), p.getMissingFilesList()));
            }
          }
          return out;
        });
  }
}
