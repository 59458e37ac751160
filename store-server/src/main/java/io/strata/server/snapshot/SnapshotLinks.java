package io.strata.server.snapshot;

import io.strata.common.error.CorruptedSnapshotException;
import io.strata.common.error.SnapshotDoesNotExistException;
import io.strata.common.proto.SnapshotProtos.SnapshotFileProto;
import io.strata.common.proto.SnapshotProtos.SnapshotManifestProto;
import io.strata.common.proto.SnapshotProtos.SnapshotRegionProto;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.TableName;
import io.strata.server.fs.StorageFileSystems;
import io.strata.server.region.LinkFile;
import io.strata.server.region.RegionInfoFile;
import io.strata.server.region.RegionLayout;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Makes regions that read a snapshot's block files through links, for a clone or a restore:
 * nothing is copied; each region reads the files where they are until a compaction rewrites
 * them into its own.
 */
public final class SnapshotLinks {
  private SnapshotLinks() {}

  /**
   * The manifest of snapshot {@code name}, every file it names present; a
   * SnapshotDoesNotExistException or a CorruptedSnapshotException naming what is missing.
   */
  public static SnapshotManifestProto readComplete(FileSystem fs, Path root, String name)
      throws IOException {
    SnapshotLayout.checkName(name);
    SnapshotManifestProto m;
    try {
      m = SnapshotManifest.read(fs, SnapshotLayout.snapshotDir(root, name));
    } catch (FileNotFoundException e) {
      throw new SnapshotDoesNotExistException(name);
    }
    List<String> missing = SnapshotReferences.missingFiles(fs, root, m);
    if (!missing.isEmpty()) {
      throw new CorruptedSnapshotException(name, missing);
    }
    return m;
  }

  /**
   * Marks {@code table} as one whose regions may read snapshots' files through links: the
   * archive cleaner then keeps what they link to, and no region server writes over it.
   */
  public static void mark(FileSystem fs, Path root, TableName table) throws IOException {
    Path mark = SnapshotLayout.cloneMark(root, table);
    StorageFileSystems.mkdirs(fs, mark.getParent());
    fs.create(mark, true).close();
  }

  /**
   * Writes region {@code region} reading {@code from}'s files through links: its .regioninfo and
   * a link per file. Done again after a crash, it writes what is missing.
   */
  public static void writeRegion(FileSystem fs, Path root, RegionInfo region,
      SnapshotRegionProto from) throws IOException {
    Path dir = RegionLayout.regionDir(root, region);
    RegionInfoFile.write(fs, dir, region);
    for (SnapshotFileProto f : from.getFilesList()) {
      LinkFile link = SnapshotManifest.fromProto(f).link();
      Path familyDir = RegionLayout.familyDir(dir, f.getFamily());
      if (!fs.exists(new Path(familyDir, link.name()))) {
        StorageFileSystems.mkdirs(fs, familyDir);
        link.write(fs, familyDir);
      }
    }
  }
}
