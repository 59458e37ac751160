package io.strata.server.region;

import io.strata.server.fs.StorageFileSystems;
import io.strata.server.fs.RecordFiles;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.SchemaCodec;
import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** A region directory's {@code .regioninfo} file (docs/formats/schema.md). */
public final class RegionInfoFile {
  private RegionInfoFile() {}

  /** Writes {@code <regionDir>/.regioninfo} through a synced temporary file and a rename. */
  public static void write(FileSystem fs, Path regionDir, RegionInfo info) throws IOException {
    StorageFileSystems.mkdirs(fs, regionDir);
    Path tmp = new Path(RegionLayout.tmpDir(regionDir), RegionLayout.REGION_INFO_FILE);
    RecordFiles.writeSynced(fs, tmp, SchemaCodec.serialize(info), true);
    Path target = new Path(regionDir, RegionLayout.REGION_INFO_FILE);
    // A step run again writes the same content; HDFS will not rename over an existing file.
    fs.delete(target, false);
    if (!fs.rename(tmp, target)) {
      throw new IOException("could not move " + tmp + " to " + target);
    }
  }

  /** Reads {@code <regionDir>/.regioninfo}; null if the directory holds none. */
  public static RegionInfo readIfPresent(FileSystem fs, Path regionDir) throws IOException {
    Path file = new Path(regionDir, RegionLayout.REGION_INFO_FILE);
    byte[] stored = RecordFiles.readIfPresent(fs, file);
    return stored == null ? null : SchemaCodec.parseRegionInfo(stored, file.toString());
  }
}
