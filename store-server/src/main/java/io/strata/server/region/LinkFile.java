package io.strata.server.region;

import io.strata.common.error.CorruptFileException;
import io.strata.common.proto.RegionProtos.LinkProto;
import io.strata.common.schema.SchemaCodec;
import io.strata.common.schema.TableName;
import io.strata.server.fs.RecordFiles;
import java.io.FileNotFoundException;
import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A link file: what a cloned or restored region keeps in its family directory in place of a
 * block file of another region (a snapshot's), which it reads whole as its own until a
 * compaction rewrites it (docs/formats/snapshot.md). Named {@code <file>=<region>}: block files
 * and references never hold an equals sign.
 *
 * @param table the table the block file was written in
 * @param region encoded name of the region it was written in
 * @param fileName the block file's name
 */
public record LinkFile(TableName table, String region, String fileName) {
  public static final int FORMAT_VERSION = 1;
  private static final char MARK = '=';

  /** True for the names links take. */
  public static boolean isLinkName(String name) {
    return name.indexOf(MARK) > 0;
  }

  public String name() {
    return fileName + MARK + region;
  }

  /** The block file where it was written, under {@code data/}. */
  public Path live(Path root, String family) {
    return new Path(new Path(RegionLayout.regionDir(root, table, region), family), fileName);
  }

  /** The block file once moved to the archive. */
  public Path archived(Path root, String family) {
    return new Path(new Path(new Path(RegionLayout.archiveTableDir(root, table), region),
        family), fileName);
  }

  /** Where the block file is now: where it was written, else the archive. */
  public Path resolve(FileSystem fs, Path root, String family) throws IOException {
    Path live = live(root, family);
    if (fs.exists(live)) {
      return live;
    }
    Path archived = archived(root, family);
    if (fs.exists(archived)) {
      return archived;
    }
    throw new FileNotFoundException("link " + name() + " names block file " + fileName
        + " of region " + region + " of table " + table + ", which is neither at " + live
        + " nor at " + archived + "; restore the file from a backup (or the snapshot's "
        + "export) or drop the table");
  }

  /** Writes the link to {@code familyDir}/{@link #name()} and syncs it. */
  public void write(FileSystem fs, Path familyDir) throws IOException {
    byte[] data = LinkProto.newBuilder().setVersion(FORMAT_VERSION)
        .setTable(SchemaCodec.toProto(table)).setRegion(region).setFileName(fileName).build()
        .toByteArray();
    RecordFiles.writeSynced(fs, new Path(familyDir, name()), data, false);
  }

  public static LinkFile read(FileSystem fs, Path path) throws IOException {
    LinkProto p = RecordFiles.parse(path, "link record", RecordFiles.read(fs, path),
        LinkProto::parseFrom);
    RecordFiles.checkVersion(path, "link", p.getVersion(), FORMAT_VERSION);
    if (!p.hasTable() || p.getRegion().isEmpty() || p.getFileName().isEmpty()) {
      throw new CorruptFileException(path.toString(),
          "link record lacks its table, region or file name");
    }
    LinkFile l = new LinkFile(SchemaCodec.fromProto(p.getTable()), p.getRegion(),
        p.getFileName());
    if (!l.name().equals(path.getName())) {
      throw new CorruptFileException(path.toString(), "link record names " + l.name()
          + ", not its own file name");
    }
    return l;
  }

  @Override
  public String toString() {
    return name() + " (file " + fileName + " of " + table + " region " + region + ")";
  }
}
