package io.strata.server.region;

import io.strata.server.fs.RecordFiles;
import io.strata.common.error.CorruptFileException;
import io.strata.common.proto.RegionProtos.ReferenceProto;
import io.strata.common.util.Bytes;
import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A reference (half) file: what a daughter region keeps in its family directory in place of a
 * parent's block file, naming that file, the split row and the half it reads
 * (docs/formats/split.md). Block file names hold no dot, so a reference is named
 * {@code <parent file>.<parent encoded name>}.
 *
 * @param splitRow rows at or after it are the top half
 * @param top whether this daughter reads the top half
 * @param parentRegion encoded name of the region holding the file
 * @param fileName the referenced block file's name
 */
public record ReferenceFile(byte[] splitRow, boolean top, String parentRegion, String fileName) {
  static final int FORMAT_VERSION = 1;

  /** True for the names references take; block files never hold a dot. */
  public static boolean isReferenceName(String name) {
    return name.indexOf('.') > 0;
  }

  String name() {
    return fileName + "." + parentRegion;
  }

  /** Where the referenced file is: the parent's family directory, or the archive once cleaned. */
  Path resolve(FileSystem fs, Path tableDir, Path archiveTableDir, String family)
      throws IOException {
    Path live = new Path(new Path(new Path(tableDir, parentRegion), family), fileName);
    if (fs.exists(live)) {
      return live;
    }
    Path archived = new Path(new Path(new Path(archiveTableDir, parentRegion), family), fileName);
    if (fs.exists(archived)) {
      return archived;
    }
    throw new java.io.FileNotFoundException("reference " + name() + " names block file "
        + fileName + " of region " + parentRegion + ", which is neither at " + live
        + " nor at " + archived + "; restore the file from a backup or drop the reference");
  }

  /** Writes the reference to {@code path} and syncs it. */
  void write(FileSystem fs, Path path) throws IOException {
    byte[] data = ReferenceProto.newBuilder().setVersion(FORMAT_VERSION)
        .setSplitRow(com.google.protobuf.ByteString.copyFrom(splitRow)).setTop(top)
        .setParentRegion(parentRegion).setFileName(fileName).build().toByteArray();
    RecordFiles.writeSynced(fs, path, data, false);
  }

  static ReferenceFile read(FileSystem fs, Path path) throws IOException {
    ReferenceProto p = RecordFiles.parse(path, "reference record", RecordFiles.read(fs, path),
        ReferenceProto::parseFrom);
    RecordFiles.checkVersion(path, "reference", p.getVersion(), FORMAT_VERSION);
    if (p.getSplitRow().isEmpty() || p.getParentRegion().isEmpty() || p.getFileName().isEmpty()) {
      throw new CorruptFileException(path.toString(),
          "reference record lacks its split row, parent region or file name");
    }
    ReferenceFile r = new ReferenceFile(p.getSplitRow().toByteArray(), p.getTop(),
        p.getParentRegion(), p.getFileName());
    if (!r.name().equals(path.getName())) {
      throw new CorruptFileException(path.toString(), "reference record names "
          + r.name() + ", not its own file name");
    }
    return r;
  }

  @Override
  public String toString() {
    return name() + " (" + (top ? "top" : "bottom") + " half at '"
        + Bytes.toStringBinary(splitRow) + "')";
  }
}
