package io.strata.server.region;

import io.strata.common.error.CorruptFileException;
import io.strata.common.proto.RegionProtos.MergeRecordProto;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.SchemaCodec;
import io.strata.server.fs.RecordFiles;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The commit record of a merge, {@code <parent>/.merged} (docs/formats/split.md). Its
 * appearance in the first parent, by an atomic rename, is the moment the merge happens: before
 * it the parents are the regions, after it the merged region is; the other parents get a copy,
 * so that each parent says by itself that it is merged.
 */
record MergeRecord(RegionInfo merged, List<RegionInfo> parents, long createdMillis) {
  static final int FORMAT_VERSION = 1;

  /** Writes the record to {@code tmp}, syncs it, and renames it into place. */
  void commit(FileSystem fs, Path tmp, Path target) throws IOException {
    MergeRecordProto.Builder b = MergeRecordProto.newBuilder().setVersion(FORMAT_VERSION)
        .setMerged(SchemaCodec.toProto(merged)).setCreatedMillis(createdMillis);
    parents.forEach(p -> b.addParents(SchemaCodec.toProto(p)));
    RecordFiles.commit(fs, tmp, target, b.build().toByteArray(), "merge record");
  }

  /** The region's merge record, or null if it was not merged away. */
  static MergeRecord readIfPresent(FileSystem fs, Path regionDir) throws IOException {
    Path path = RegionLayout.mergeRecord(regionDir);
    byte[] data = RecordFiles.readIfPresent(fs, path);
    if (data == null) {
      return null;
    }
    MergeRecordProto p = RecordFiles.parse(path, "merge record", data,
        MergeRecordProto::parseFrom);
    RecordFiles.checkVersion(path, "merge record", p.getVersion(), FORMAT_VERSION);
    if (!p.hasMerged() || p.getParentsCount() < 2) {
      throw new CorruptFileException(path.toString(),
          "merge record lacks its merged region or names fewer than two parents");
    }
    return new MergeRecord(SchemaCodec.fromProto(p.getMerged()),
        p.getParentsList().stream().map(SchemaCodec::fromProto).toList(), p.getCreatedMillis());
  }
}
