package io.strata.server.region;

import static io.strata.server.region.RegionFixture.CF1;
import static io.strata.server.region.RegionFixture.CF2;
import static io.strata.server.region.RegionFixture.put;
import static io.strata.server.region.RegionFixture.render;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellLimits;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.error.BadRequestException;
import io.strata.common.error.NoSuchFamilyException;
import io.strata.common.filter.CompareOperator;
import io.strata.common.schema.Durability;
import io.strata.common.util.Bytes;
import io.strata.server.scan.ScanSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicRowOpsTest {
  private static final byte[] ROW = Bytes.toBytes("counters");
  private static final byte[] HITS = Bytes.toBytes("hits");

  @TempDir
  java.nio.file.Path tmp;

  private RegionFixture f;

  @BeforeEach
  void setUp() throws IOException {
    f = new RegionFixture(tmp, 1);
  }

  @AfterEach
  void tearDown() throws IOException {
    f.close();
  }

  private long counter(byte[] family, byte[] qualifier) throws IOException {
    List<Cell> cells = f.region.get(ROW, ScanSpec.row(ROW).withColumn(family, qualifier));
    return cells.isEmpty() ? 0 : Bytes.toLong(cells.get(0).getValueArray(),
        cells.get(0).getValueOffset());
  }

  private static long value(Cell c) {
    return Bytes.toLong(c.getValueArray(), c.getValueOffset());
  }

  @Test
  void incrementsStartAtZeroAddUpAndReturnTheNewValues() throws IOException {
    List<Cell> first = f.region.increment(ROW, List.of(new ColumnDelta(CF1, HITS, 5),
        new ColumnDelta(CF2, HITS, -2)), Durability.USE_DEFAULT);
    assertEquals(List.of(5L, -2L), List.of(value(first.get(0)), value(first.get(1))));
    List<Cell> second = f.region.increment(ROW, List.of(new ColumnDelta(CF1, HITS, 10)),
        Durability.USE_DEFAULT);
    assertEquals(15, value(second.get(0)));
    assertEquals(15, counter(CF1, HITS));
    f.region.flush();
    assertEquals(16, value(f.region.increment(ROW, List.of(new ColumnDelta(CF1, HITS, 1)),
        Durability.USE_DEFAULT).get(0)));
  }

  @Test
  void incrementsAreDurableLikePuts() throws IOException {
    f.region.increment(ROW, List.of(new ColumnDelta(CF1, HITS, 41)), Durability.SYNC_WAL);
    f.region.increment(ROW, List.of(new ColumnDelta(CF1, HITS, 1)), Durability.SYNC_WAL);
    f.crash();
    f.restart();
    assertEquals(42, counter(CF1, HITS));
  }

  @Test
  void incrementRefusesWhatIsNotACounter() throws IOException {
    f.mutate("counters", put("counters", CF1, "name", 1, "text"));
    assertEquals("bad request: column a:name of row 'counters' holds a 4-byte value, not an "
        + "8-byte counter; increment only counters", assertThrows(BadRequestException.class,
            () -> f.region.increment(ROW, List.of(new ColumnDelta(CF1, Bytes.toBytes("name"),
                1)), Durability.USE_DEFAULT)).getMessage());
    assertThrows(NoSuchFamilyException.class, () -> f.region.increment(ROW,
        List.of(new ColumnDelta(Bytes.toBytes("nope"), HITS, 1)), Durability.USE_DEFAULT));
    assertEquals(List.of("a:name@1=text"), render(f.region.get(ROW, ScanSpec.all())));
  }

  @Test
  void incrementStaysVisibleAboveAFutureTimestamp() throws IOException {
    long future = System.currentTimeMillis() + 3_600_000;
    f.region.mutate(List.of(new RowEdit(ROW, List.of(KeyValue.of(ROW, CF1, HITS, future,
        CellType.PUT, Bytes.toBytes(7L))))));
    List<Cell> r = f.region.increment(ROW, List.of(new ColumnDelta(CF1, HITS, 1)),
        Durability.USE_DEFAULT);
    assertEquals(future, r.get(0).getTimestamp());
    assertEquals(8, counter(CF1, HITS));
  }

  @Test
  void appendsConcatenate() throws IOException {
    byte[] q = Bytes.toBytes("log");
    assertEquals("a", Bytes.toString(f.region.append(ROW, List.of(new ColumnAppend(CF1, q,
        Bytes.toBytes("a"))), Durability.USE_DEFAULT).get(0).getValueArray(), 0, 0) + "a");
    List<Cell> r = f.region.append(ROW, List.of(new ColumnAppend(CF1, q, Bytes.toBytes("bc"))),
        Durability.USE_DEFAULT);
    Cell c = r.get(0);
    assertEquals("abc", Bytes.toString(c.getValueArray(), c.getValueOffset(),
        c.getValueLength()));
    assertEquals(List.of("a:log@" + c.getTimestamp() + "=abc"),
        render(f.region.get(ROW, ScanSpec.all())));
  }

  @Test
  void checkAndMutateIsACompareAndSet() throws IOException {
    byte[] q = Bytes.toBytes("state");
    RowEdit setA = new RowEdit(ROW, List.of(KeyValue.of(ROW, CF1, q, CellLimits.LATEST_TIMESTAMP,
        CellType.PUT, Bytes.toBytes("A"))));
    assertTrue(f.region.checkAndMutate(ROW, Condition.ifNotExists(CF1, q), setA));
    assertFalse(f.region.checkAndMutate(ROW, Condition.ifNotExists(CF1, q), setA));
    RowEdit setB = new RowEdit(ROW, List.of(KeyValue.of(ROW, CF1, q, CellLimits.LATEST_TIMESTAMP,
        CellType.PUT, Bytes.toBytes("B"))));
    assertFalse(f.region.checkAndMutate(ROW, Condition.ifEquals(CF1, q, Bytes.toBytes("X")),
        setB));
    assertTrue(f.region.checkAndMutate(ROW, Condition.ifEquals(CF1, q, Bytes.toBytes("A")),
        setB));
    // HBase's order: the given value is on the left, so "C" GREATER "B" holds.
    RowEdit delete = new RowEdit(ROW, List.of(KeyValue.of(ROW, CF1, q,
        CellLimits.LATEST_TIMESTAMP, CellType.DELETE_COLUMN, Bytes.EMPTY)));
    assertFalse(f.region.checkAndMutate(ROW, new Condition(CF1, q, CompareOperator.LESS,
        Bytes.toBytes("C")), delete));
    assertTrue(f.region.checkAndMutate(ROW, new Condition(CF1, q, CompareOperator.GREATER,
        Bytes.toBytes("C")), delete));
    assertEquals(List.of(), f.region.get(ROW, ScanSpec.all()));
    assertEquals("bad request: check-and-mutate on row 'counters' carries a mutation of row "
        + "'other'; both must be the same row", assertThrows(BadRequestException.class,
            () -> f.region.checkAndMutate(ROW, Condition.ifNotExists(CF1, q),
                new RowEdit(Bytes.toBytes("other"), List.of()))).getMessage());
  }

  @Test
  void checkAndMutateOnAFilterAppliesWhenTheFilteredRowIsNotEmpty() throws IOException {
    f.mutate("counters", put("counters", CF1, "state", 1, "open"),
        put("counters", CF2, "owner", 1, "ann"));
    RowEdit close = new RowEdit(ROW, List.of(put("counters", CF1, "state", 2, "closed")));
    io.strata.common.filter.Filter ownedByBob = new io.strata.common.filter.SingleColumnValueFilter(
        CF2, Bytes.toBytes("owner"), CompareOperator.EQUAL,
        new io.strata.common.filter.ByteArrayComparable.BinaryComparator(Bytes.toBytes("bob")),
        true, true);
    assertFalse(f.region.checkAndMutate(ROW, Condition.ifMatches(ownedByBob), close));
    io.strata.common.filter.Filter open = new io.strata.common.filter.ValueFilter(
        CompareOperator.EQUAL,
        new io.strata.common.filter.ByteArrayComparable.BinaryComparator(Bytes.toBytes("open")));
    assertTrue(f.region.checkAndMutate(ROW, Condition.ifMatches(open), close));
    assertEquals(List.of("a:state@2=closed", "b:owner@1=ann"),
        render(f.region.get(ROW, ScanSpec.all())));
    assertThrows(IllegalArgumentException.class, () -> Condition.ifMatches(null));
  }

  @Test
  void rowMutationsApplyPutsAndDeletesTogether() throws IOException {
    f.mutate("counters", put("counters", CF1, "old", 1, "x"));
    f.region.mutate(List.of(new RowEdit(ROW, List.of(
        put("counters", CF1, "new", 2, "y"),
        KeyValue.of(ROW, CF1, Bytes.toBytes("old"), 1, CellType.DELETE_COLUMN, Bytes.EMPTY)))));
    assertEquals(List.of("a:new@2=y"), render(f.region.get(ROW, ScanSpec.all())));
  }

  @Test
  void sixteenThreadsIncrementingOneCounterEndAtTheExactSumWithDistinctResults()
      throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(16);
    Set<Long> seen = ConcurrentHashMap.newKeySet();
    List<Future<?>> futures = new ArrayList<>();
    for (int t = 0; t < 16; t++) {
      futures.add(pool.submit(() -> {
        for (int i = 0; i < 1000; i++) {
          long v = value(f.region.increment(ROW, List.of(new ColumnDelta(CF1, HITS, 1)),
              Durability.USE_DEFAULT).get(0));
          assertTrue(seen.add(v), "value " + v + " returned twice");
        }
        return null;
      }));
    }
    for (Future<?> fu : futures) {
      fu.get();
    }
    pool.shutdown();
    assertEquals(16_000, counter(CF1, HITS));
    assertEquals(16_000, seen.size());
    assertEquals(1, java.util.Collections.min(seen));
    assertEquals(16_000, java.util.Collections.max(seen));
  }

  @Test
  void checkAndMutateAsALockAdmitsExactlyOneWinnerPerRound() throws Exception {
    int threads = 8;
    int rounds = 50;
    CyclicBarrier barrier = new CyclicBarrier(threads);
    AtomicIntegerArray winners = new AtomicIntegerArray(rounds);
    int[] winnerOf = new int[rounds];
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    List<Future<?>> futures = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int me = t;
      futures.add(pool.submit(() -> {
        for (int r = 0; r < rounds; r++) {
          barrier.await();
          byte[] lock = Bytes.toBytes("lock-" + r);
          RowEdit take = new RowEdit(ROW, List.of(KeyValue.of(ROW, CF2, lock,
              CellLimits.LATEST_TIMESTAMP, CellType.PUT, Bytes.toBytes(me))));
          if (f.region.checkAndMutate(ROW, Condition.ifNotExists(CF2, lock), take)) {
            winners.incrementAndGet(r);
            winnerOf[r] = me;
          }
        }
        return null;
      }));
    }
    for (Future<?> fu : futures) {
      fu.get();
    }
    pool.shutdown();
    for (int r = 0; r < rounds; r++) {
      assertEquals(1, winners.get(r), "round " + r);
      List<Cell> holder = f.region.get(ROW, ScanSpec.row(ROW).withColumn(CF2,
          Bytes.toBytes("lock-" + r)));
      assertEquals(winnerOf[r], Bytes.toInt(holder.get(0).getValueArray(),
          holder.get(0).getValueOffset()), "round " + r);
    }
  }
}
