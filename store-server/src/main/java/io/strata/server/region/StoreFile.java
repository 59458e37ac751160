package io.strata.server.region;

import io.strata.common.util.Bytes;
import io.strata.server.blockfile.BlockFileReader;
import io.strata.server.fs.DirectReader;
import io.strata.server.fs.RecycledFiles;
import io.strata.server.scan.CellSource;
import io.strata.server.scan.FileSource;
import io.strata.server.scan.HalfSource;
import java.io.IOException;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A block file of a store, reference counted: the store's file list holds one reference and each
 * open scanner one more. A compaction that replaces the file drops the list's reference; the
 * reader closes when the last scanner lets go, so scanners open across compactions keep reading.
 *
 * <p>In a daughter region a store file may be a reference ({@link ReferenceFile}): the entry in
 * the family directory is the small reference, and the reader reads half of the parent's file.
 */
final class StoreFile {
  private static final Logger LOG = LoggerFactory.getLogger(StoreFile.class);

  private final BlockFileReader reader;
  /** The entry in the family directory: the block file itself, or the reference. */
  private final Path storePath;
  private final ReferenceFile reference;
  /** Set when the entry is a link to another region's block file (a clone's). */
  private final LinkFile link;
  private final io.strata.common.util.RefCount refs = new io.strata.common.util.RefCount();
  /** Where the file went when a compaction replaced it: nobody will read its blocks again. */
  private volatile Path archived;
  private volatile RecycledFiles recycled;

  StoreFile(BlockFileReader reader) {
    this(reader, reader.path(), null, null);
  }

  StoreFile(BlockFileReader reader, Path storePath, ReferenceFile reference, LinkFile link) {
    this.reader = reader;
    this.storePath = storePath;
    this.reference = reference;
    this.link = link;
  }

  BlockFileReader reader() {
    return reader;
  }

  Path storePath() {
    return storePath;
  }

  /** The name in the family directory. */
  String name() {
    return storePath.getName();
  }

  boolean isReference() {
    return reference != null;
  }

  ReferenceFile reference() {
    return reference;
  }

  /** The link the entry is, or null. */
  LinkFile link() {
    return link;
  }

  /**
   * Whether the block file is another region's, read through a reference or a link: this store
   * did not write it, and must never write over it.
   */
  boolean isBorrowed() {
    return reference != null || link != null;
  }

  /**
   * The highest sequence id of the file's cells: its file info's, or for a bulk-loaded file the
   * id its name carries ({@link #bulkLoadedName}), given when it was loaded.
   */
  long maxSequenceId() {
    return Math.max(reader.maxSequenceId(), loadedSequenceId(storePath.getName()));
  }

  /** The name a file bulk-loaded with {@code sequenceId} takes in the family directory. */
  static String bulkLoadedName(long sequenceId) {
    return java.util.UUID.randomUUID().toString().replace("-", "") + BULK_LOADED + sequenceId
        + "_";
  }

  /** Marks a bulk-loaded file's name: {@code <uuid>_SeqId_<sequence id>_}, as HBase's. */
  private static final String BULK_LOADED = "_SeqId_";

  private static long loadedSequenceId(String name) {
    int at = name.indexOf(BULK_LOADED);
    if (at < 0 || !name.endsWith("_")) {
      return -1;
    }
    try {
      return Long.parseLong(name.substring(at + BULK_LOADED.length(), name.length() - 1));
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /**
   * The file's cells for a compaction, only its half for a reference; closing runs
   * {@code release}. Data blocks read from storage stay out of the block cache, and are read
   * through {@code direct} (the file opened around the page cache) when it is not null.
   */
  CellSource compactionSource(long rank, DirectReader direct, Runnable release) {
    return half(new FileSource(reader.scanner(false, direct), rank, release));
  }

  /**
   * The file's cells for a reader from {@code pool}, only its half for a reference; closing
   * releases the file. With {@code cacheData} false, data blocks read from storage stay out of
   * the block cache.
   */
  CellSource source(long rank, boolean cacheData, SourcePool pool) {
    return half(pool.fileSource(reader, cacheData, rank, releaser));
  }

  /** The release a source runs when it closes, made once rather than per read. */
  private final Runnable releaser = this::release;

  private CellSource half(CellSource whole) {
    return reference == null ? whole
        : new HalfSource(whole, reference.splitRow(), reference.top());
  }

  /** False when the row is on the other side of a reference's split row. */
  boolean coversRow(byte[] row) {
    if (reference == null) {
      return true;
    }
    return (Bytes.compare(row, reference.splitRow()) >= 0) == reference.top();
  }

  boolean retain() {
    return refs.retain();
  }

  /**
   * Marks the file replaced by a compaction and moved to {@code archived}. When the last reader
   * lets go, its blocks leave the block cache and the file goes to {@code recycled}, for a new
   * file to be written over: nobody can open it again. Not for a reference or a link: the file
   * it reads may still serve another region or a snapshot, and only the entry was archived.
   */
  void retire(Path archived, RecycledFiles recycled) {
    if (!isBorrowed()) {
      this.archived = archived;
      this.recycled = recycled;
    }
  }

  void release() {
    if (refs.release()) {
      if (archived != null) {
        reader.evictCachedBlocks();
      }
      try {
        reader.close();
      } catch (IOException e) {
        LOG.warn("closing {} failed", reader.path(), e);
        return; // maybe still open: not a file to write over
      }
      if (archived != null) {
        recycled.recycle(archived);
      }
    }
  }
}
