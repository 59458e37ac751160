package io.strata.server.blockfile;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellComparator;
import io.strata.common.cell.SplitCell;
import io.strata.common.error.CorruptFileException;
import io.strata.common.proto.BlockFileProtos.FileInfoProto;
import io.strata.common.schema.BloomType;
import io.strata.common.util.Bytes;
import io.strata.server.blockfile.bloom.BloomChunk;
import io.strata.server.cache.BlockCacheKey;
import io.strata.server.cache.Cacheable;
import io.strata.server.blockfile.bloom.BloomKeys;
import io.strata.server.compress.BlockCompressor;
import io.strata.server.compress.BlockCompressors;
import io.strata.server.fs.DirectReader;
import io.strata.server.fs.StorageFileSystems;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.util.List;
import java.util.zip.CRC32C;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Reads a block file. Opening reads the trailer, the root index, the file info and the bloom
 * index; data, lower index and bloom chunk blocks are read on demand with positional reads, so
 * one reader serves any number of threads. Every block's CRC32C is verified on every read from
 * storage; a mismatch raises {@link CorruptFileException} naming the file, the block offset and
 * both checksums, never wrong data.
 */
public final class BlockFileReader implements Closeable {
  private final Path path;
  private final FSDataInputStream in;
  private final long length;
  private final Trailer trailer;
  private final IndexBlock rootIndex;
  private final FileInfoProto fileInfo;
  /** Made once: a scan over several files asks for it each time this file's cells come next. */
  private final Cell lastKey;
  private final BloomType bloomType;
  private final IndexBlock bloomIndex;
  private final java.util.concurrent.atomic.AtomicLong dataBlocksRead =
      new java.util.concurrent.atomic.AtomicLong();
  private final CacheOptions caching;
  /** The file's name: its identity in the block cache. */
  private final String name;

  private BlockFileReader(Path path, FSDataInputStream in, long length, CacheOptions caching)
      throws IOException {
    this.caching = caching;
    this.name = path.getName();
    this.path = path;
    this.in = in;
    this.length = length;
    if (length < Trailer.SIZE) {
      throw corrupt("the file is " + length + " bytes, shorter than the " + Trailer.SIZE
          + "-byte trailer (truncated, or not a block file)");
    }
    byte[] t = new byte[Trailer.SIZE];
    in.readFully(length - Trailer.SIZE, t, 0, t.length);
    try {
      this.trailer = Trailer.decode(t);
    } catch (IllegalArgumentException e) {
      throw corrupt(e.getMessage());
    }
    Block root = readBlock(trailer.rootIndex(), BlockType.ROOT_INDEX);
    this.rootIndex = index(root);
    Block info = readBlock(trailer.fileInfo(), BlockType.FILE_INFO);
    this.fileInfo = FileInfoProto.parseFrom(
        java.nio.ByteBuffer.wrap(info.array(), info.offset(), info.length()));
    this.lastKey = fileInfo.getLastKey().isEmpty() ? null
        : SplitCell.keyOnly(fileInfo.getLastKey().toByteArray(), 0, fileInfo.getLastKey().size());
    this.bloomType = BloomType.parse(fileInfo.getBloomType());
    this.bloomIndex = trailer.bloomIndex() == null ? null
        : index(readBlock(trailer.bloomIndex(), BlockType.BLOOM_INDEX));
  }

  /** Opens a file without a block cache. */
  public static BlockFileReader open(FileSystem fs, Path path) throws IOException {
    return open(fs, path, CacheOptions.NONE);
  }

  /** Opens a file whose blocks go through the block cache as {@code caching} says. */
  public static BlockFileReader open(FileSystem fs, Path path, CacheOptions caching)
      throws IOException {
    long length = fs.getFileStatus(path).getLen();
    FSDataInputStream in = StorageFileSystems.open(fs, path);
    try {
      return new BlockFileReader(path, in, length, caching);
    } catch (IOException | RuntimeException e) {
      in.close();
      throw e;
    }
  }

  private IndexBlock index(Block b) throws CorruptFileException {
    try {
      return new IndexBlock(b.array(), b.offset(), b.length());
    } catch (IllegalArgumentException e) {
      throw corrupt(e.getMessage() + " in block at offset " + b.handle().offset());
    }
  }

  CorruptFileException corrupt(String problem) {
    return new CorruptFileException(path.toString(), problem);
  }

  /**
   * One block, which must be of the expected type: from the block cache, or read from storage,
   * verified, decompressed and (as the cache options say) cached. A data block may come in place
   * from shared cache memory ({@link Block#isShared()}): the caller must release it.
   */
  public Block readBlock(BlockHandle h, BlockType expected) throws IOException {
    return readBlock(h, expected, true);
  }

  /** As {@link #readBlock(BlockHandle, BlockType)}; {@code cacheData} false keeps a data block
   * read from storage out of the cache (a scan with cacheBlocks=false). */
  public Block readBlock(BlockHandle h, BlockType expected, boolean cacheData)
      throws IOException {
    return readBlock(h, expected, cacheData, null);
  }

  /** As {@link #readBlock(BlockHandle, BlockType, boolean)}, read through {@code direct}. */
  Block readBlock(BlockHandle h, BlockType expected, boolean cacheData, DirectReader direct)
      throws IOException {
    Block cached = cached(h.offset(), expected);
    if (cached != null) {
      return cached;
    }
    return cacheAfterRead(readFromStorage(h, expected, direct), cacheData);
  }

  /**
   * The data block at {@code offset} (whose size the caller does not know): from the cache, or
   * from storage after reading its header.
   */
  Block readDataBlockAt(long offset, boolean cacheData, DirectReader direct)
      throws IOException {
    Block cached = cached(offset, BlockType.DATA);
    if (cached != null) {
      return cached;
    }
    byte[] header = new byte[BlockFormat.HEADER_SIZE];
    readHeader(offset, header, direct);
    int payload = Bytes.toInt(header, 4);
    if (payload < 0) {
      throw corrupt("block at offset " + offset + " has a negative size");
    }
    BlockHandle h = new BlockHandle(offset, payload + BlockFormat.BLOCK_OVERHEAD);
    return cacheAfterRead(readFromStorage(h, BlockType.DATA, direct), cacheData);
  }

  /** Puts a block just read from storage into the cache if the options want it there. */
  private Block cacheAfterRead(Block b, boolean cacheData) {
    if (caching.cacheOnRead(b.type(), cacheData)) {
      caching.cache().put(new BlockCacheKey(name, b.handle().offset()), b, caching.inMemory());
    }
    return b;
  }

  private Block cached(long offset, BlockType expected) {
    if (!caching.cacheable(expected)) {
      return null;
    }
    BlockCacheKey key = new BlockCacheKey(name, offset);
    Cacheable c = caching.cache().get(key, Block.category(expected), true);
    if (c instanceof Block b) {
      if (b.type() == expected) {
        return b;
      }
      // Not what this file holds there (two files of one name?): never hand out wrong data.
      b.release();
      caching.cache().evict(key);
    }
    return null;
  }

  /**
   * The block at {@code h} read from storage, verified and decompressed, bypassing the cache:
   * for a compaction copying the file, whose blocks nobody will read through this file again.
   */
  Block readUncached(BlockHandle h, BlockType expected) throws IOException {
    return readFromStorage(h, expected, null);
  }

  /**
   * Reads {@code len} bytes of the file's data section from {@code offset}, as stored, and
   * verifies the checksum and type of every block in them; {@code blocks} are the handles of
   * those blocks, in order, covering the bytes exactly. The bytes come from {@code from} when
   * it is not null (this file read around the page cache), else from this reader's stream.
   */
  void readDataBlocks(long offset, byte[] buf, int len, List<IndexEntry> blocks,
      DirectReader from) throws IOException {
    if (offset < 0 || offset + len > trailer.dataEnd()) {
      throw corrupt(len + " bytes at offset " + offset + " lie outside the data section");
    }
    try {
      readAt(offset, buf, len, from);
    } catch (EOFException e) {
      throw corrupt("the file ends inside the data section, before offset " + (offset + len));
    }
    long at = offset;
    for (IndexEntry e : blocks) {
      BlockHandle h = e.handle();
      if (h.offset() != at || h.size() < BlockFormat.BLOCK_OVERHEAD
          || h.offset() + h.size() > offset + len) {
        throw corrupt("the index's block at offset " + h.offset() + " of " + h.size()
            + " bytes does not follow the block before it at offset " + at);
      }
      verify(h, buf, (int) (at - offset), BlockType.DATA);
      at += h.size();
    }
    if (at != offset + len) {
      throw corrupt("the data blocks at offset " + offset + " end at " + at + ", not at "
          + (offset + len));
    }
  }

  /** Checks the stored block {@code buf[off, off + h.size())}: its length, checksum and type. */
  private void verify(BlockHandle h, byte[] buf, int off, BlockType expected)
      throws CorruptFileException {
    int storedLength = Bytes.toInt(buf, off + 4);
    if (storedLength != h.size() - BlockFormat.BLOCK_OVERHEAD) {
      throw corrupt("block at offset " + h.offset() + " says its payload is " + storedLength
          + " bytes, but the index says " + (h.size() - BlockFormat.BLOCK_OVERHEAD));
    }
    CRC32C crc = new CRC32C();
    crc.update(buf, off, h.size() - BlockFormat.CHECKSUM_SIZE);
    int stored = Bytes.toInt(buf, off + h.size() - BlockFormat.CHECKSUM_SIZE);
    if (stored != (int) crc.getValue()) {
      throw corrupt(String.format("checksum mismatch in block at offset %d: stored 0x%08x, "
          + "computed 0x%08x", h.offset(), stored, (int) crc.getValue()));
    }
    BlockType type;
    try {
      type = BlockType.fromCode(buf[off] & 0xFF);
    } catch (IOException e) {
      throw corrupt(e.getMessage() + " in block at offset " + h.offset());
    }
    if (type != expected) {
      throw corrupt("block at offset " + h.offset() + " is a " + type + " block where a "
          + expected + " block belongs");
    }
  }

  /** Reads {@code len} bytes at {@code offset} through {@code direct}, or this reader's stream. */
  private void readAt(long offset, byte[] buf, int len, DirectReader direct) throws IOException {
    if (direct != null) {
      direct.readFully(offset, buf, 0, len);
    } else {
      in.readFully(offset, buf, 0, len);
    }
  }

  private Block readFromStorage(BlockHandle h, BlockType expected, DirectReader direct)
      throws IOException {
    if (h.offset() < 0 || h.size() < BlockFormat.BLOCK_OVERHEAD
        || h.offset() + h.size() > length - Trailer.SIZE) {
      throw corrupt("block at offset " + h.offset() + " of " + h.size()
          + " bytes lies outside the file");
    }
    byte[] buf = new byte[h.size()];
    try {
      readAt(h.offset(), buf, buf.length, direct);
    } catch (EOFException e) {
      throw corrupt("the file ends inside the block at offset " + h.offset());
    }
    verify(h, buf, 0, expected);
    int storedLength = Bytes.toInt(buf, 4);
    BlockType type = expected;
    BlockCompressor codec;
    try {
      codec = BlockCompressors.forId(buf[1] & 0xFF);
    } catch (IOException e) {
      throw corrupt(e.getMessage() + " in block at offset " + h.offset());
    }
    if (type == BlockType.DATA) {
      dataBlocksRead.incrementAndGet();
    }
    int uncompressed = Bytes.toInt(buf, 8);
    if (codec.id() == 0) {
      return new Block(type, h, buf[2] & 0xFF, buf, BlockFormat.HEADER_SIZE, storedLength);
    }
    if (uncompressed < 0) {
      throw corrupt("block at offset " + h.offset() + " has a negative uncompressed size");
    }
    byte[] payload = new byte[uncompressed];
    try {
      codec.decompress(buf, BlockFormat.HEADER_SIZE, storedLength, payload, uncompressed);
    } catch (IOException e) {
      throw corrupt(e.getMessage() + " in block at offset " + h.offset());
    }
    return new Block(type, h, buf[2] & 0xFF, payload, 0, uncompressed);
  }

  /** The data block that holds the first cell at or after {@code key}, or null if no blocks. */
  BlockHandle locateDataBlock(Cell key) throws IOException {
    if (rootIndex.count() == 0) {
      return null;
    }
    IndexBlock idx = rootIndex;
    int levelsLeft = trailer.indexLevels();
    while (true) {
      int i;
      try {
        i = Math.max(0, idx.lastAtOrBefore(key));
      } catch (IndexOutOfBoundsException e) {
        throw corrupt("an index block of " + path + " holds a key that runs past its end");
      }
      BlockHandle h = idx.handle(i);
      if (levelsLeft == 1) {
        return h;
      }
      levelsLeft--;
      idx = index(readBlock(h, levelsLeft == 1 ? BlockType.LEAF_INDEX
          : BlockType.INTERMEDIATE_INDEX));
    }
  }

  /** First keys and handles of every data block, in order; loaded on first use. */
  private volatile List<IndexEntry> dataBlocks;

  List<IndexEntry> dataBlocks() throws IOException {
    List<IndexEntry> blocks = dataBlocks;
    if (blocks == null) {
      blocks = new java.util.ArrayList<>();
      collect(rootIndex, trailer.indexLevels(), blocks);
      dataBlocks = blocks;
    }
    return blocks;
  }

  private void collect(IndexBlock idx, int levelsLeft, List<IndexEntry> out) throws IOException {
    for (int i = 0; i < idx.count(); i++) {
      if (levelsLeft == 1) {
        out.add(new IndexEntry(idx.key(i), idx.handle(i)));
      } else {
        collect(index(readBlock(idx.handle(i), levelsLeft - 1 == 1 ? BlockType.LEAF_INDEX
            : BlockType.INTERMEDIATE_INDEX)), levelsLeft - 1, out);
      }
    }
  }

  /** First key of the data block after {@code h}, or null if {@code h} is the last one. */
  Cell firstKeyOfBlockAfter(BlockHandle h) throws IOException {
    List<IndexEntry> blocks = dataBlocks();
    int lo = 0;
    int hi = blocks.size() - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      long off = blocks.get(mid).handle().offset();
      if (off == h.offset()) {
        if (mid + 1 >= blocks.size()) {
          return null;
        }
        byte[] k = blocks.get(mid + 1).key();
        return SplitCell.keyOnly(k, 0, k.length);
      }
      if (off < h.offset()) {
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return null;
  }

  /**
   * The greatest row of the file that sorts before {@code row} ({@code null} row: the file's last
   * row), or null if there is none. Used by reversed scans; independent of any scanner.
   */
  public byte[] previousRow(byte[] row) throws IOException {
    if (row == null) {
      Cell last = lastKey();
      return last == null ? null
          : Bytes.copy(last.getRowArray(), last.getRowOffset(), last.getRowLength());
    }
    Cell target = io.strata.common.cell.CellKeys.firstOnRow(row);
    List<IndexEntry> blocks = dataBlocks();
    int lo = 0;
    int hi = blocks.size() - 1;
    int found = -1; // last block whose first key sorts before the target
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      byte[] k = blocks.get(mid).key();
      if (CellComparator.INSTANCE.compare(SplitCell.keyOnly(k, 0, k.length), target) < 0) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    if (found < 0) {
      return null;
    }
    Block b = readBlock(blocks.get(found).handle(), BlockType.DATA).onHeap(); // kept past the call
    io.strata.server.blockfile.encoding.CellDecoder d =
        io.strata.server.blockfile.encoding.DataBlockCodecs.forId(b.encodingId())
            .newDecoder(b.array(), b.offset(), b.offset() + b.length());
    Cell lastBefore = null;
    try {
      while (d.hasNext()) {
        Cell c = d.next();
        if (CellComparator.INSTANCE.compare(c, target) >= 0) {
          break;
        }
        lastBefore = c;
      }
    } catch (IllegalArgumentException e) {
      throw corrupt(e.getMessage() + " in data block at offset " + b.handle().offset());
    }
    return lastBefore == null ? null : Bytes.copy(lastBefore.getRowArray(),
        lastBefore.getRowOffset(), lastBefore.getRowLength());
  }

  /**
   * A key near the middle of the file, where a region split divides it: the first key of the
   * middle data block, or in a one-block file the block's middle cell. Null for an empty file.
   */
  public Cell midKey() throws IOException {
    List<IndexEntry> blocks = dataBlocks();
    if (blocks.isEmpty()) {
      return null;
    }
    if (blocks.size() > 1) {
      byte[] k = blocks.get(blocks.size() / 2).key();
      return SplitCell.keyOnly(k, 0, k.length);
    }
    Block b = readBlock(blocks.get(0).handle(), BlockType.DATA).onHeap(); // kept past the call
    io.strata.server.blockfile.encoding.DataBlockCodec codec =
        io.strata.server.blockfile.encoding.DataBlockCodecs.forId(b.encodingId());
    try {
      int count = 0;
      var d = codec.newDecoder(b.array(), b.offset(), b.offset() + b.length());
      while (d.hasNext()) {
        d.next();
        count++;
      }
      d = codec.newDecoder(b.array(), b.offset(), b.offset() + b.length());
      Cell c = null;
      for (int i = 0; i <= count / 2 && d.hasNext(); i++) {
        c = d.next();
      }
      return c == null ? null : io.strata.common.cell.CellKeys.keyOnly(
          io.strata.common.cell.CellKeys.key(c));
    } catch (IllegalArgumentException e) {
      throw corrupt(e.getMessage() + " in data block at offset " + b.handle().offset());
    }
  }

  /** False only if no cell of {@code row} is in the file; true when there is no row bloom. */
  public boolean mightContainRow(byte[] row) throws IOException {
    if (fileInfo.getCellCount() == 0) {
      return false;
    }
    return bloomType != BloomType.ROW || bloomMightContain(row);
  }

  /** False only if no cell of the column is in the file. */
  public boolean mightContainColumn(byte[] row, byte[] family, byte[] qualifier)
      throws IOException {
    if (bloomType == BloomType.ROWCOL) {
      return fileInfo.getCellCount() > 0
          && bloomMightContain(BloomKeys.rowColKey(row, family, qualifier));
    }
    return mightContainRow(row);
  }

  private boolean bloomMightContain(byte[] key) throws IOException {
    if (bloomIndex == null) {
      return false;
    }
    int i = bloomIndex.lastAtOrBefore((a, off, len) ->
        BloomKeys.compare(bloomType, a, off, len, key, 0, key.length));
    if (i < 0) {
      return false;
    }
    Block chunk = readBlock(bloomIndex.handle(i), BlockType.BLOOM_CHUNK);
    try {
      return BloomChunk.mightContain(chunk.array(), chunk.offset(), chunk.length(), key, 0,
          key.length);
    } catch (IllegalArgumentException e) {
      throw corrupt(e.getMessage() + " in block at offset " + chunk.handle().offset());
    }
  }

  /** The bloom index's entries: each chunk's first key and handle, in order; none if no bloom. */
  List<IndexEntry> bloomChunks() {
    List<IndexEntry> out = new java.util.ArrayList<>();
    for (int i = 0; bloomIndex != null && i < bloomIndex.count(); i++) {
      out.add(new IndexEntry(bloomIndex.key(i), bloomIndex.handle(i)));
    }
    return out;
  }

  public BlockFileScanner scanner() {
    return new BlockFileScanner(this, true, null);
  }

  /** A scanner; with {@code cacheData} false the data blocks it reads stay out of the cache. */
  public BlockFileScanner scanner(boolean cacheData) {
    return new BlockFileScanner(this, cacheData, null);
  }

  /**
   * A scanner whose reads from storage go through {@code direct}, this file opened around the
   * page cache (a compaction's one pass over a file it replaces), when it is not null.
   */
  public BlockFileScanner scanner(boolean cacheData, DirectReader direct) {
    return new BlockFileScanner(this, cacheData, direct);
  }

  public FileInfoProto fileInfo() {
    return fileInfo;
  }

  /** Data blocks read from storage since the file was opened (for statistics and tests). */
  public long dataBlocksRead() {
    return dataBlocksRead.get();
  }

  /** Oldest and newest cell timestamps; meaningless for an empty file. */
  public long minTimestamp() {
    return fileInfo.getMinTimestamp();
  }

  public long maxTimestamp() {
    return fileInfo.getMaxTimestamp();
  }

  /** Whether the file may hold delete markers: it has some, or did not count them. */
  public boolean mayHoldDeleteMarkers() {
    return !fileInfo.hasDeleteMarkerCount() || fileInfo.getDeleteMarkerCount() > 0;
  }

  /** Whether the file may hold cells with tags: it has some, or did not count them. */
  public boolean mayHoldTaggedCells() {
    return !fileInfo.hasTaggedCellCount() || fileInfo.getTaggedCellCount() > 0;
  }

  public long cellCount() {
    return fileInfo.getCellCount();
  }

  public long maxSequenceId() {
    return fileInfo.getMaxSequenceId();
  }

  /** The first cell's key as a cell with an empty value; null for an empty file. */
  public Cell firstKey() {
    return fileInfo.getFirstKey().isEmpty() ? null
        : SplitCell.keyOnly(fileInfo.getFirstKey().toByteArray(), 0, fileInfo.getFirstKey().size());
  }

  /** The last cell's key as a cell with an empty value; null for an empty file. */
  public Cell lastKey() {
    return lastKey;
  }

  /** Reads the fixed header of the block at {@code offset}, to learn its size. */
  void readHeader(long offset, byte[] header, DirectReader direct) throws IOException {
    if (offset < 0 || offset + header.length > trailer.dataEnd()) {
      throw corrupt("block header at offset " + offset + " lies outside the data section");
    }
    readAt(offset, header, header.length, direct);
  }

  /** Where the data blocks end: every block before this offset is a data block. */
  long dataEnd() {
    return trailer.dataEnd();
  }

  public Path path() {
    return path;
  }

  public long length() {
    return length;
  }

  public int indexLevels() {
    return trailer.indexLevels();
  }

  /** Drops this file's blocks from the block cache; returns how many there were. */
  public int evictCachedBlocks() {
    return caching.enabled() ? caching.cache().evictFile(name) : 0;
  }

  /** Closes the file; its cached blocks go too if the cache options say so. */
  @Override
  public void close() throws IOException {
    if (caching.enabled() && caching.evictOnClose()) {
      caching.cache().evictFile(name);
    }
    in.close();
  }
}
