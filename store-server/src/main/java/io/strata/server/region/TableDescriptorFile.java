package io.strata.server.region;

import io.strata.server.fs.StorageFileSystems;
import io.strata.common.schema.SchemaCodec;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.server.fs.RecordFiles;
import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** A table directory's {@code .tabledesc} file: the table's schema (docs/formats/schema.md). */
public final class TableDescriptorFile {
  public static final String NAME = ".tabledesc";

  private TableDescriptorFile() {}

  /** Writes the descriptor through a synced temporary file and a rename over the old one. */
  public static void write(FileSystem fs, Path root, TableDescriptor table) throws IOException {
    Path dir = RegionLayout.tableDir(root, table.getTableName());
    StorageFileSystems.mkdirs(fs, dir);
    Path tmp = new Path(dir, NAME + ".tmp");
    RecordFiles.writeSynced(fs, tmp, SchemaCodec.serialize(table), true);
    Path target = new Path(dir, NAME);
    fs.delete(target, false);
    if (!fs.rename(tmp, target)) {
      throw new IOException("could not move " + tmp + " to " + target);
    }
  }

  /** The table's descriptor, or null when its directory has none. */
  public static TableDescriptor readIfPresent(FileSystem fs, Path root, TableName table)
      throws IOException {
    Path dir = RegionLayout.tableDir(root, table);
    Path file = new Path(dir, NAME);
    byte[] data = RecordFiles.readIfPresent(fs, file);
    if (data == null) {
      // A crash between the delete and the rename of a rewrite leaves only the new version.
      Path tmp = new Path(dir, NAME + ".tmp");
      data = RecordFiles.readIfPresent(fs, tmp);
      file = tmp;
    }
    return data == null ? null : SchemaCodec.parseTableDescriptor(data, file.toString());
  }
}
