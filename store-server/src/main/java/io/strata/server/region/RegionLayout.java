package io.strata.server.region;

import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.TableName;
import org.apache.hadoop.fs.Path;

/**
 * Where a region's files live under the root directory (DESIGN.md, root directory layout):
 *
 * <pre>
 * &lt;root&gt;/data/&lt;ns&gt;/&lt;table&gt;/&lt;encoded region&gt;/.regioninfo
 * &lt;root&gt;/data/&lt;ns&gt;/&lt;table&gt;/&lt;encoded region&gt;/&lt;family&gt;/&lt;block file&gt;
 * &lt;root&gt;/data/&lt;ns&gt;/&lt;table&gt;/&lt;encoded region&gt;/.tmp/   (flushes in progress)
 * &lt;root&gt;/data/&lt;ns&gt;/&lt;table&gt;/&lt;encoded region&gt;/.splits/&lt;daughter&gt;/ (a split being prepared)
 * &lt;root&gt;/data/&lt;ns&gt;/&lt;table&gt;/&lt;encoded region&gt;/.split   (a split's commit record)
 * &lt;root&gt;/data/&lt;ns&gt;/&lt;table&gt;/&lt;region&gt;/.merges/&lt;merged&gt;/ (a merge, staged)
 * &lt;root&gt;/data/&lt;ns&gt;/&lt;table&gt;/&lt;region&gt;/.merged  (a merge's commit record)
 * &lt;root&gt;/archive/data/&lt;ns&gt;/&lt;table&gt;/&lt;encoded region&gt;/&lt;family&gt;/ (replaced files)
 * </pre>
 */
public final class RegionLayout {
  public static final String REGION_INFO_FILE = ".regioninfo";
  public static final String TMP_DIR = ".tmp";
  public static final String RECOVERED_WALS_DIR = "recovered.wals";
  /** Daughters are prepared under the parent here, invisible until the split commits. */
  public static final String SPLITS_DIR = ".splits";
  /** The split's commit record; see {@link SplitRecord}. */
  public static final String SPLIT_RECORD_FILE = ".split";
  /** A merged region is prepared under its first parent here, until the merge commits. */
  public static final String MERGES_DIR = ".merges";
  /** The merge's commit record; see {@link MergeRecord}. */
  public static final String MERGE_RECORD_FILE = ".merged";

  private RegionLayout() {}

  public static Path tableDir(Path root, TableName table) {
    return new Path(new Path(new Path(root, "data"), table.getNamespace()), table.getQualifier());
  }

  /** The root directory a {@link #tableDir} is under. */
  public static Path rootOf(Path tableDir) {
    return tableDir.getParent().getParent().getParent();
  }

  /** The directory of the region with {@code encodedName} of {@code table}. */
  public static Path regionDir(Path root, TableName table, String encodedName) {
    return new Path(tableDir(root, table), encodedName);
  }

  public static Path regionDir(Path root, RegionInfo region) {
    return new Path(tableDir(root, region.getTable()), region.getEncodedName());
  }

  public static Path mergeRecord(Path regionDir) {
    return new Path(regionDir, MERGE_RECORD_FILE);
  }

  public static Path mergesDir(Path regionDir) {
    return new Path(regionDir, MERGES_DIR);
  }

  /**
   * The block files (and reference files) in a family's directory: its files not starting with
   * a dot (temporary files, records); none when the directory does not exist.
   */
  public static java.util.List<org.apache.hadoop.fs.FileStatus> familyFiles(
      org.apache.hadoop.fs.FileSystem fs, Path regionDir, String family)
      throws java.io.IOException {
    Path dir = familyDir(regionDir, family);
    if (!fs.exists(dir)) {
      return java.util.List.of();
    }
    return java.util.Arrays.stream(fs.listStatus(dir))
        .filter(st -> st.isFile() && !st.getPath().getName().startsWith(".")).toList();
  }

  public static Path familyDir(Path regionDir, String family) {
    return new Path(regionDir, family);
  }

  /** Where compactions move the files they replaced: {@code <root>/archive/data/...}. */
  public static Path archiveFamilyDir(Path root, RegionInfo region, String family) {
    return new Path(new Path(archiveTableDir(root, region.getTable()), region.getEncodedName()),
        family);
  }

  public static Path archiveTableDir(Path root, TableName table) {
    return new Path(new Path(new Path(new Path(root, "archive"), "data"),
        table.getNamespace()), table.getQualifier());
  }

  public static Path splitsDir(Path regionDir) {
    return new Path(regionDir, SPLITS_DIR);
  }

  public static Path splitRecord(Path regionDir) {
    return new Path(regionDir, SPLIT_RECORD_FILE);
  }

  /** Edits of the region split out of dead servers' WALs, replayed when it opens. */
  public static Path recoveredWalsDir(Path regionDir) {
    return new Path(regionDir, RECOVERED_WALS_DIR);
  }

  public static Path tmpDir(Path regionDir) {
    return new Path(regionDir, TMP_DIR);
  }
}
