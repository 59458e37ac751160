package io.strata.server.region;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.cell.BufferKeyValue;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellComparator;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.DataBlockEncoding;
import io.strata.common.schema.Durability;
import io.strata.common.util.Bytes;
import io.strata.server.blockfile.BlockCodec;
import io.strata.server.cache.CombinedBlockCache;
import io.strata.server.cache.LruBlockCache;
import io.strata.server.cache.bucket.BucketAllocator;
import io.strata.server.cache.bucket.BucketCache;
import io.strata.server.cache.bucket.OffHeapEngine;
import io.strata.server.scan.ScanSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Reads served in place from the off-heap L2 cache, at region level. Cells of family a come from
 * L2 memory; family b is written afterwards to churn the cache. HBASE-22539 and HBASE-24984 lost
 * data when such memory was reused under a reader: here a reader keeps cells across that churn,
 * and every byte must stay its own until the reader ships them.
 */
class InPlaceReadTest {
  private static final byte[] A = RegionFixture.CF1;
  private static final byte[] B = RegionFixture.CF2;
  private static final int ROWS = 600;

  @TempDir
  Path tmp;
  private BucketCache l2;
  private RegionFixture f;

  void open(DataBlockEncoding encoding) throws Exception {
    // 4 KiB blocks in 8 KiB slots: 32 slots, more than family a's blocks, far fewer than b's.
    long bucket = 64 * 1024;
    l2 = new BucketCache(new OffHeapEngine(4 * bucket, (int) bucket),
        new BucketAllocator(4 * bucket, bucket, new int[] {8 * 1024}), BlockCodec.INSTANCE, 1, 64);
    RegionCaching caching = new RegionCaching(
        new CombinedBlockCache(new LruBlockCache(8L << 20), l2), true, true, true, false);
    var table = io.strata.common.schema.TableDescriptor.newBuilder(
            io.strata.common.schema.TableName.valueOf("t"))
        .setColumnFamily(ColumnFamilyDescriptor.newBuilder(A).setBlockSize(4096)
            .setDataBlockEncoding(encoding).build())
        .setColumnFamily(ColumnFamilyDescriptor.newBuilder(B).setBlockSize(4096).build())
        .build();
    f = new RegionFixture(tmp, table, null, RegionFixture.compactions(false, 1000), caching);
    write(A, ROWS);
    assertTrue(l2.awaitPendingWrites(30, TimeUnit.SECONDS));
  }

  @AfterEach
  void close() throws Exception {
    if (f != null) {
      f.close();
      assertEquals(0, l2.heldByReaders(), "a reader leaked L2 slots");
      l2.close();
    }
  }

  private static byte[] row(int r) {
    return Bytes.toBytes(String.format("row%06d", r));
  }

  /** The value a cell must have: its own bytes, derived from row and family. */
  private static byte[] value(byte[] family, int r) {
    byte[] v = new byte[100];
    new Random(r * 31L + family[0]).nextBytes(v);
    return v;
  }

  private void write(byte[] family, int rows) throws Exception {
    for (int r = 0; r < rows; r++) {
      f.region.mutate(List.of(new RowEdit(row(r), List.of(KeyValue.of(row(r), family,
          Bytes.toBytes("q"), 1L, CellType.PUT, value(family, r))), Durability.SKIP_WAL)));
    }
    f.region.flush(); // cache on write puts the data blocks into L2
  }

  /** Drops family a's blocks from L2 (held ones stay until released). */
  private void evictFamilyA() throws Exception {
    assertTrue(evictFamilyABlocks() > 0, "family a's blocks were cached");
  }

  /** Drops family a's blocks from L2; returns how many were cached. */
  private int evictFamilyABlocks() throws Exception {
    var files = f.fs.listFiles(f.root, true);
    int evicted = 0;
    while (files.hasNext()) {
      org.apache.hadoop.fs.Path p = files.next().getPath();
      if (p.getParent().getName().equals("a")) {
        evicted += l2.evictFile(p.getName());
      }
    }
    return evicted;
  }

  /** Encodings whose cells point into the block (the others rebuild keys on the heap). */
  private static boolean readInPlace(DataBlockEncoding encoding) {
    return encoding == DataBlockEncoding.NONE || encoding == DataBlockEncoding.ROW_INDEX_V1;
  }

  private static void assertCell(int r, Cell c) {
    assertEquals(Bytes.toString(row(r)),
        Bytes.toString(c.getRowArray(), c.getRowOffset(), c.getRowLength()));
    assertEquals(Bytes.toHex(value(A, r)),
        Bytes.toHex(c.getValueArray(), c.getValueOffset(), c.getValueLength()), "row " + r);
  }

  @ParameterizedTest
  @EnumSource(DataBlockEncoding.class)
  void cellsHeldInPlaceSurviveEvictionAndRefillUntilShipped(DataBlockEncoding encoding)
      throws Exception {
    open(encoding);
    ScanSpec onlyA = ScanSpec.all().withColumn(A, Bytes.toBytes("q"));
    try (RegionScanner s = f.region.scannerInPlace(onlyA)) {
      List<Cell> held = new ArrayList<>();
      RegionScanner.ScanBatch batch = s.next(200, 0, Long.MAX_VALUE);
      for (RegionScanner.RowPart p : batch.parts()) {
        held.addAll(p.cells());
      }
      assertEquals(200, held.size());
      if (readInPlace(encoding)) {
        for (Cell c : held) {
          assertInstanceOf(BufferKeyValue.class, c, "read in place from off-heap memory");
        }
      }
      assertTrue(l2.heldByReaders() >= 2, "the scanner holds the blocks its cells lie in");
      // Churn: evict every cached block and refill L2 many times over with family b.
      evictFamilyA();
      write(B, 3000);
      assertTrue(l2.awaitPendingWrites(30, TimeUnit.SECONDS));
      assertTrue(l2.stats().evictions() > 32, "the cache was refilled: " + l2.stats());
      for (int r = 0; r < held.size(); r++) {
        assertCell(r, held.get(r));
      }
      s.shipped();
      assertEquals(1, l2.heldByReaders(), "after shipped only the block under the cursor");
      int r = 200;
      while (!(batch = s.next(100, 0, Long.MAX_VALUE)).parts().isEmpty() || !batch.exhausted()) {
        for (RegionScanner.RowPart p : batch.parts()) {
          assertCell(r++, p.cells().get(0));
        }
        s.shipped();
      }
      assertEquals(ROWS, r);
    }
    assertEquals(0, l2.heldByReaders());
  }

  @ParameterizedTest
  @EnumSource(DataBlockEncoding.class)
  void copyingReadsReturnHeapCellsAndHoldNothing(DataBlockEncoding encoding) throws Exception {
    open(encoding);
    List<Cell> kept = new ArrayList<>();
    try (RegionScanner s = f.region.scanner(ScanSpec.all().withColumn(A, Bytes.toBytes("q")))) {
      List<Cell> row;
      while ((row = s.nextRow()) != null) {
        kept.addAll(row);
        assertTrue(l2.heldByReaders() <= 1, "a copying scan holds only the block under it");
      }
    }
    evictFamilyA();
    write(B, 3000);
    assertTrue(l2.awaitPendingWrites(30, TimeUnit.SECONDS));
    assertEquals(ROWS, kept.size());
    for (int r = 0; r < ROWS; r++) {
      assertFalse(kept.get(r) instanceof BufferKeyValue, "a copy on the heap");
      assertCell(r, kept.get(r));
    }
  }

  @ParameterizedTest
  @EnumSource(DataBlockEncoding.class)
  void getsInPlaceSeeTheSameCellsAsCopyingGets(DataBlockEncoding encoding) throws Exception {
    open(encoding);
    Random rnd = new Random(7);
    for (int i = 0; i < 300; i++) {
      int r = rnd.nextInt(ROWS + 10); // some rows that do not exist
      List<Cell> copied = f.region.get(row(r), ScanSpec.row(row(r)));
      List<String> inPlace = f.region.readRow(row(r), ScanSpec.row(row(r)), cells -> {
        if (readInPlace(encoding) && !cells.isEmpty()) {
          assertInstanceOf(BufferKeyValue.class, cells.get(0));
        }
        return RegionFixture.render(cells);
      });
      assertEquals(RegionFixture.render(copied), inPlace, "row " + r);
      assertEquals(r < ROWS ? 1 : 0, copied.size());
      if (r < ROWS) {
        assertCell(r, copied.get(0));
      }
      assertEquals(0, l2.heldByReaders());
    }
  }

  /**
   * A get reuses its thread's scanner stack: a get inside another's callback, and a callback
   * that throws, must leave both the outer cells and the next get intact, and hold nothing.
   */
  @org.junit.jupiter.api.Test
  void nestedAndFailedGetsLeaveTheThreadsReadObjectsUsable() throws Exception {
    open(DataBlockEncoding.NONE);
    List<String> outer = f.region.readRow(row(1), ScanSpec.row(row(1)), cells -> {
      List<String> inner = f.region.readRow(row(2), ScanSpec.row(row(2)),
          RegionFixture::render);
      assertEquals(RegionFixture.render(List.of(KeyValue.of(row(2), A, Bytes.toBytes("q"), 1L,
          CellType.PUT, value(A, 2)))), inner);
      assertCell(3, f.region.get(row(3), ScanSpec.row(row(3))).get(0));
      assertCell(1, cells.get(0)); // the outer cells are untouched by the inner reads
      return RegionFixture.render(cells);
    });
    assertEquals(RegionFixture.render(f.region.get(row(1), ScanSpec.row(row(1)))), outer);
    IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(
        IllegalStateException.class, () -> f.region.readRow(row(4), ScanSpec.row(row(4)),
            cells -> {
              throw new IllegalStateException("the reader failed");
            }));
    assertEquals("the reader failed", e.getMessage());
    assertEquals(0, l2.heldByReaders());
    for (int r = 0; r < 20; r++) {
      assertCell(r, f.region.get(row(r), ScanSpec.row(row(r))).get(0));
      assertEquals(1, (int) f.region.readRow(row(r), ScanSpec.row(row(r)), List::size));
    }
    assertEquals(0, l2.heldByReaders());
  }

  /**
   * A scan in place that stops inside a row (three cells a call) carries the next cell over to
   * the following call. The reader ships between calls, family a's blocks are evicted and their
   * slots rewritten: the carried cell must still be its own.
   */
  @org.junit.jupiter.api.Test
  void aCellCarriedToTheNextCallSurvivesShipped() throws Exception {
    open(DataBlockEncoding.NONE);
    int rows = 16;
    int columns = 8;
    for (int r = 0; r < rows; r++) {
      List<Cell> cells = new ArrayList<>();
      for (int q = 0; q < columns; q++) {
        cells.add(KeyValue.of(row(r), A, Bytes.toBytes("c" + q), 2L, CellType.PUT,
            value(A, r * 100 + q)));
      }
      f.region.mutate(List.of(new RowEdit(row(r), cells, Durability.SKIP_WAL)));
    }
    f.region.flush();
    assertTrue(l2.awaitPendingWrites(30, TimeUnit.SECONDS));
    ScanSpec wide = ScanSpec.all().withRows(row(0), row(rows));
    int seen = 0;
    long junk = 0;
    try (RegionScanner s = f.region.scannerInPlace(wide.withMaxVersions(1))) {
      RegionScanner.ScanBatch batch;
      while (!(batch = s.next(1000, 3, 1)).parts().isEmpty()) {
        for (RegionScanner.RowPart p : batch.parts()) {
          for (Cell c : p.cells()) {
            if (CellComparator.INSTANCE.compareQualifier(c, Bytes.toBytes("q"), 0, 1) == 0) {
              continue; // the single-column cells of open()
            }
            int r = seen / columns;
            int q = seen % columns;
            assertEquals(Bytes.toString(row(r)) + "/c" + q, Bytes.toString(c.getRowArray(),
                c.getRowOffset(), c.getRowLength()) + "/" + Bytes.toString(c.getQualifierArray(),
                c.getQualifierOffset(), c.getQualifierLength()));
            assertEquals(Bytes.toHex(value(A, r * 100 + q)), Bytes.toHex(c.getValueArray(),
                c.getValueOffset(), c.getValueLength()), "row " + r + " column " + q);
            seen++;
          }
        }
        s.shipped();
        evictFamilyABlocks();
        for (int k = 0; k < 36; k++, junk++) { // more than L2 has slots: every free one is rewritten
          byte[] bytes = new byte[4000];
          java.util.Arrays.fill(bytes, (byte) 0x5A);
          l2.put(new io.strata.server.cache.BlockCacheKey("junk", junk),
              new io.strata.server.blockfile.Block(io.strata.server.blockfile.BlockType.DATA,
                  new io.strata.server.blockfile.BlockHandle(junk * 4096, 4096), 0, bytes, 0,
                  bytes.length), false);
        }
        assertTrue(l2.awaitPendingWrites(30, TimeUnit.SECONDS));
        // Family a back in L2 (in other slots), so the scan's next blocks are read in place.
        try (RegionScanner warm = f.region.scanner(wide)) {
          while (warm.nextRow() != null) {
            // reading caches the blocks
          }
        }
        assertTrue(l2.awaitPendingWrites(30, TimeUnit.SECONDS));
        if (batch.exhausted()) {
          break;
        }
      }
    }
    assertEquals(rows * columns, seen);
  }
}
