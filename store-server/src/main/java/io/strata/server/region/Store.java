package io.strata.server.region;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellComparator;
import io.strata.common.cell.KeyValue;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.server.blockfile.BlockFileOptions;
import io.strata.server.blockfile.BlockFileReader;
import io.strata.server.blockfile.BlockFileWriter;
import io.strata.server.memstore.ChunkPool;
import io.strata.server.memstore.MemStore;
import io.strata.server.memstore.Segment;
import io.strata.server.memstore.SequencedCell;
import io.strata.server.scan.CellSource;
import io.strata.server.scan.FileSource;
import io.strata.server.scan.SegmentSource;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * One column family of a region: its memstore and its block files (newest first). Files are
 * only added here (flush); the list is replaced, never changed, so readers take it lock-free.
 */
final class Store {
  private final FileSystem fs;
  private final ColumnFamilyDescriptor family;
  private final Path dir;
  private final MemStore memstore;
  private volatile List<BlockFileReader> files;

  private Store(FileSystem fs, ColumnFamilyDescriptor family, Path dir, MemStore memstore,
      List<BlockFileReader> files) {
    this.fs = fs;
    this.family = family;
    this.dir = dir;
    this.memstore = memstore;
    this.files = files;
  }

  static Store open(FileSystem fs, Path regionDir, ColumnFamilyDescriptor family, ChunkPool pool)
      throws IOException {
    Path dir = RegionLayout.familyDir(regionDir, family.getNameAsString());
    fs.mkdirs(dir);
    List<BlockFileReader> files = new ArrayList<>();
    try {
      for (FileStatus st : fs.listStatus(dir)) {
        if (st.isFile() && !st.getPath().getName().startsWith(".")) {
          files.add(BlockFileReader.open(fs, st.getPath()));
        }
      }
    } catch (IOException | RuntimeException e) {
      for (BlockFileReader r : files) {
        r.close();
      }
      throw e;
    }
    files.sort(NEWEST_FIRST);
    return new Store(fs, family, dir, new MemStore(pool), List.copyOf(files));
  }

  private static final Comparator<BlockFileReader> NEWEST_FIRST =
      Comparator.comparingLong(BlockFileReader::maxSequenceId).reversed();

  ColumnFamilyDescriptor family() {
    return family;
  }

  MemStore memstore() {
    return memstore;
  }

  List<BlockFileReader> files() {
    return files;
  }

  /** Highest WAL sequence id already in this store's files; -1 without files. */
  long maxFlushedSequenceId() {
    long max = -1;
    for (BlockFileReader r : files) {
      max = Math.max(max, r.maxSequenceId());
    }
    return max;
  }

  SequencedCell add(Cell c, long writeNumber, long walSeqId) {
    return memstore.add(c, writeNumber, walSeqId);
  }

  /**
   * The sources a reader at {@code readPoint} merges: memstore segments (pinned until the source
   * closes), then files, newest first.
   */
  List<CellSource> sources(long readPoint) {
    List<CellSource> out = new ArrayList<>();
    List<Segment> segments = memstore.retainSegments();
    // The active segment (last) is newest: give it the lowest rank.
    for (int i = segments.size() - 1, rank = 0; i >= 0; i--, rank++) {
      out.add(new SegmentSource(segments.get(i), readPoint, rank));
    }
    long rank = 2;
    for (BlockFileReader r : files) {
      out.add(new FileSource(r.scanner(), rank++));
    }
    return out;
  }

  /**
   * Writes the snapshot into a new block file under the region's temporary directory and
   * returns it, or null if the snapshot is empty. The file records {@code flushSeqId}.
   */
  Path writeSnapshot(Segment snapshot, long flushSeqId, Path tmpDir) throws IOException {
    if (snapshot.isEmpty()) {
      return null;
    }
    Path tmp = new Path(tmpDir, UUID.randomUUID().toString().replace("-", ""));
    BlockFileWriter w = BlockFileWriter.create(fs, tmp, BlockFileOptions.forFamily(family));
    try {
      KeyValue last = null;
      for (SequencedCell c : snapshot.cells()) {
        // Equal keys written by several edits: the first (newest) is kept.
        if (last != null && CellComparator.INSTANCE.compare(last, c.cell()) == 0) {
          continue;
        }
        w.append(c.cell());
        last = c.cell();
      }
      w.setMaxSequenceId(flushSeqId);
      w.close();
      return tmp;
    } catch (IOException | RuntimeException e) {
      w.abort();
      throw e;
    }
  }

  /** Moves a written file into the family directory and makes it readable. */
  void commitFile(Path tmp) throws IOException {
    Path target = new Path(dir, tmp.getName());
    if (!fs.rename(tmp, target)) {
      throw new IOException("could not move flushed file " + tmp + " to " + target);
    }
    BlockFileReader reader = BlockFileReader.open(fs, target);
    List<BlockFileReader> next = new ArrayList<>(files);
    next.add(reader);
    next.sort(NEWEST_FIRST);
    files = List.copyOf(next);
  }

  void close() throws IOException {
    IOException first = null;
    for (BlockFileReader r : files) {
      try {
        r.close();
      } catch (IOException e) {
        first = first == null ? e : first;
      }
    }
    files = List.of();
    if (first != null) {
      throw first;
    }
  }
}
