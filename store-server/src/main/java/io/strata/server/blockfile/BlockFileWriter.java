package io.strata.server.blockfile;

import com.google.protobuf.ByteString;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellKeys;
import io.strata.common.cell.HeldKey;
import io.strata.common.cell.KeyValue;
import io.strata.common.proto.BlockFileProtos.FileInfoProto;
import io.strata.common.schema.BloomType;
import io.strata.common.schema.Compression;
import io.strata.common.util.ByteOutput;
import io.strata.server.blockfile.encoding.DataBlockCodec;
import io.strata.server.blockfile.encoding.DataBlockCodecs;
import io.strata.server.compress.BlockCompressor;
import io.strata.server.compress.BlockCompressors;
import io.strata.server.fs.DirectReader;
import io.strata.server.fs.StorageFileSystems;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Writes one immutable block file (docs/formats/block-file.md) from cells appended in strictly
 * ascending order. {@link #close()} writes the bloom filter, the index, the file info and the
 * trailer, then forces the file to disk (hsync) before returning: a closed file is durable.
 * {@link #abort()} removes a partly written file.
 *
 * <pre>{@code
 * try (BlockFileWriter w = BlockFileWriter.create(fs, path, BlockFileOptions.defaults())) {
 *   for (Cell c : sortedCells) w.append(c);
 *   w.setMaxSequenceId(flushedSeqId);
 * }
 * }</pre>
 */
public final class BlockFileWriter implements Closeable {
  /** Hears of each run of bytes {@link #appendFile} copies, before it is written. */
  @FunctionalInterface
  public interface CopyPacer {
    /** May wait, or throw to stop the copy (the caller then aborts the file). */
    void copying(long bytes) throws IOException;
  }

  /** Bytes of data blocks {@link #appendFile} reads and writes at a time. */
  private static final int COPY_CHUNK = 1 << 20;

  private final FileSystem fs;
  private final Path path;
  private final FSDataOutputStream stream;
  private final BlockWriter blocks;
  private final BlockFileOptions options;
  private final BlockCompressor compressor;
  private final DataBlockCodec codec;
  private final DataBlockCodec.Encoder encoder;
  private final ByteOutput block;
  private final List<IndexEntry> dataIndex = new ArrayList<>();
  private final BloomFilterWriter bloom;
  private final ByteOutput uncompressedPayload = new ByteOutput(64);
  private final FileInfoProto.Builder info = FileInfoProto.newBuilder();

  /** The last cell's key: what the next cell must sort after, and the file's last key. */
  private final HeldKey lastKey = new HeldKey();
  private byte[] firstKeyOfBlock;
  private byte[] firstKey;
  private long cellCount;
  /** Delete markers and tagged cells written; -1 once a copied file did not count them. */
  private long deleteMarkers;
  private long taggedCells;
  private long minTs = Long.MAX_VALUE;
  private long maxTs = Long.MIN_VALUE;
  private long uncompressedBytes;
  private boolean closed;

  private final CacheOptions caching;

  private BlockFileWriter(FileSystem fs, Path path, FSDataOutputStream stream,
      BlockFileOptions options, CacheOptions caching) {
    this.caching = caching;
    this.fs = fs;
    this.path = path;
    this.stream = stream;
    this.blocks = new BlockWriter(stream);
    this.options = options;
    this.compressor = BlockCompressors.forAlgorithm(options.compression());
    this.codec = DataBlockCodecs.forEncoding(options.encoding());
    this.encoder = codec.newEncoder();
    this.block = new ByteOutput(options.blockSize() + 1024);
    this.bloom = options.bloomType() == BloomType.NONE ? null
        : new BloomFilterWriter(options.bloomType(), options.bloomErrorRate(),
            options.bloomChunkBytes());
  }

  /** Creates the file; fails if it exists, since block files are written once. */
  public static BlockFileWriter create(FileSystem fs, Path path, BlockFileOptions options)
      throws IOException {
    return create(fs, path, options, CacheOptions.NONE);
  }

  /**
   * Creates the file, caching blocks as they are written where {@code caching} asks. The file
   * keeps its name when moved into place, so the cached blocks are found under it.
   */
  public static BlockFileWriter create(FileSystem fs, Path path, BlockFileOptions options,
      CacheOptions caching) throws IOException {
    return new BlockFileWriter(fs, path, StorageFileSystems.create(fs, path, false), options,
        caching);
  }

  /**
   * As {@link #create(FileSystem, Path, BlockFileOptions, CacheOptions)}, writing through
   * {@code out}, a new stream for {@code path} made by the caller.
   */
  public static BlockFileWriter create(FileSystem fs, Path path, FSDataOutputStream out,
      BlockFileOptions options, CacheOptions caching) {
    return new BlockFileWriter(fs, path, out, options, caching);
  }

  /** Writes a block, and caches it as a reader would have it if the options say so. */
  private BlockHandle writeBlock(BlockType type, BlockCompressor codec, int encodingId,
      ByteOutput payload) throws IOException {
    BlockHandle h = blocks.write(type, codec, encodingId, payload);
    if (caching.cacheOnWrite(type)) {
      byte[] copy = java.util.Arrays.copyOf(payload.array(), payload.size());
      caching.cache().put(new io.strata.server.cache.BlockCacheKey(path.getName(), h.offset()),
          new Block(type, h, encodingId, copy, 0, copy.length), caching.inMemory());
    }
    return h;
  }

  public Path path() {
    return path;
  }

  /** Appends a cell; it must sort strictly after the previous one. */
  public void append(Cell cell) throws IOException {
    checkOpen();
    if (!lastKey.isEmpty() && lastKey.compareTo(cell) >= 0) {
      throw outOfOrder(cell);
    }
    write(cell);
  }

  /**
   * Appends {@code cell} unless its key equals the last appended cell's, and returns whether it
   * did: a flush or a minor compaction keeps the first (newest) of several cells of one key.
   * Otherwise as {@link #append}. One comparison serves that test and the order check: for a
   * flush of random rows the comparisons were a third of the flush, each finding the cell's key
   * where the memory caches did not.
   */
  public boolean appendIfNewKey(Cell cell) throws IOException {
    checkOpen();
    if (!lastKey.isEmpty()) {
      int cmp = lastKey.compareTo(cell);
      if (cmp == 0) {
        return false;
      }
      if (cmp > 0) {
        throw outOfOrder(cell);
      }
    }
    write(cell);
    return true;
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException("block file " + path + " is already closed");
    }
  }

  private IllegalArgumentException outOfOrder(Cell cell) {
    return new IllegalArgumentException("cells must be appended to " + path
        + " in strictly ascending order: " + KeyValue.copyOf(cell) + " came after the key "
        + lastKey);
  }

  private void write(Cell cell) throws IOException {
    if (block.size() == 0) {
      firstKeyOfBlock = CellKeys.key(cell);
      if (firstKey == null) {
        firstKey = firstKeyOfBlock;
      }
    }
    encoder.encode(cell, block);
    if (bloom != null) {
      bloom.add(cell);
    }
    lastKey.set(cell);
    cellCount++;
    if (deleteMarkers >= 0 && cell.getType().isDelete()) {
      deleteMarkers++;
    }
    if (taggedCells >= 0 && cell.getTagsLength() > 0) {
      taggedCells++;
    }
    minTs = Math.min(minTs, cell.getTimestamp());
    maxTs = Math.max(maxTs, cell.getTimestamp());
    if (block.size() >= options.blockSize()) {
      finishDataBlock();
    }
  }

  private void finishDataBlock() throws IOException {
    if (block.size() == 0) {
      return;
    }
    encoder.finishBlock(block);
    uncompressedBytes += block.size();
    BlockHandle h = writeBlock(BlockType.DATA, compressor, codec.id(), block);
    dataIndex.add(new IndexEntry(firstKeyOfBlock, h));
    block.reset();
    encoder.reset();
  }

  /**
   * Whether {@link #appendFile} can take {@code source}: it has cells, stores them as this file
   * would (compression, data block encoding, key encoding, bloom type and error rate), its data
   * blocks average at least half this file's block size (copying never merges blocks, so a file
   * of small ones, or of a smaller block size, is better merged), and no data block needs caching
   * as it is written (a copied block is never decoded).
   */
  public boolean canAppendFile(BlockFileReader source) {
    return canAppend(options, caching, source);
  }

  /** As {@link #canAppendFile}, before a writer with these settings is made. */
  public static boolean canAppend(BlockFileOptions options, CacheOptions caching,
      BlockFileReader source) {
    FileInfoProto in = source.fileInfo();
    return in.getCellCount() > 0 && !in.getFirstKey().isEmpty()
        && in.getKeyEncodingVersion() == KeyValue.ENCODING_VERSION
        && in.getCompression().equals(options.compression().name())
        && in.getDataBlockEncoding().equals(options.encoding().name())
        && in.getBloomType().equals(options.bloomType().name())
        && (options.bloomType() == BloomType.NONE
            || in.getBloomErrorRate() == options.bloomErrorRate())
        && in.getDataBlockCount() > 0
        && in.getUncompressedDataBytes() / in.getDataBlockCount() >= options.blockSize() / 2
        && !caching.cacheOnWrite(BlockType.DATA);
  }


  /**
   * Appends every cell of {@code source}, whose first cell must sort after the last one written,
   * by copying its data blocks and bloom chunks as they are stored (each checksum verified)
   * rather than decoding and encoding its cells; only the index is made anew. The cells of the
   * file are exactly those appending them one by one would give; a data block open here is
   * closed first, so the blocks at the join may be short. {@code pace} hears of each run of
   * bytes copied before it is written. {@link #canAppendFile} must hold.
   */
  public void appendFile(BlockFileReader source, CopyPacer pace) throws IOException {
    appendFile(source, null, pace);
  }

  /**
   * As {@link #appendFile(BlockFileReader, CopyPacer)}, the data blocks read through
   * {@code direct}, the source file opened around the page cache, when it is not null.
   */
  public void appendFile(BlockFileReader source, DirectReader direct, CopyPacer pace)
      throws IOException {
    if (closed) {
      throw new IllegalStateException("block file " + path + " is already closed");
    }
    if (!canAppendFile(source)) {
      throw new IllegalArgumentException(source.path() + " is stored unlike " + path
          + " (compression, encoding, bloom, smaller blocks) or is empty: merge its cells "
          + "instead");
    }
    Cell first = source.firstKey();
    if (!lastKey.isEmpty() && lastKey.compareTo(first) >= 0) {
      throw new IllegalArgumentException("the cells of " + source.path() + " must sort after "
          + "the last cell of " + path + ": " + KeyValue.copyOf(first) + " came after the key "
          + lastKey);
    }
    finishDataBlock();
    List<IndexEntry> copied = source.dataBlocks();
    byte[] buf = new byte[COPY_CHUNK];
    int from = 0;
    while (from < copied.size()) {
      long start = copied.get(from).handle().offset();
      int to = from;
      long bytes = 0;
      do {
        bytes += copied.get(to++).handle().size();
      } while (to < copied.size() && bytes + copied.get(to).handle().size() <= COPY_CHUNK);
      if (bytes > buf.length) {
        buf = new byte[(int) bytes]; // one block larger than the chunk: a single huge cell
      }
      List<IndexEntry> run = copied.subList(from, to);
      source.readDataBlocks(start, buf, (int) bytes, run, direct);
      pace.copying(bytes);
      long base = blocks.position() - start;
      blocks.writeRaw(buf, 0, (int) bytes);
      for (IndexEntry e : run) {
        dataIndex.add(new IndexEntry(e.key(),
            new BlockHandle(e.handle().offset() + base, e.handle().size())));
      }
      from = to;
    }
    Cell last = source.lastKey();
    FileInfoProto in = source.fileInfo();
    if (bloom != null) {
      for (IndexEntry e : source.bloomChunks()) {
        Block chunk = source.readUncached(e.handle(), BlockType.BLOOM_CHUNK);
        bloom.addChunk(e.key(), chunk.array(), chunk.offset(), chunk.length());
      }
      bloom.addKeysOf(first, last, in.getBloomKeyCount());
    }
    if (firstKey == null) {
      firstKey = in.getFirstKey().toByteArray();
    }
    lastKey.set(last);
    cellCount += in.getCellCount();
    deleteMarkers = deleteMarkers < 0 || !in.hasDeleteMarkerCount() ? -1
        : deleteMarkers + in.getDeleteMarkerCount();
    taggedCells = taggedCells < 0 || !in.hasTaggedCellCount() ? -1
        : taggedCells + in.getTaggedCellCount();
    minTs = Math.min(minTs, in.getMinTimestamp());
    maxTs = Math.max(maxTs, in.getMaxTimestamp());
    uncompressedBytes += in.getUncompressedDataBytes();
  }

  /** Highest WAL sequence id of the edits in this file; recorded in the file info. */
  public void setMaxSequenceId(long seqId) {
    info.setMaxSequenceId(seqId);
  }

  /** Extra file-info entries for the layers above. */
  public void putExtra(String name, byte[] value) {
    info.putExtra(name, ByteString.copyFrom(value));
  }

  public long cellCount() {
    return cellCount;
  }

  /** Bytes written so far. */
  public long position() {
    return blocks.position();
  }

  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      finishDataBlock();
      long dataEnd = blocks.position();
      BlockCompressor none = BlockCompressors.forAlgorithm(Compression.NONE);
      BlockHandle bloomIndex = null;
      if (bloom != null) {
        List<IndexEntry> chunks =
            bloom.finish(payload -> writeBlock(BlockType.BLOOM_CHUNK, none, 0, payload));
        if (!chunks.isEmpty()) {
          uncompressedPayload.reset();
          IndexBlock.write(uncompressedPayload, chunks);
          bloomIndex = blocks.write(BlockType.BLOOM_INDEX, none, 0, uncompressedPayload);
        }
      }
      IndexLevels.Root root = IndexLevels.write(dataIndex, options.indexBlockSize(),
          (type, entries) -> {
            uncompressedPayload.reset();
            IndexBlock.write(uncompressedPayload, entries);
            return writeBlock(type, none, 0, uncompressedPayload);
          });
      info.setKeyEncodingVersion(KeyValue.ENCODING_VERSION)
          .setCellCount(cellCount)
          .setMinTimestamp(cellCount == 0 ? 0 : minTs)
          .setMaxTimestamp(cellCount == 0 ? 0 : maxTs)
          .setCompression(options.compression().name())
          .setDataBlockEncoding(options.encoding().name())
          .setBloomType(options.bloomType().name())
          .setBloomErrorRate(options.bloomErrorRate())
          .setBloomKeyCount(bloom == null ? 0 : bloom.keyCount())
          .setDataBlockCount(dataIndex.size())
          .setUncompressedDataBytes(uncompressedBytes)
          .setCreatedMillis(System.currentTimeMillis());
      if (deleteMarkers >= 0) {
        info.setDeleteMarkerCount(deleteMarkers);
      }
      if (taggedCells >= 0) {
        info.setTaggedCellCount(taggedCells);
      }
      if (firstKey != null) {
        info.setFirstKey(ByteString.copyFrom(firstKey))
            .setLastKey(ByteString.copyFrom(lastKey.toByteArray()));
      }
      uncompressedPayload.reset();
      uncompressedPayload.write(info.build().toByteArray());
      BlockHandle fileInfo = blocks.write(BlockType.FILE_INFO, none, 0, uncompressedPayload);
      byte[] trailer = new Trailer(BlockFormat.VERSION, dataEnd, root.handle(), root.levels(),
          bloomIndex, fileInfo, dataIndex.size()).encode();
      blocks.writeRaw(trailer, 0, trailer.length);
      stream.hsync();
    } finally {
      stream.close();
    }
  }

  /** Abandons the file: closes the stream and deletes what was written. */
  public void abort() {
    closed = true;
    try {
      stream.close();
    } catch (IOException ignored) {
      // The file is deleted next; a failed close changes nothing.
    }
    try {
      fs.delete(path, false);
    } catch (IOException ignored) {
      // Left-over partial files carry no trailer and are never opened as block files.
    }
  }
}
