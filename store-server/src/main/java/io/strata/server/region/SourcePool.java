package io.strata.server.region;

import io.strata.server.blockfile.BlockFileReader;
import io.strata.server.memstore.Segment;
import io.strata.server.scan.FileSource;
import io.strata.server.scan.SegmentSource;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a read gets its sources and scratch lists: {@link #ALLOCATING} makes new ones for every
 * read; a {@link ReadScratch} reuses one thread's objects across gets.
 */
interface SourcePool {
  SourcePool ALLOCATING = new SourcePool() {
    @Override
    public FileSource fileSource(BlockFileReader reader, boolean cacheData, long rank,
        Runnable release) {
      return new FileSource(reader.scanner(cacheData), rank, release);
    }

    @Override
    public SegmentSource segmentSource(Segment segment, long readPoint, long rank) {
      return new SegmentSource(segment, readPoint, rank);
    }

    @Override
    public List<Segment> segmentList() {
      return new ArrayList<>(2);
    }

    @Override
    public List<StoreFile> fileList() {
      return new ArrayList<>();
    }
  };

  /** A source over the file (retained by the caller; closing runs {@code release}). */
  FileSource fileSource(BlockFileReader reader, boolean cacheData, long rank, Runnable release);

  /** A source over the retained segment. */
  SegmentSource segmentSource(Segment segment, long readPoint, long rank);

  /** An empty list to pin segments in while sources are chosen. */
  List<Segment> segmentList();

  /** An empty list to pin files in while sources are chosen. */
  List<StoreFile> fileList();
}
