package io.strata.server.blockfile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.cell.Cell;
import io.strata.common.cell.KeyValue;
import io.strata.common.schema.BloomType;
import io.strata.common.schema.Compression;
import io.strata.server.cache.BlockCategory;
import io.strata.server.cache.LruBlockCache;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Block files read through the L1 cache: what is cached, when, and that reads stay exact. */
class BlockFileCacheTest {
  @TempDir
  java.nio.file.Path tmp;

  private FileSystem fs;
  private List<KeyValue> cells;
  private LruBlockCache cache;

  @BeforeEach
  void setUp() throws Exception {
    fs = TestCells.localFs();
    cells = TestCells.random(new Random(7), 400);
    cache = new LruBlockCache(64L << 20);
  }

  private static CacheOptions options(LruBlockCache cache, boolean cacheData, boolean onWrite,
      boolean evictOnClose) {
    return new CacheOptions(cache, cacheData, false, onWrite, onWrite, onWrite, evictOnClose);
  }

  private Path write(String name, CacheOptions caching) throws Exception {
    Path p = new Path(tmp.toUri().toString(), name);
    BlockFileWriter w = BlockFileWriter.create(fs, p, BlockFileOptions.defaults()
        .withBlockSize(1024).withIndexBlockSize(256).withCompression(Compression.LZ4)
        .withBloom(BloomType.ROW, 0.01), caching);
    for (KeyValue c : cells) {
      w.append(c);
    }
    w.close();
    return p;
  }

  private List<String> scanAll(BlockFileReader r, boolean cacheData) throws Exception {
    List<String> out = new ArrayList<>();
    BlockFileScanner s = r.scanner(cacheData);
    s.seekToFirst();
    Cell c;
    while ((c = s.next()) != null) {
      out.add(TestCells.describe(c));
    }
    return out;
  }

  private List<String> expected() {
    List<String> out = new ArrayList<>();
    cells.forEach(c -> out.add(TestCells.describe(c)));
    return out;
  }

  @Test
  void aSecondScanIsServedFromTheCacheWithIdenticalCells() throws Exception {
    Path p = write("f1", CacheOptions.NONE);
    try (BlockFileReader r = BlockFileReader.open(fs, p, options(cache, true, false, false))) {
      long blocks = r.fileInfo().getDataBlockCount();
      assertTrue(blocks > 20, blocks + " blocks");
      assertEquals(expected(), scanAll(r, true));
      assertEquals(blocks, r.dataBlocksRead());
      assertEquals(blocks, cache.stats().misses(BlockCategory.DATA));
      assertEquals(expected(), scanAll(r, true));
      assertEquals(blocks, r.dataBlocksRead(), "no data block read from storage again");
      assertEquals(blocks, cache.stats().hits(BlockCategory.DATA));
      // Seeks go through cached index blocks and data blocks too.
      for (KeyValue c : cells.subList(0, 50)) {
        BlockFileScanner s = r.scanner();
        assertTrue(s.seek(c));
        assertEquals(TestCells.describe(c), TestCells.describe(s.peek()));
      }
      assertEquals(blocks, r.dataBlocksRead());
      assertTrue(cache.stats().hits(BlockCategory.INDEX) > 0);
    }
  }

  @Test
  void aScanThatOptsOutAndAFamilyWithoutBlockCacheLeaveDataBlocksOut() throws Exception {
    Path p = write("f2", CacheOptions.NONE);
    try (BlockFileReader r = BlockFileReader.open(fs, p, options(cache, true, false, false))) {
      assertEquals(expected(), scanAll(r, false));
      assertEquals(0, cache.blockCount());
    }
    try (BlockFileReader r = BlockFileReader.open(fs, p, options(cache, false, false, false))) {
      assertEquals(expected(), scanAll(r, true));
      assertEquals(0, cache.blockCount(), "BLOCKCACHE => false caches no data blocks");
      for (KeyValue c : cells.subList(0, 10)) {
        r.scanner().seek(c);
      }
      assertTrue(cache.blockCount() > 0, "index blocks are cached even so");
      assertEquals(0, cache.stats().hits(BlockCategory.DATA));
    }
  }

  @Test
  void blocksCachedOnWriteServeTheFirstReadAndGoWhenTheReaderClosesForGood()
      throws Exception {
    Path p = write("f3", options(cache, true, true, true));
    long cachedOnWrite = cache.blockCount();
    try (BlockFileReader r = BlockFileReader.open(fs, p, options(cache, true, true, true))) {
      assertTrue(cachedOnWrite > r.fileInfo().getDataBlockCount(), "data, index and bloom");
      assertEquals(expected(), scanAll(r, true));
      assertEquals(0, r.dataBlocksRead(), "every data block came from the cache");
      for (KeyValue c : cells) {
        assertTrue(r.mightContainRow(java.util.Arrays.copyOfRange(c.getRowArray(),
            c.getRowOffset(), c.getRowOffset() + c.getRowLength())));
      }
      assertEquals(0, cache.stats().misses(BlockCategory.BLOOM));
    }
    assertEquals(0, cache.blockCount(), "evict on close");
  }
}
