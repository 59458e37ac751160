package io.strata.server.region;

import io.strata.common.schema.TableName;

/**
 * A block file a store reads, named where it was written: {@code <table>/<region>/<family>/
 * <fileName>} under {@code data/}, or the same under {@code archive/data/} once moved there.
 */
public record StoreFileRef(String family, TableName table, String region, String fileName,
    long length) {
  /** The link a clone of it keeps in its family directory. */
  public LinkFile link() {
    return new LinkFile(table, region, fileName);
  }
}
