package io.strata.server.snapshot;

import io.strata.common.proto.SnapshotProtos.SnapshotFileProto;
import io.strata.common.proto.SnapshotProtos.SnapshotManifestProto;
import io.strata.common.proto.SnapshotProtos.SnapshotRegionProto;
import io.strata.common.schema.TableName;
import io.strata.server.region.LinkFile;
import io.strata.server.region.RegionLayout;
import io.strata.server.region.StoreFileRef;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which block files snapshots keep: those their manifests name (complete or being taken) and
 * those the links of tables cloned from them read. Such a file may move to the archive but is
 * neither deleted by the archive cleaner nor written over by a region server's recycling.
 */
public final class SnapshotReferences {
  private static final Logger LOG = LoggerFactory.getLogger(SnapshotReferences.class);

  /** How long a clone mark is kept without links: longer than any clone takes to write them. */
  private static final long MARK_GRACE_MILLIS = 10 * 60_000;

  private SnapshotReferences() {}

  /**
   * Whether archived block files must stay as they are: while any snapshot exists or is being
   * taken, or a table may still link to a snapshot's files. A region server asks before it
   * writes over a file a compaction replaced; a snapshot marks itself before it names files,
   * so no file it names is written over. Lists at most three small directories.
   */
  public static boolean pinsFiles(FileSystem fs, Path root) throws IOException {
    for (FileStatus st : list(fs, SnapshotLayout.dir(root))) {
      String name = st.getPath().getName();
      boolean marks = name.equals(SnapshotLayout.WORKING) || name.equals(SnapshotLayout.CLONES);
      if (!marks || list(fs, st.getPath()).length > 0) {
        return true;
      }
    }
    return false;
  }

  /** Manifests of the complete snapshots, by name. */
  public static List<SnapshotManifestProto> snapshots(FileSystem fs, Path root)
      throws IOException {
    List<SnapshotManifestProto> out = new ArrayList<>();
    for (FileStatus st : list(fs, SnapshotLayout.dir(root))) {
      if (st.isDirectory() && !st.getPath().getName().startsWith(".")) {
        try {
          out.add(SnapshotManifest.read(fs, st.getPath()));
        } catch (FileNotFoundException deletedMeanwhile) {
          // gone between the listing and the read
        }
      }
    }
    out.sort((a, b) -> a.getName().compareTo(b.getName()));
    return out;
  }

  /**
   * The block files kept, as paths relative to the archive ({@code data/<ns>/<table>/<region>/
   * <family>/<file>}): those named by every manifest, complete or being taken, and by every
   * link in the marked tables. A mark whose table has no link left is removed.
   */
  public static Set<String> kept(FileSystem fs, Path root) throws IOException {
    Set<String> kept = new HashSet<>();
    List<Path> manifests = new ArrayList<>();
    for (FileStatus st : list(fs, SnapshotLayout.dir(root))) {
      String name = st.getPath().getName();
      if (name.equals(SnapshotLayout.WORKING)) {
        for (FileStatus w : list(fs, st.getPath())) {
          manifests.add(w.getPath());
        }
      } else if (!name.startsWith(".")) {
        manifests.add(st.getPath());
      }
    }
    for (Path dir : manifests) {
      SnapshotManifestProto m;
      try {
        m = SnapshotManifest.read(fs, dir);
      } catch (FileNotFoundException notYetWrittenOrDeleted) {
        continue;
      }
      for (SnapshotRegionProto r : m.getRegionsList()) {
        for (SnapshotFileProto f : r.getFilesList()) {
          kept.add("data/" + SnapshotManifest.relativePath(SnapshotManifest.fromProto(f)));
        }
      }
    }
    for (FileStatus mark : list(fs, new Path(SnapshotLayout.dir(root), SnapshotLayout.CLONES))) {
      String[] parts = mark.getPath().getName().split("=", 2);
      TableName table = TableName.valueOf(parts[0], parts[1]);
      // A clone marks its table before it writes links: a fresh mark may have none yet.
      boolean fresh = System.currentTimeMillis() - mark.getModificationTime() < MARK_GRACE_MILLIS;
      if (!addLinks(fs, RegionLayout.tableDir(root, table), kept) && !fresh) {
        fs.delete(mark.getPath(), false);
        LOG.info("{} reads no snapshot's files through links any more", table);
      }
    }
    return kept;
  }

  /** Adds the targets of the table's links; false when it has none. */
  private static boolean addLinks(FileSystem fs, Path tableDir, Set<String> kept)
      throws IOException {
    boolean any = false;
    for (FileStatus region : list(fs, tableDir)) {
      if (!region.isDirectory() || region.getPath().getName().startsWith(".")) {
        continue;
      }
      for (FileStatus family : list(fs, region.getPath())) {
        if (!family.isDirectory() || family.getPath().getName().startsWith(".")) {
          continue;
        }
        for (FileStatus f : list(fs, family.getPath())) {
          if (LinkFile.isLinkName(f.getPath().getName())) {
            LinkFile l;
            try {
              l = LinkFile.read(fs, f.getPath());
            } catch (FileNotFoundException compactedMeanwhile) {
              continue;
            }
            any = true;
            kept.add("data/" + SnapshotManifest.relativePath(new StoreFileRef(
                family.getPath().getName(), l.table(), l.region(), l.fileName(), 0)));
          }
        }
      }
    }
    return any;
  }

  /** Files of {@code m} that are neither where they were written nor in the archive. */
  public static List<String> missingFiles(FileSystem fs, Path root, SnapshotManifestProto m)
      throws IOException {
    List<String> missing = new ArrayList<>();
    for (SnapshotRegionProto r : m.getRegionsList()) {
      for (SnapshotFileProto f : r.getFilesList()) {
        StoreFileRef ref = SnapshotManifest.fromProto(f);
        if (SnapshotManifest.locate(fs, root, ref) == null) {
          missing.add(SnapshotManifest.relativePath(ref));
        }
      }
    }
    return missing;
  }

  private static FileStatus[] list(FileSystem fs, Path dir) throws IOException {
    try {
      return fs.listStatus(dir);
    } catch (FileNotFoundException e) {
      return new FileStatus[0];
    }
  }
}
