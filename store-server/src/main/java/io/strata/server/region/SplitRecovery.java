package io.strata.server.region;

import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.TableName;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the outcome of splits and merges from the file system and finishes what a crash
 * interrupted (see {@link RegionSplitter} and {@link RegionMerger} for the steps): a parent with
 * a commit record is replaced by its daughters (or the merged region), whose directories are
 * moved into the table if a crash left them staged; a parent without one is still the region.
 * Also removes a parent once no region made from it reads its files (HBase's catalog janitor).
 */
public final class SplitRecovery {
  private static final Logger LOG = LoggerFactory.getLogger(SplitRecovery.class);

  private SplitRecovery() {}

  /**
   * The regions to open in place of {@code region}: itself if it has not split, else its
   * daughters (and theirs, if they split too), finishing any split a crash interrupted.
   */
  public static List<RegionInfo> regionsToOpen(FileSystem fs, Path root, RegionInfo region)
      throws IOException {
    Path dir = RegionLayout.regionDir(root, region);
    if (!fs.exists(dir)) {
      throw new java.io.FileNotFoundException("region " + region.getRegionNameAsString()
          + " has no directory " + dir + "; it was never created, or it split and was cleaned "
          + "up: list the table's regions with SplitRecovery.liveRegions");
    }
    SplitRecord record = SplitRecord.readIfPresent(fs, dir);
    if (record == null) {
      return List.of(region);
    }
    moveDaughtersIntoPlace(fs, dir);
    List<RegionInfo> out = new ArrayList<>(regionsToOpen(fs, root, record.daughterA()));
    out.addAll(regionsToOpen(fs, root, record.daughterB()));
    return out;
  }

  /**
   * Every region of the table that should serve, in start key order: the directories with a
   * {@code .regioninfo} and no split commit record, after finishing interrupted splits and
   * cleaning up parents no daughter reads any more.
   */
  public static List<RegionInfo> liveRegions(FileSystem fs, Path root, TableName table)
      throws IOException {
    Path tableDir = RegionLayout.tableDir(root, table);
    if (!fs.exists(tableDir)) {
      return List.of();
    }
    for (FileStatus st : regionDirs(fs, tableDir)) {
      if (fs.exists(RegionLayout.splitRecord(st.getPath()))) {
        moveDaughtersIntoPlace(fs, st.getPath());
        cleanParentIfUnreferenced(fs, root, table, st.getPath().getName());
      } else if (fs.exists(RegionLayout.mergeRecord(st.getPath()))) {
        MergeRecord m = MergeRecord.readIfPresent(fs, st.getPath());
        RegionMerger.finish(fs, new Path(tableDir, m.parents().get(0).getEncodedName()), m);
        cleanParentIfUnreferenced(fs, root, table, st.getPath().getName());
      }
    }
    List<RegionInfo> live = new ArrayList<>();
    for (FileStatus st : regionDirs(fs, tableDir)) {
      RegionInfo info = RegionInfoFile.readIfPresent(fs, st.getPath());
      if (info == null) {
        LOG.warn("{} has no {}; a region creation was interrupted, ignoring it", st.getPath(),
            RegionLayout.REGION_INFO_FILE);
      } else if (!fs.exists(RegionLayout.splitRecord(st.getPath()))
          && !fs.exists(RegionLayout.mergeRecord(st.getPath()))) {
        live.add(info);
      }
    }
    live.sort(null);
    return live;
  }

  private static FileStatus[] regionDirs(FileSystem fs, Path tableDir) throws IOException {
    return java.util.Arrays.stream(fs.listStatus(tableDir))
        .filter(st -> st.isDirectory() && !st.getPath().getName().startsWith("."))
        .toArray(FileStatus[]::new);
  }

  /** Moves a committed split's staged daughters into the table directory; idempotent. */
  static void moveDaughtersIntoPlace(FileSystem fs, Path parentDir) throws IOException {
    SplitRecord record = SplitRecord.readIfPresent(fs, parentDir);
    if (record == null) {
      return;
    }
    Path staging = RegionLayout.splitsDir(parentDir);
    for (RegionInfo d : List.of(record.daughterA(), record.daughterB())) {
      Path staged = new Path(staging, d.getEncodedName());
      Path target = new Path(parentDir.getParent(), d.getEncodedName());
      if (fs.exists(staged)) {
        if (fs.exists(target)) {
          throw new IOException("daughter " + d.getEncodedName() + " is both staged at "
              + staged + " and in place at " + target + "; remove the staged copy if the "
              + "one in place holds the daughter's files");
        }
        if (!fs.rename(staged, target)) {
          throw new IOException("could not move daughter " + staged + " to " + target);
        }
      } else if (!fs.exists(target)) {
        // Moved long ago, then split in turn and cleaned up once its own daughters no longer
        // read it. (A region splits only without references, so none of those read the parent.)
        LOG.debug("daughter {} of {} is gone: it split and was cleaned up", d.getEncodedName(),
            parentDir.getName());
      }
    }
    fs.delete(staging, true);
  }

  /**
   * Once both daughters of a split parent are in place and neither holds a reference to it,
   * moves the parent's block files to the archive and removes its directory. Returns whether it
   * did. A crash half way leaves the commit record, so the next call finishes the job.
   */
  public static boolean cleanParentIfUnreferenced(FileSystem fs, Path root, TableName table,
      String parentEncodedName) throws IOException {
    synchronized (CLEANUP_LOCK) {
      try {
        return clean(fs, root, table, parentEncodedName);
      } catch (java.io.FileNotFoundException e) {
        // Another process cleaned it meanwhile (the next call finds no split record).
        LOG.debug("clean-up of split parent {} raced another: {}", parentEncodedName,
            e.getMessage());
        return false;
      }
    }
  }

  /** One clean-up at a time in this process: two daughters' compactions may finish together. */
  private static final Object CLEANUP_LOCK = new Object();

  private static boolean clean(FileSystem fs, Path root, TableName table,
      String parentEncodedName) throws IOException {
    Path tableDir = RegionLayout.tableDir(root, table);
    Path parentDir = new Path(tableDir, parentEncodedName);
    List<RegionInfo> children = children(fs, parentDir);
    if (children == null) {
      return false;
    }
    String suffix = "." + parentEncodedName;
    for (RegionInfo d : children) {
      Path daughterDir = new Path(tableDir, d.getEncodedName());
      if (fs.exists(new Path(RegionLayout.splitsDir(parentDir), d.getEncodedName()))
          || fs.exists(new Path(RegionLayout.mergesDir(parentDir), d.getEncodedName()))) {
        return false; // still staged: the split's (or merge's) last step has not run
      }
      if (!fs.exists(daughterDir)) {
        continue; // split and cleaned up in turn; it read nothing of this parent any more
      }
      for (FileStatus family : fs.listStatus(daughterDir)) {
        if (!family.isDirectory() || family.getPath().getName().startsWith(".")) {
          continue;
        }
        for (FileStatus f : fs.listStatus(family.getPath())) {
          if (f.getPath().getName().endsWith(suffix)) {
            return false;
          }
        }
      }
    }
    Path archive = new Path(RegionLayout.archiveTableDir(root, table), parentEncodedName);
    for (FileStatus family : fs.listStatus(parentDir)) {
      if (!family.isDirectory() || family.getPath().getName().startsWith(".")) {
        continue;
      }
      Path archiveFamily = new Path(archive, family.getPath().getName());
      for (FileStatus f : fs.listStatus(family.getPath())) {
        Store.archive(fs, f.getPath(), archiveFamily);
      }
    }
    fs.delete(parentDir, true);
    LOG.info("removed parent {}: {} no longer read its files", parentEncodedName,
        children.stream().map(RegionInfo::getEncodedName).toList());
    return true;
  }

  /** The regions that replaced a split or merged parent, or null when it is still a region. */
  private static List<RegionInfo> children(FileSystem fs, Path parentDir) throws IOException {
    SplitRecord split = SplitRecord.readIfPresent(fs, parentDir);
    if (split != null) {
      return List.of(split.daughterA(), split.daughterB());
    }
    MergeRecord merge = MergeRecord.readIfPresent(fs, parentDir);
    return merge == null ? null : List.of(merge.merged());
  }
}
