package io.strata.server.memstore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.cell.CellComparator;
import io.strata.common.cell.CellKeys;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.util.Bytes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class MemStoreTest {
  private static KeyValue cell(String row, String q, long ts, String value) {
    return KeyValue.of(Bytes.toBytes(row), Bytes.toBytes("f"), Bytes.toBytes(q), ts,
        CellType.PUT, Bytes.toBytes(value));
  }

  private static List<String> contents(Iterator<SequencedCell> it) {
    List<String> out = new ArrayList<>();
    it.forEachRemaining(c -> out.add(c + "=" + Bytes.toString(c.getValueArray(),
        c.getValueOffset(), c.getValueLength())));
    return out;
  }

  @Test
  void cellsComeBackInCellOrderNewestWriteFirst() {
    MemStore m = new MemStore(new ChunkPool(4096, 4));
    List<KeyValue> cells = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      cells.add(cell("r" + (i % 7), "q" + (i % 3), 100 + i % 2, "v" + i));
    }
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < cells.size(); i++) {
      order.add(i);
    }
    Collections.shuffle(order, new Random(3));
    for (int i : order) {
      m.add(cells.get(i), i + 1, 1000 + i);
    }
    List<SequencedCell> expected = new ArrayList<>();
    for (int i = 0; i < cells.size(); i++) {
      expected.add(new SequencedCell(cells.get(i), i + 1));
    }
    expected.sort(SequencedCell.ORDER);
    List<Segment> segments = m.retainSegments();
    assertEquals(1, segments.size());
    List<String> actual = contents(segments.get(0).cells().iterator());
    assertEquals(contents(expected.iterator()), actual);
    // Equal keys written twice keep both, newer write first.
    SequencedCell first = segments.get(0).first();
    assertEquals("r0/f:q0/101/PUT/vlen=3/seq=22", first.toString()); // i = 21: newest timestamp
    assertEquals(22, first.writeNumber());
    assertEquals(1000 + 49, segments.get(0).maxWalSequenceId());
    segments.forEach(Segment::release);
  }

  @Test
  void anEditAddedAllAtOnceIsIndexedAsAddedOneByOneAndTheLaterOfEqualKeysWins() {
    for (int seed = 0; seed < 20; seed++) {
      Random rnd = new Random(seed);
      MemStore one = new MemStore(new ChunkPool(4096, 4));
      MemStore all = new MemStore(new ChunkPool(4096, 4));
      for (int edit = 1; edit <= 5; edit++) {
        List<KeyValue> cells = new ArrayList<>();
        int n = 1 + rnd.nextInt(60);
        for (int i = 0; i < n; i++) {
          // Few rows, columns and timestamps: equal keys within an edit and across edits.
          cells.add(cell("r" + rnd.nextInt(12), "q" + rnd.nextInt(3), 100 + rnd.nextInt(2),
              "e" + edit + "v" + i));
        }
        List<SequencedCell> stored = new ArrayList<>();
        for (KeyValue c : cells) {
          stored.add(one.add(c, edit, 1000 + edit));
        }
        SequencedCell[] out = new SequencedCell[cells.size()];
        all.addAll(cells, edit, 1000 + edit, out);
        for (int i = 0; i < out.length; i++) {
          assertEquals(stored.get(i).toString(), out[i].toString(), "seed " + seed);
          assertEquals(0, CellComparator.INSTANCE.compare(cells.get(i), out[i]));
        }
      }
      Segment a = one.retainSegments().get(0);
      Segment b = all.retainSegments().get(0);
      assertEquals(contents(a.cells().iterator()), contents(b.cells().iterator()), "seed " + seed);
      assertEquals(a.dataSize(), b.dataSize(), "seed " + seed);
      assertEquals(a.maxWalSequenceId(), b.maxWalSequenceId());
      a.release();
      b.release();
    }
  }

  @Test
  void aRolledBackEditTakesBackExactlyWhatItAddedEvenWhereItReplacedItsOwnCell() {
    MemStore m = new MemStore(new ChunkPool(4096, 4));
    m.add(cell("a", "q", 1, "kept"), 1, 1);
    long before = m.dataSize();
    // The same key twice in one edit, values of different lengths: the later replaces the
    // earlier, and a rollback of both must neither remove the wrong one nor count it.
    List<KeyValue> edit = List.of(cell("b", "q", 1, "short"), cell("b", "q", 1, "a longer one"),
        cell("c", "q", 1, "v"));
    SequencedCell[] out = new SequencedCell[edit.size()];
    m.addAll(edit, 2, 2, out);
    assertEquals(before + out[1].getLength() + out[2].getLength(), m.dataSize());
    m.rollback(List.of(out));
    assertEquals(before, m.dataSize());
    Segment s = m.retainSegments().get(0);
    assertEquals(List.of("a/f:q/1/PUT/vlen=4/seq=1=kept"), contents(s.cells().iterator()));
    s.release();
  }

  @Test
  void iteratorFromStartsAtTheFirstCellAtOrAfterTheKey() {
    MemStore m = new MemStore(new ChunkPool(4096, 4));
    m.add(cell("a", "q", 1, "1"), 1, 1);
    m.add(cell("c", "q", 1, "2"), 2, 2);
    m.add(cell("e", "q", 1, "3"), 3, 3);
    Segment s = m.retainSegments().get(0);
    assertEquals(List.of("c/f:q/1/PUT/vlen=1/seq=2=2", "e/f:q/1/PUT/vlen=1/seq=3=3"),
        contents(s.iteratorFrom(CellKeys.firstOnRow(Bytes.toBytes("b")))));
    assertEquals(List.of("c/f:q/1/PUT/vlen=1/seq=2=2", "e/f:q/1/PUT/vlen=1/seq=3=3"),
        contents(s.iteratorFrom(CellKeys.firstOnRow(Bytes.toBytes("c")))));
    assertEquals(List.of(), contents(s.iteratorFrom(CellKeys.firstOnRow(Bytes.toBytes("f")))));
    s.release();
  }

  @Test
  void theMslabCopiesCellsIntoSharedChunks() {
    ChunkPool pool = new ChunkPool(4096, 4);
    MemStore m = new MemStore(pool);
    byte[] value = Bytes.toBytes("original");
    KeyValue source = KeyValue.of(Bytes.toBytes("r"), Bytes.toBytes("f"), Bytes.toBytes("q"), 1,
        CellType.PUT, value);
    SequencedCell stored = m.add(source, 1, 1);
    source.getBuffer()[source.getValueOffset()] = 'X'; // the caller reuses its array
    assertEquals("original", Bytes.toString(stored.getValueArray(), stored.getValueOffset(),
        stored.getValueLength()));
    for (int i = 0; i < 300; i++) {
      m.add(cell("row" + i, "q", 1, "v"), i + 2, i + 2);
    }
    Segment s = m.retainSegments().get(0);
    // 301 cells of 29 to 33 bytes (9,223 bytes) share three 4 KiB chunks, not 301 arrays.
    assertEquals(3, s.chunkCount());
    s.release();
  }

  @Test
  void snapshotChunksReturnToThePoolOnlyAfterTheLastReaderLetsGo() {
    ChunkPool pool = new ChunkPool(4096, 4);
    MemStore m = new MemStore(pool);
    for (int i = 0; i < 10; i++) {
      m.add(cell("row" + i, "q", 1, "v"), i + 1, i + 1);
    }
    List<Segment> reader = m.retainSegments();
    Segment snap = m.snapshot();
    assertSame(snap, reader.get(0));
    m.add(cell("later", "q", 1, "v"), 11, 11);
    List<Segment> both = m.retainSegments();
    assertEquals(2, both.size());
    both.forEach(Segment::release);
    m.clearSnapshot(snap);
    assertEquals(0, pool.idleChunks(), "a reader still holds the snapshot");
    assertEquals(10, snap.cellCount());
    reader.forEach(Segment::release);
    assertEquals(1, pool.idleChunks());
    assertTrue(!snap.retain(), "a released segment cannot be retained again");
    // The next segment reuses the pooled chunk.
    long created = pool.chunksCreated();
    m.snapshot();
    m.add(cell("again", "q", 1, "v"), 12, 12);
    assertEquals(created, pool.chunksCreated());
    assertEquals(1, pool.chunksReused());
  }

  @Test
  void aStagedCellIsStampedIntoTheMslabAndIndexedWithoutAnotherCopy() {
    ChunkPool pool = new ChunkPool(4096, 4);
    MemStore m = new MemStore(pool);
    KeyValue latest = cell("r", "q", io.strata.common.cell.CellLimits.LATEST_TIMESTAMP, "v1");
    SequencedCell staged = m.stage(latest, 42, latest.getTagsArray(), latest.getTagsOffset(),
        latest.getTagsLength());
    assertTrue(staged.writeNumber() < 0, "staged: a negative write number");
    assertEquals(cell("r", "q", 42, "v1"), KeyValue.deepCopy(staged)); // stamped, same bytes
    assertEquals(0, m.dataSize(), "staged is not yet stored");

    SequencedCell[] out = new SequencedCell[2];
    KeyValue other = cell("s", "q", 7, "v2");
    m.addAll(List.of(staged, other), 5, 100, out);
    assertSame(staged.getBuffer(), out[0].getBuffer(), "indexed where it was staged");
    assertEquals(staged.getOffset(), out[0].getOffset());
    assertSame(staged, out[0], "the staged cell itself is indexed, under the edit's number");
    assertEquals(5, out[0].writeNumber());
    assertTrue(out[1].getBuffer() != other.getBuffer(), "an unstaged cell is copied in");
    assertEquals(List.of("r/f:q/42/PUT/vlen=2/seq=5=v1", "s/f:q/7/PUT/vlen=2/seq=5=v2"),
        contents(m.retainSegments().get(0).cells().iterator()));
    // An indexed cell given again (a write retried with the same cells) is a copy of its own.
    SequencedCell[] again = new SequencedCell[1];
    m.addAll(List.of(staged), 9, 102, again);
    assertTrue(again[0] != staged, "copied, not indexed twice");
    assertEquals(5, staged.writeNumber());
    assertEquals(9, again[0].writeNumber());
    assertEquals(List.of("r/f:q/42/PUT/vlen=2/seq=9=v1", "r/f:q/42/PUT/vlen=2/seq=5=v1",
        "s/f:q/7/PUT/vlen=2/seq=5=v2"), contents(m.retainSegments().get(0).cells().iterator()));

    // Staged in a segment that became the snapshot: the new active one copies it.
    SequencedCell old = m.stage(other, 8, other.getTagsArray(), 0, 0);
    m.snapshot();
    m.addAll(List.of(old), 6, 101, out);
    assertTrue(out[0].getBuffer() != old.getBuffer(), "another segment's staging is copied");
    assertEquals(8, out[0].getTimestamp());
  }

  @Test
  void aStagedCellIsTheCellWithItsNewTimestampAndTheTagsGiven() {
    Random rand = new Random(17);
    MemStore m = new MemStore(new ChunkPool(1 << 16, 4));
    CellType[] types = CellType.values();
    for (int i = 0; i < 2000; i++) {
      byte[] value = new byte[rand.nextInt(3) == 0 ? 0 : rand.nextInt(5000)];
      rand.nextBytes(value);
      List<io.strata.common.cell.Tag> tags = rand.nextBoolean() ? List.of()
          : List.of(io.strata.common.cell.Tag.ttl(1 + rand.nextInt(100_000)));
      KeyValue kv = KeyValue.of(Bytes.toBytes("row" + rand.nextInt(1000)),
          Bytes.toBytes("f" + rand.nextInt(3)), Bytes.toBytes("q" + rand.nextInt(50)),
          rand.nextLong() & Long.MAX_VALUE, types[rand.nextInt(types.length)], value, tags);
      // A request's cell lies inside a larger array, among other bytes.
      byte[] around = new byte[kv.getLength() + 40];
      rand.nextBytes(around);
      System.arraycopy(kv.getBuffer(), kv.getOffset(), around, 13, kv.getLength());
      KeyValue inRequest = KeyValue.decode(around, 13, 13 + kv.getLength());
      long ts = rand.nextLong() & Long.MAX_VALUE;
      // Its own tags (copied whole, the timestamp set), or others (written field by field).
      boolean own = rand.nextBoolean();
      KeyValue otherTags = KeyValue.of(Bytes.toBytes("x"), Bytes.toBytes("f"), Bytes.EMPTY, 1,
          CellType.PUT, Bytes.EMPTY, List.of(io.strata.common.cell.Tag.ttl(5)));
      KeyValue tagsFrom = own ? inRequest : otherTags;
      SequencedCell staged = m.stage(inRequest, ts, tagsFrom.getTagsArray(),
          tagsFrom.getTagsOffset(), tagsFrom.getTagsLength());
      KeyValue expected = KeyValue.copyOf(kv, ts, own ? kv.getTags() : otherTags.getTags());
      assertEquals(Bytes.toStringBinary(expected.getBuffer(), expected.getOffset(),
          expected.getLength()), Bytes.toStringBinary(staged.getBuffer(), staged.getOffset(),
          staged.getLength()), "cell " + i);
    }
  }

  @Test
  void writersStagingSideBySideEachGetRoomOfTheirOwn() throws Exception {
    // Four threads stage at once, some cells larger than a quarter chunk (arrays of their own):
    // every staged copy holds exactly its cell, stamped, no two overlap, and each is marked as
    // staged in this segment alone.
    MemStore m = new MemStore(new ChunkPool(8192, 4));
    int threads = 4;
    int perThread = 3000;
    List<List<KeyValue>> given = new ArrayList<>();
    List<List<SequencedCell>> staged = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Random rand = new Random(40 + t);
      List<KeyValue> cells = new ArrayList<>();
      for (int i = 0; i < perThread; i++) {
        byte[] value = new byte[rand.nextInt(10) == 0 ? 2100 + rand.nextInt(500)
            : rand.nextInt(120)];
        rand.nextBytes(value);
        cells.add(KeyValue.of(Bytes.toBytes("t" + t + "r" + i), Bytes.toBytes("f"),
            Bytes.toBytes("q"), io.strata.common.cell.CellLimits.LATEST_TIMESTAMP,
            CellType.PUT, value));
      }
      given.add(cells);
      staged.add(new ArrayList<>());
    }
    java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(threads);
    List<Thread> running = new ArrayList<>();
    List<Throwable> failed = Collections.synchronizedList(new ArrayList<>());
    for (int t = 0; t < threads; t++) {
      int me = t;
      Thread th = new Thread(() -> {
        try {
          start.await();
          for (KeyValue c : given.get(me)) {
            staged.get(me).add(m.stage(c, 1000 + me, c.getTagsArray(), c.getTagsOffset(),
                c.getTagsLength()));
          }
        } catch (Throwable e) {
          failed.add(e);
        }
      });
      th.start();
      running.add(th);
    }
    for (Thread th : running) {
      th.join();
    }
    assertEquals(List.of(), failed);
    java.util.Map<byte[], List<int[]>> used = new java.util.IdentityHashMap<>();
    for (int t = 0; t < threads; t++) {
      for (int i = 0; i < perThread; i++) {
        SequencedCell c = staged.get(t).get(i);
        assertEquals(KeyValue.copyOf(given.get(t).get(i), 1000 + t, List.of()),
            KeyValue.deepCopy(c), "thread " + t + " cell " + i);
        assertTrue(c.writeNumber() < 0, "staged, not indexed");
        used.computeIfAbsent(c.getBuffer(), b -> new ArrayList<>())
            .add(new int[] {c.getOffset(), c.getOffset() + c.getLength()});
      }
    }
    for (List<int[]> ranges : used.values()) {
      ranges.sort((a, b) -> Integer.compare(a[0], b[0]));
      for (int i = 1; i < ranges.size(); i++) {
        assertTrue(ranges.get(i - 1)[1] <= ranges.get(i)[0], "two cells share bytes");
      }
    }
  }

  @Test
  void chunksAWriteStagedBeforeItFailedNeverReturnToThePool() {
    ChunkPool pool = new ChunkPool(4096, 4);
    MemStore m = new MemStore(pool);
    KeyValue c = cell("r", "q", 1, "v");
    m.stage(c, 2, c.getTagsArray(), 0, 0);
    m.keepActiveChunks(); // the write failed with its cells still in the WAL's queue
    Segment snap = m.snapshot();
    m.clearSnapshot(snap);
    assertEquals(0, pool.idleChunks(), "left to the collector, not reused");
    // The next segment's chunks are pooled again.
    m.add(c, 3, 3);
    m.clearSnapshot(m.snapshot());
    assertEquals(1, pool.idleChunks());
  }

  @Test
  void aFailedFlushGetsTheSameSnapshotAgain() {
    MemStore m = new MemStore(new ChunkPool(4096, 4));
    m.add(cell("a", "q", 1, "v"), 1, 1);
    Segment first = m.snapshot();
    m.add(cell("b", "q", 1, "v"), 2, 2);
    assertSame(first, m.snapshot(), "the unflushed snapshot is retried first");
    m.clearSnapshot(first);
    Segment second = m.snapshot();
    assertEquals(1, second.cellCount());
    assertEquals(0, CellComparator.INSTANCE.compareRow(second.first(), Bytes.toBytes("b")));
  }

  @Test
  void rollbackRemovesTheCellsOfAFailedEdit() {
    MemStore m = new MemStore(new ChunkPool(4096, 4));
    m.add(cell("a", "q", 1, "keep"), 1, 1);
    long before = m.dataSize();
    List<SequencedCell> failed = List.of(m.add(cell("b", "q", 1, "x"), 2, 2),
        m.add(cell("c", "q", 1, "y"), 2, 2));
    assertTrue(m.dataSize() > before);
    m.rollback(failed);
    assertEquals(before, m.dataSize());
    Segment s = m.retainSegments().get(0);
    assertEquals(1, s.cellCount());
    s.release();
  }
}
