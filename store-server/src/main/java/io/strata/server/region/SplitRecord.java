package io.strata.server.region;

import io.strata.server.fs.RecordFiles;
import com.google.protobuf.ByteString;
import io.strata.common.error.CorruptFileException;
import io.strata.common.proto.RegionProtos.SplitRecordProto;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.SchemaCodec;
import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The commit record of a split, {@code <parent>/.split} (docs/formats/split.md). Its appearance,
 * by an atomic rename, is the moment the split happens: before it the parent is the region,
 * after it the two daughters are.
 */
record SplitRecord(byte[] splitRow, RegionInfo daughterA, RegionInfo daughterB,
    long createdMillis) {
  static final int FORMAT_VERSION = 1;

  /** Writes the record to {@code tmp}, syncs it, and renames it into place: the commit. */
  void commit(FileSystem fs, Path tmp, Path target) throws IOException {
    byte[] data = SplitRecordProto.newBuilder().setVersion(FORMAT_VERSION)
        .setSplitRow(ByteString.copyFrom(splitRow))
        .setDaughterA(SchemaCodec.toProto(daughterA)).setDaughterB(SchemaCodec.toProto(daughterB))
        .setCreatedMillis(createdMillis).build().toByteArray();
    RecordFiles.commit(fs, tmp, target, data, "split record");
  }

  /** The region's split record, or null if it has not split. */
  static SplitRecord readIfPresent(FileSystem fs, Path regionDir) throws IOException {
    Path path = RegionLayout.splitRecord(regionDir);
    byte[] data = RecordFiles.readIfPresent(fs, path);
    if (data == null) {
      return null;
    }
    SplitRecordProto p = RecordFiles.parse(path, "split record", data,
        SplitRecordProto::parseFrom);
    RecordFiles.checkVersion(path, "split record", p.getVersion(), FORMAT_VERSION);
    if (!p.hasDaughterA() || !p.hasDaughterB() || p.getSplitRow().isEmpty()) {
      throw new CorruptFileException(path.toString(),
          "split record lacks its split row or a daughter");
    }
    return new SplitRecord(p.getSplitRow().toByteArray(), SchemaCodec.fromProto(p.getDaughterA()),
        SchemaCodec.fromProto(p.getDaughterB()), p.getCreatedMillis());
  }
}
