package io.strata.server.region;

import io.strata.common.error.BadRequestException;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.util.Bytes;
import io.strata.server.fs.StorageFileSystems;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Merges adjacent closed regions into one without copying data, the reverse of a split
 * (docs/formats/split.md): the merged region reads each parent's block files whole through
 * reference files until its first compaction, which the open of a region with references asks
 * for; the parents are removed once it no longer reads them ({@link SplitRecovery}). The master's
 * merge procedure calls {@link #merge} with the parents closed; every step can run again after a
 * crash.
 */
public final class RegionMerger {
  private static final Logger LOG = LoggerFactory.getLogger(RegionMerger.class);

  private RegionMerger() {}

  /**
   * The region that replaces {@code parents}: from the first's start key to the last's end key,
   * with an id above every parent's. Refuses fewer than two regions, regions of different
   * tables, and regions that do not follow one another without a gap.
   */
  public static RegionInfo mergedRegion(List<RegionInfo> parents, long nowMillis)
      throws BadRequestException {
    if (parents.size() < 2) {
      throw new BadRequestException("a merge needs two or more regions, got " + parents.size());
    }
    List<RegionInfo> sorted = new ArrayList<>(parents);
    sorted.sort(null);
    long id = nowMillis;
    for (int i = 0; i < sorted.size(); i++) {
      RegionInfo r = sorted.get(i);
      if (!r.getTable().equals(sorted.get(0).getTable())) {
        throw new BadRequestException("regions " + sorted.get(0).getEncodedName() + " and "
            + r.getEncodedName() + " are of different tables; merge regions of one table");
      }
      if (r.isMetaRegion()) {
        throw new BadRequestException("strata:meta does not merge");
      }
      if (i > 0 && !Bytes.equals(sorted.get(i - 1).getEndKey(), r.getStartKey())) {
        RegionInfo before = sorted.get(i - 1);
        throw new BadRequestException("regions " + before.getEncodedName() + " (ends at '"
            + Bytes.toStringBinary(before.getEndKey()) + "') and "
            + r.getEncodedName() + " (starts at '" + Bytes.toStringBinary(r.getStartKey())
            + "') are not adjacent; merge regions that follow one another");
      }
      id = Math.max(id, r.getRegionId() + 1);
    }
    return RegionInfo.newBuilder(sorted.get(0).getTable())
        .setStartKey(sorted.get(0).getStartKey())
        .setEndKey(sorted.get(sorted.size() - 1).getEndKey()).setRegionId(id).build();
  }

  /**
   * Refuses a parent that still reads its own parent's files through references (a fresh
   * daughter of a split or merge), or a snapshot's through links (a fresh clone): references
   * of references or links are not kept.
   */
  public static void checkMergeable(FileSystem fs, Path root, TableDescriptor table,
      List<RegionInfo> parents) throws IOException {
    for (RegionInfo p : parents) {
      for (ColumnFamilyDescriptor family : table.getColumnFamilies()) {
        for (FileStatus f : RegionLayout.familyFiles(fs, RegionLayout.regionDir(root, p),
            family.getNameAsString())) {
          String name = f.getPath().getName();
          if (LinkFile.isLinkName(name)) {
            throw new BadRequestException("region " + p.getEncodedName() + " still reads a "
                + "snapshot's files through links; major_compact it, then merge");
          }
          if (ReferenceFile.isReferenceName(name)) {
            throw new BadRequestException("region " + p.getEncodedName() + " still reads its "
                + "parent's files through references; major_compact it, then merge");
          }
        }
      }
    }
  }

  /**
   * Replaces the closed {@code parents} by {@code merged} on the file system: stages the merged
   * region under the first parent, commits by writing the merge record there, marks the other
   * parents, and moves the merged region into the table. Done again after a crash, it finishes
   * what the first run left.
   */
  public static void merge(FileSystem fs, Path root, TableDescriptor table,
      List<RegionInfo> parents, RegionInfo merged, long nowMillis) throws IOException {
    List<RegionInfo> sorted = new ArrayList<>(parents);
    sorted.sort(null);
    Path first = RegionLayout.regionDir(root, sorted.get(0));
    Path staged = new Path(RegionLayout.mergesDir(first), merged.getEncodedName());
    MergeRecord record = MergeRecord.readIfPresent(fs, first);
    if (record == null) {
      fs.delete(RegionLayout.mergesDir(first), true); // an earlier try that did not commit
      RegionInfoFile.write(fs, staged, merged);
      for (RegionInfo p : sorted) {
        stageReferences(fs, root, table, p, staged);
      }
      record = new MergeRecord(merged, sorted, nowMillis);
      record.commit(fs, new Path(RegionLayout.tmpDir(first), RegionLayout.MERGE_RECORD_FILE),
          RegionLayout.mergeRecord(first));
      LOG.info("merged regions {} into {}", sorted.stream().map(RegionInfo::getEncodedName)
          .toList(), merged.getEncodedName());
    } else if (!record.merged().equals(merged)) {
      throw new IOException("region " + sorted.get(0).getEncodedName() + " was merged into "
          + record.merged().getEncodedName() + " already, not " + merged.getEncodedName());
    }
    finish(fs, first, record);
  }

  /** Marks every parent and moves the merged region into place; idempotent. */
  static void finish(FileSystem fs, Path firstParentDir, MergeRecord record) throws IOException {
    Path tableDir = firstParentDir.getParent();
    for (RegionInfo p : record.parents()) {
      Path dir = new Path(tableDir, p.getEncodedName());
      if (fs.exists(dir) && !fs.exists(RegionLayout.mergeRecord(dir))) {
        record.commit(fs, new Path(RegionLayout.tmpDir(dir), RegionLayout.MERGE_RECORD_FILE),
            RegionLayout.mergeRecord(dir));
      }
    }
    Path staged = new Path(RegionLayout.mergesDir(firstParentDir),
        record.merged().getEncodedName());
    Path target = new Path(tableDir, record.merged().getEncodedName());
    if (fs.exists(staged)) {
      if (fs.exists(target)) {
        throw new IOException("merged region " + target.getName() + " is both staged at "
            + staged + " and in place at " + target + "; remove the staged copy if the one in "
            + "place holds the region's files");
      }
      if (!fs.rename(staged, target)) {
        throw new IOException("could not move merged region " + staged + " to " + target);
      }
    }
    fs.delete(RegionLayout.mergesDir(firstParentDir), true);
  }

  /**
   * One reference per block file of {@code parent}, reading it whole: the top half from the
   * parent's start key or, for the table's first region, the bottom half below its end key (a
   * parent's files hold only its own rows).
   */
  private static void stageReferences(FileSystem fs, Path root, TableDescriptor table,
      RegionInfo parent, Path mergedDir) throws IOException {
    boolean top = parent.getStartKey().length > 0;
    byte[] bound = top ? parent.getStartKey() : parent.getEndKey();
    for (ColumnFamilyDescriptor f : table.getColumnFamilies()) {
      Path target = RegionLayout.familyDir(mergedDir, f.getNameAsString());
      StorageFileSystems.mkdirs(fs, target);
      for (FileStatus st : RegionLayout.familyFiles(fs, RegionLayout.regionDir(root, parent),
          f.getNameAsString())) {
        ReferenceFile ref = new ReferenceFile(bound, top, parent.getEncodedName(),
            st.getPath().getName());
        ref.write(fs, new Path(target, ref.name()));
      }
    }
  }
}
