package io.strata.server.region;

import io.strata.common.cell.Cell;
import io.strata.common.util.Bytes;
import io.strata.server.blockfile.BlockFileReader;
import io.strata.server.memstore.Segment;
import io.strata.server.scan.CellSource;
import io.strata.server.scan.FileSource;
import io.strata.server.scan.MergingScanner;
import io.strata.server.scan.RowMatcher;
import io.strata.server.scan.ScanSpec;
import io.strata.server.scan.SegmentSource;
import java.util.ArrayList;
import java.util.List;

/**
 * One thread's reusable read objects: the scanner stack of a get (merging heap, matcher, region
 * scanner), its sources and lists. A get made from these allocates only what it returns and the
 * block lookups, not a few hundred objects' worth of scaffolding. Only for reads that end before
 * their call returns ({@link Region#readRow}): a scanner handed to a caller is never pooled.
 * Taken and given back on one thread; a nested read on the same thread (a reader that reads
 * again) finds it taken and allocates.
 */
final class ReadScratch implements SourcePool {
  private static final ThreadLocal<ReadScratch> LOCAL = ThreadLocal.withInitial(ReadScratch::new);

  private boolean taken;
  final List<CellSource> sources = new ArrayList<>(4);
  final List<Cell> row = new ArrayList<>();
  final MergingScanner merged = new MergingScanner(List.of());
  final RowMatcher matcher = new RowMatcher(ScanSpec.all(), family -> null, 0);
  final RegionScanner scanner = new RegionScanner(merged, matcher, Bytes.EMPTY, Bytes.EMPTY);
  private final List<Segment> segmentList = new ArrayList<>(2);
  private final List<StoreFile> fileList = new ArrayList<>(4);
  private final List<FileSource> freeFileSources = new ArrayList<>();
  private final List<FileSource> usedFileSources = new ArrayList<>();
  private final List<SegmentSource> freeSegmentSources = new ArrayList<>();
  private final List<SegmentSource> usedSegmentSources = new ArrayList<>();

  private final io.strata.common.cell.FirstOnRow seekKey =
      new io.strata.common.cell.FirstOnRow(Bytes.EMPTY);

  /** The first key of {@code row}, in one reused object (valid until the next call). */
  Cell seekKey(byte[] row) {
    seekKey.setRow(row);
    return seekKey;
  }

  /** This thread's scratch, or null if a read on this thread holds it already. */
  static ReadScratch take() {
    ReadScratch s = LOCAL.get();
    if (s.taken) {
      return null;
    }
    s.taken = true;
    return s;
  }

  /**
   * Gives the scratch back once the read's scanner is closed: its sources are free for the next
   * read, and nothing keeps the last read's cells or files reachable.
   */
  void giveBack() {
    // Element by element: addAll would copy each list into a new array.
    for (int i = 0; i < usedFileSources.size(); i++) {
      freeFileSources.add(usedFileSources.get(i));
    }
    usedFileSources.clear();
    for (int i = 0; i < usedSegmentSources.size(); i++) {
      freeSegmentSources.add(usedSegmentSources.get(i));
    }
    usedSegmentSources.clear();
    sources.clear();
    row.clear();
    merged.reset(List.of());
    taken = false;
  }

  @Override
  public FileSource fileSource(BlockFileReader reader, boolean cacheData, long rank,
      Runnable release) {
    FileSource s;
    if (freeFileSources.isEmpty()) {
      s = new FileSource(reader.scanner(cacheData), rank, release);
    } else {
      s = freeFileSources.remove(freeFileSources.size() - 1);
      s.reset(reader, cacheData, rank, release);
    }
    usedFileSources.add(s);
    return s;
  }

  @Override
  public SegmentSource segmentSource(Segment segment, long readPoint, long rank) {
    SegmentSource s;
    if (freeSegmentSources.isEmpty()) {
      s = new SegmentSource(segment, readPoint, rank);
    } else {
      s = freeSegmentSources.remove(freeSegmentSources.size() - 1);
      s.reset(segment, readPoint, rank);
    }
    usedSegmentSources.add(s);
    return s;
  }

  @Override
  public List<Segment> segmentList() {
    segmentList.clear();
    return segmentList;
  }

  @Override
  public List<StoreFile> fileList() {
    fileList.clear();
    return fileList;
  }
}
