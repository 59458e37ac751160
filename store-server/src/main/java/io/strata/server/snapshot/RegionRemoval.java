package io.strata.server.snapshot;

import io.strata.common.schema.TableName;
import io.strata.server.fs.StorageFileSystems;
import io.strata.server.region.RegionLayout;
import java.io.FileNotFoundException;
import java.io.IOException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Removes a region's directory (a deleted or truncated table's, a restored table's old one),
 * or one family's: deleted outright, unless a snapshot may name its block files, which then
 * move to the archive first, where the archive cleaner keeps them while a snapshot needs them.
 */
public final class RegionRemoval {
  private RegionRemoval() {}

  /** Removes {@code regionDir} of {@code table}; a repeat after a crash finishes the job. */
  public static void remove(FileSystem fs, Path root, TableName table, Path regionDir)
      throws IOException {
    if (SnapshotReferences.pinsFiles(fs, root)) {
      FileStatus[] families;
      try {
        families = fs.listStatus(regionDir);
      } catch (FileNotFoundException gone) {
        return;
      }
      for (FileStatus family : families) {
        if (family.isDirectory() && !family.getPath().getName().startsWith(".")) {
          archiveFamily(fs, root, table, family.getPath());
        }
      }
    }
    fs.delete(regionDir, true);
  }

  /** Removes one family's directory of a region. */
  public static void removeFamily(FileSystem fs, Path root, TableName table, Path familyDir)
      throws IOException {
    if (SnapshotReferences.pinsFiles(fs, root)) {
      archiveFamily(fs, root, table, familyDir);
    }
    fs.delete(familyDir, true);
  }

  /**
   * Whether a deleted table's archive directory may go at once: not while a snapshot may name
   * the files in it (the archive cleaner removes them when none does).
   */
  public static boolean mayDropArchive(FileSystem fs, Path root) throws IOException {
    return !SnapshotReferences.pinsFiles(fs, root);
  }

  private static void archiveFamily(FileSystem fs, Path root, TableName table, Path familyDir)
      throws IOException {
    FileStatus[] files;
    try {
      files = fs.listStatus(familyDir);
    } catch (FileNotFoundException gone) {
      return;
    }
    Path target = new Path(new Path(RegionLayout.archiveTableDir(root, table),
        familyDir.getParent().getName()), familyDir.getName());
    for (FileStatus f : files) {
      if (f.isFile() && !f.getPath().getName().startsWith(".")) {
        StorageFileSystems.mkdirs(fs, target);
        Path to = new Path(target, f.getPath().getName());
        if (!fs.rename(f.getPath(), to) && fs.exists(f.getPath())) {
          throw new IOException("could not move " + f.getPath() + " to the archive at " + to);
        }
      }
    }
  }
}
