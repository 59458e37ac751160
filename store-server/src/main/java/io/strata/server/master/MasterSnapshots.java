package io.strata.server.master;

import io.strata.common.error.SnapshotDoesNotExistException;
import io.strata.common.proto.SnapshotProtos.DeleteSnapshotResponse;
import io.strata.common.proto.SnapshotProtos.ListSnapshotsResponse;
import io.strata.common.proto.SnapshotProtos.SnapshotDescriptionProto;
import io.strata.common.proto.SnapshotProtos.SnapshotFileProto;
import io.strata.common.proto.SnapshotProtos.SnapshotManifestProto;
import io.strata.common.proto.SnapshotProtos.SnapshotRegionProto;
import io.strata.common.schema.SchemaCodec;
import io.strata.common.schema.TableName;
import io.strata.server.snapshot.SnapshotLayout;
import io.strata.server.snapshot.SnapshotReferences;
import java.io.IOException;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The master's snapshot calls that are not procedures: listing snapshots (with the files each
 * misses, if any) and deleting one. Taking, cloning and restoring are procedures.
 */
final class MasterSnapshots {
  private static final Logger LOG = LoggerFactory.getLogger(MasterSnapshots.class);

  private final Master master;

  MasterSnapshots(Master master) {
    this.master = master;
  }

  /** Every complete snapshot, by name. */
  ListSnapshotsResponse list() throws IOException {
    ListSnapshotsResponse.Builder b = ListSnapshotsResponse.newBuilder();
    for (SnapshotManifestProto m : SnapshotReferences.snapshots(master.fs(), master.root())) {
      long size = 0;
      for (SnapshotRegionProto r : m.getRegionsList()) {
        for (SnapshotFileProto f : r.getFilesList()) {
          size += f.getLength();
        }
      }
      b.addSnapshots(SnapshotDescriptionProto.newBuilder().setName(m.getName())
          .setTable(m.getTable()).setCreationMillis(m.getCreationMillis())
          .setSkipFlush(m.getSkipFlush()).setSizeBytes(size)
          .addAllMissingFiles(SnapshotReferences.missingFiles(master.fs(), master.root(), m)));
    }
    return b.build();
  }

  /** The table a snapshot is of; SnapshotDoesNotExistException if there is none. */
  TableName tableOf(String name) throws IOException {
    SnapshotLayout.checkName(name);
    Path dir = SnapshotLayout.snapshotDir(master.root(), name);
    try {
      return SchemaCodec.fromProto(io.strata.server.snapshot.SnapshotManifest
          .read(master.fs(), dir).getTable());
    } catch (java.io.FileNotFoundException e) {
      throw new SnapshotDoesNotExistException(name);
    }
  }

  /**
   * Deletes a snapshot: its manifest first, so a crash midway leaves no snapshot, only a
   * directory the next delete of the name removes. Its files stay while another snapshot or a
   * clone's links name them; the archive cleaner removes the rest after their TTL.
   */
  DeleteSnapshotResponse delete(String name) throws IOException {
    tableOf(name);
    Path dir = SnapshotLayout.snapshotDir(master.root(), name);
    master.fs().delete(SnapshotLayout.manifest(dir), false);
    master.fs().delete(dir, true);
    LOG.info("deleted snapshot '{}'", name);
    return DeleteSnapshotResponse.getDefaultInstance();
  }
}
