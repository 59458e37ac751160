package io.strata.server.region;

import io.strata.server.fs.StorageFileSystems;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellComparator;
import io.strata.common.error.BadRequestException;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.RegionInfo;
import io.strata.common.util.Bytes;
import io.strata.server.blockfile.BlockFileReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Splits a region in two at a row. The steps, and what a crash after each leaves:
 *
 * <pre>
 *   1. close the parent (flush; refuse writes)       -> the parent reopens, nothing lost
 *   2. stage both daughters under &lt;parent&gt;/.splits/: .regioninfo and, per family, a
 *      reference (half) file for each parent file    -> the parent reopens; open deletes .splits/
 *   3. COMMIT: write &lt;parent&gt;/.split (synced temporary file, atomic rename)
 *                                                     -> the daughters are the regions
 *   4. move each daughter's directory into the table -> {@link SplitRecovery} moves the rest
 * </pre>
 *
 * So a crash at any step leaves either the parent or both daughters, never neither and never
 * both. Daughters read the parent's files through references until their first compaction
 * (requested when they open) rewrites them; then {@link SplitRecovery#cleanParentIfUnreferenced}
 * archives the parent's files and removes its directory.
 */
public final class RegionSplitter {
  private static final Logger LOG = LoggerFactory.getLogger(RegionSplitter.class);

  private RegionSplitter() {}

  /** The two daughters of a committed split. */
  public record Daughters(RegionInfo a, RegionInfo b, byte[] splitRow) {}

  /**
   * Splits {@code parent} at {@code splitRow}, or at its mid row when null, and closes it. The
   * daughters are committed but not opened: open them with {@link Region#open}. Whether this
   * returns or throws, {@link SplitRecovery#regionsToOpen} tells which regions to open next
   * (after a failure before the commit, the parent again). If closing the parent fails (its
   * final flush), the parent is left refusing requests with its edits in the WAL: abort it and
   * open it again, as after a crash. The caller must not reopen the parent elsewhere while a
   * split of it runs.
   */
  public static Daughters split(Region parent, byte[] splitRow) throws IOException {
    RegionInfo info = parent.info();
    parent.checkOpen();
    if (parent.hasReferences() || parent.hasLinks()) {
      throw new BadRequestException("region " + info.getRegionNameAsString()
          + " cannot split yet: it still reads " + (parent.hasLinks() ? "a snapshot's files "
          + "through link files" : "its parent's files through reference files")
          + "; compact it (major_compact) and split again");
    }
    byte[] row = splitRow;
    if (row == null) {
      parent.flush();
      row = midRow(parent);
      if (row == null) {
        throw new BadRequestException("region " + info.getRegionNameAsString()
            + " has no row to split at: it holds no data or a single row; "
            + "give an explicit split row or write more rows first");
      }
    }
    checkSplitRow(info, row);
    RegionContext ctx = parent.context();
    FileSystem fs = ctx.fs();
    long id = Math.max(ctx.clock().millis(), info.getRegionId() + 1);
    RegionInfo a = RegionInfo.newBuilder(info.getTable()).setStartKey(info.getStartKey())
        .setEndKey(row).setRegionId(id).build();
    RegionInfo b = RegionInfo.newBuilder(info.getTable()).setStartKey(row)
        .setEndKey(info.getEndKey()).setRegionId(id).build();

    parent.closeForSplit(); // only one split, and no other close, gets past this
    Path parentDir = parent.dir();
    Path staging = RegionLayout.splitsDir(parentDir);
    try {
      fs.delete(staging, true);
      Map<String, List<FileSides>> files = parentFiles(fs, parent, row);
      stage(fs, parent, files, new Path(staging, a.getEncodedName()), a, row, false);
      stage(fs, parent, files, new Path(staging, b.getEncodedName()), b, row, true);
      for (RegionInfo d : java.util.List.of(a, b)) {
        // Nothing else may touch the staging directory; if something did, do not commit.
        if (!fs.exists(new Path(new Path(staging, d.getEncodedName()),
            RegionLayout.REGION_INFO_FILE))) {
          throw new IOException("staged daughter " + d.getEncodedName() + " of region "
              + info.getEncodedName() + " vanished before the split committed; the parent "
              + "stays the region");
        }
      }
      new SplitRecord(row, a, b, ctx.clock().millis()).commit(fs,
          new Path(RegionLayout.tmpDir(parentDir), RegionLayout.SPLIT_RECORD_FILE),
          RegionLayout.splitRecord(parentDir));
    } catch (IOException | RuntimeException e) {
      try {
        if (!fs.exists(RegionLayout.splitRecord(parentDir))) {
          fs.delete(staging, true);
        }
      } catch (IOException cleanup) {
        e.addSuppressed(cleanup); // opening the parent deletes the staging directory too
      }
      throw e;
    }
    LOG.info("split region {} at row '{}' into {} and {}", info.getEncodedName(),
        Bytes.toStringBinary(row), a.getEncodedName(), b.getEncodedName());
    SplitRecovery.moveDaughtersIntoPlace(fs, parentDir);
    return new Daughters(a, b, row);
  }

  private static void checkSplitRow(RegionInfo info, byte[] row) throws BadRequestException {
    if (row.length == 0 || Bytes.compare(row, info.getStartKey()) <= 0
        || (!info.isLast() && Bytes.compare(row, info.getEndKey()) >= 0)) {
      throw new BadRequestException("split row '" + Bytes.toStringBinary(row)
          + "' is not inside region " + info.getRegionNameAsString() + " (start '"
          + Bytes.toStringBinary(info.getStartKey()) + "', end '"
          + Bytes.toStringBinary(info.getEndKey()) + "'); give a row after the start key and "
          + "before the end key");
    }
  }

  /** Which sides of the split row a parent file has rows on (read once for both daughters). */
  private record FileSides(String name, boolean bottom, boolean top) {}

  /** The parent's files per family, each with the sides of the split row it holds rows on. */
  private static Map<String, List<FileSides>> parentFiles(FileSystem fs, Region parent,
      byte[] row) throws IOException {
    Map<String, List<FileSides>> out = new LinkedHashMap<>();
    for (ColumnFamilyDescriptor f : parent.table().getColumnFamilies()) {
      List<FileSides> files = new ArrayList<>();
      for (FileStatus st : RegionLayout.familyFiles(fs, parent.dir(), f.getNameAsString())) {
        try (BlockFileReader r = BlockFileReader.open(fs, st.getPath())) {
          Cell first = r.firstKey();
          if (first != null) {
            files.add(new FileSides(st.getPath().getName(),
                CellComparator.INSTANCE.compareRow(first, row) < 0,
                CellComparator.INSTANCE.compareRow(r.lastKey(), row) >= 0));
          }
        }
      }
      out.put(f.getNameAsString(), files);
    }
    return out;
  }

  /** Writes a daughter's .regioninfo and one reference per parent file holding its half. */
  private static void stage(FileSystem fs, Region parent, Map<String, List<FileSides>> files,
      Path daughterDir, RegionInfo daughter, byte[] row, boolean top) throws IOException {
    RegionInfoFile.write(fs, daughterDir, daughter);
    for (Map.Entry<String, List<FileSides>> family : files.entrySet()) {
      Path target = RegionLayout.familyDir(daughterDir, family.getKey());
      StorageFileSystems.mkdirs(fs, target);
      for (FileSides f : family.getValue()) {
        if (top ? f.top() : f.bottom()) {
          ReferenceFile ref = new ReferenceFile(row, top, parent.info().getEncodedName(),
              f.name());
          ref.write(fs, new Path(target, ref.name()));
        }
      }
    }
  }

  /**
   * Where the region would split: the mid row of its largest store's largest file, or null when
   * no row divides it (no files, or one row). Flush first for the memstore to count.
   */
  public static byte[] midRow(Region r) throws IOException {
    Store largest = null;
    for (Store s : r.stores().values()) {
      if (largest == null || s.size() > largest.size()) {
        largest = s;
      }
    }
    byte[] row = largest == null ? null : largest.midRow();
    return row != null && Bytes.compare(row, r.info().getStartKey()) > 0 ? row : null;
  }
}
