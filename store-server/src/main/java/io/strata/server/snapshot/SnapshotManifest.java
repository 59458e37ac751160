package io.strata.server.snapshot;

import io.strata.common.proto.SnapshotProtos.SnapshotFileProto;
import io.strata.common.proto.SnapshotProtos.SnapshotManifestProto;
import io.strata.common.schema.SchemaCodec;
import io.strata.common.schema.TableName;
import io.strata.server.fs.RecordFiles;
import io.strata.server.region.StoreFileRef;
import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** Reads and writes a snapshot's manifest (docs/formats/snapshot.md); its version is checked. */
public final class SnapshotManifest {
  public static final int FORMAT_VERSION = 1;

  private SnapshotManifest() {}

  /** Writes {@code manifest} into {@code dir}, synced, replacing an earlier try's. */
  public static void write(FileSystem fs, Path dir, SnapshotManifestProto manifest)
      throws IOException {
    RecordFiles.writeSynced(fs, SnapshotLayout.manifest(dir),
        manifest.toBuilder().setVersion(FORMAT_VERSION).build().toByteArray(), true);
  }

  /** The manifest in {@code dir}. */
  public static SnapshotManifestProto read(FileSystem fs, Path dir) throws IOException {
    Path path = SnapshotLayout.manifest(dir);
    SnapshotManifestProto m = RecordFiles.parse(path, "snapshot manifest",
        RecordFiles.read(fs, path), SnapshotManifestProto::parseFrom);
    RecordFiles.checkVersion(path, "snapshot manifest", m.getVersion(), FORMAT_VERSION);
    return m;
  }

  /** The file as the manifest records it. */
  public static SnapshotFileProto toProto(StoreFileRef f) {
    return SnapshotFileProto.newBuilder().setFamily(f.family())
        .setTable(SchemaCodec.toProto(f.table())).setRegion(f.region())
        .setFileName(f.fileName()).setLength(f.length()).build();
  }

  public static StoreFileRef fromProto(SnapshotFileProto f) {
    return new StoreFileRef(f.getFamily(), SchemaCodec.fromProto(f.getTable()), f.getRegion(),
        f.getFileName(), f.getLength());
  }

  /** The file's path relative to {@code data/} and to {@code archive/data/}. */
  public static String relativePath(StoreFileRef f) {
    TableName t = f.table();
    return t.getNamespace() + "/" + t.getQualifier() + "/" + f.region() + "/" + f.family() + "/"
        + f.fileName();
  }

  /** Where the file is now: where it was written, else the archive; null when in neither. */
  public static Path locate(FileSystem fs, Path root, StoreFileRef f) throws IOException {
    Path live = f.link().live(root, f.family());
    if (fs.exists(live)) {
      return live;
    }
    Path archived = f.link().archived(root, f.family());
    return fs.exists(archived) ? archived : null;
  }
}
