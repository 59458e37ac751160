package io.strata.server.region;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellUtil;
import io.strata.common.error.BadRequestException;
import io.strata.common.error.WrongRegionException;
import io.strata.common.util.Bytes;
import io.strata.server.blockfile.BlockFileReader;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Adds ready block files to a region's stores (a bulk load, docs/mapreduce.md): each checked to
 * hold only the region's rows, then, with the region's writes held off and its memstores
 * flushed, moved into its family's directory under a name carrying a fresh sequence id. The
 * loaded cells are visible at once; after a crash the files are in the directory and their
 * sequence id keeps a replayed WAL from hiding them, or from replaying what they follow.
 */
public final class BulkLoader {
  private static final Logger LOG = LoggerFactory.getLogger(BulkLoader.class);

  /** A block file to load into a family. */
  public record LoadFile(byte[] family, Path path) {}

  private BulkLoader() {}

  /** Loads {@code files} into {@code r}; returns their sequence id. */
  public static long load(Region r, List<LoadFile> files) throws IOException {
    if (files.isEmpty()) {
      throw new BadRequestException("a bulk load of region " + r.info().getRegionNameAsString()
          + " names no file");
    }
    FileSystem source = files.get(0).path().getFileSystem(r.context().fs().getConf());
    for (LoadFile f : files) {
      FileSystem fs = f.path().getFileSystem(r.context().fs().getConf());
      if (!fs.getUri().equals(source.getUri())) {
        throw new BadRequestException("a bulk load's files are on one file system; "
            + f.path() + " is on " + fs.getUri() + ", " + files.get(0).path() + " on "
            + source.getUri());
      }
    }
    for (LoadFile f : files) {
      r.checkFamily(f.family());
      checkRows(r, source, f.path());
    }
    return r.withWritesHeld(seq -> {
      for (LoadFile f : files) {
        r.stores().get(f.family()).addBulkLoaded(source, f.path(), seq);
      }
      LOG.info("region {}: bulk-loaded {} file(s) with sequence id {}", r.encodedName(),
          files.size(), seq);
      return seq;
    });
  }

  /** Refuses a file with rows outside the region: the loader splits it at the boundary first. */
  private static void checkRows(Region r, FileSystem source, Path file) throws IOException {
    try (BlockFileReader reader = BlockFileReader.open(source, file)) {
      Cell first = reader.firstKey();
      Cell last = reader.lastKey();
      if (first == null) {
        return;
      }
      for (Cell c : new Cell[] {first, last}) {
        byte[] row = CellUtil.cloneRow(c);
        if (!r.info().containsRow(row)) {
          throw new WrongRegionException(Bytes.toStringBinary(row) + " (in bulk-load file "
              + file + ", which must hold rows of one region only)",
              r.info().getRegionNameAsString());
        }
      }
    }
  }
}
