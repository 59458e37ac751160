package io.strata.server.region;

import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.server.scan.RowMatcher;
import io.strata.server.scan.ScanSpec;
import java.util.List;

/**
 * What a file that replaces only some of a store's cells keeps (HBase's COMPACT_RETAIN_DELETES):
 * every delete marker, since older files may hold cells it must go on masking, and no cell that
 * a marker beside it masks or that has expired. A major compaction, which sees every cell,
 * drops the markers too.
 *
 * <ul>
 *   <li>A flush also applies the family's VERSIONS and TTL to what it writes, as HBase's does: a
 *       column written 5 times in a family of VERSIONS 3 keeps its 3 newest, so deleting the
 *       newest afterwards shows 2, not a fourth brought back.
 *   <li>A minor compaction drops only what no later write or delete can show again: masked
 *       cells, and cells past the TTL in a family without MIN_VERSIONS. It keeps surplus
 *       versions (and, with MIN_VERSIONS, expired ones), which a later delete of newer versions
 *       may still uncover, so that when a compaction runs never changes what a read returns.
 * </ul>
 */
final class RetainDeletes {
  private RetainDeletes() {}

  /** The matcher of a flush of {@code family}'s memstore at {@code nowMillis}. */
  static RowMatcher flush(ColumnFamilyDescriptor family, long nowMillis) {
    return matcher(family, nowMillis);
  }

  /**
   * The matcher of a minor compaction of {@code family}'s {@code inputs} at {@code nowMillis},
   * or null when it could drop nothing: no TTL applies and no input holds a delete marker or a
   * tagged cell (a mutation's TTL is a tag), as their file infos say. The merge then only drops
   * older copies of a key, at a fraction of the matcher's cost.
   */
  static RowMatcher minorCompaction(ColumnFamilyDescriptor family, List<StoreFile> inputs,
      long nowMillis) {
    boolean ttl = family.getTimeToLive() != ColumnFamilyDescriptor.FOREVER
        && family.getMinVersions() == 0;
    if (!ttl && inputs.stream().noneMatch(f -> f.reader().mayHoldDeleteMarkers()
        || f.reader().mayHoldTaggedCells())) {
      return null;
    }
    ColumnFamilyDescriptor.Builder safe = ColumnFamilyDescriptor.newBuilder(family)
        .setMaxVersions(Integer.MAX_VALUE);
    if (!ttl) {
      safe.setTimeToLive(ColumnFamilyDescriptor.FOREVER);
    }
    return matcher(safe.build(), nowMillis);
  }

  private static RowMatcher matcher(ColumnFamilyDescriptor settings, long nowMillis) {
    // Without seeking: a seek past a column's surplus versions would pass over its markers.
    RowMatcher m = new RowMatcher(ScanSpec.all().withMaxVersions(Integer.MAX_VALUE),
        f -> settings, nowMillis, false);
    m.knowFamilies(new byte[][] {settings.getName()}); // the store's one: matched, not copied
    m.keepDeleteMarkers();
    return m;
  }
}
