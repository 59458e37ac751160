package io.strata.server.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellComparator;
import io.strata.common.cell.CellKeys;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.util.Bytes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The merge against a model: every source's cells sorted together, equal keys by rank. */
class MergingScannerTest {
  private record Ranked(KeyValue cell, long rank) {}

  private static final Comparator<Ranked> MODEL = (a, b) -> {
    int c = CellComparator.INSTANCE.compare(a.cell(), b.cell());
    return c != 0 ? c : Long.compare(a.rank(), b.rank());
  };

  /** The value names the source, so equal keys of two sources read differently. */
  private static KeyValue cell(int row, int column, long ts, int source) {
    return KeyValue.of(Bytes.toBytes(String.format("row%04d", row)), Bytes.toBytes("f"),
        Bytes.toBytes("q" + column), ts, CellType.PUT, Bytes.toBytes("from " + source));
  }

  private static int rowOf(Cell c) {
    return Integer.parseInt(Bytes.toString(c.getRowArray(), c.getRowOffset() + 3,
        c.getRowLength() - 3));
  }

  private static String describe(Cell c) {
    return KeyValue.copyOf(c) + "=" + Bytes.toString(c.getValueArray(), c.getValueOffset(),
        c.getValueLength());
  }

  @Test
  void mergedCellsComeInOrderThroughSeeksAndReseeksWithOverlappingAndDisjointSources()
      throws java.io.IOException {
    for (int seed = 0; seed < 200; seed++) {
      Random rnd = new Random(seed);
      int n = 1 + rnd.nextInt(6);
      boolean disjoint = rnd.nextBoolean(); // key ranges one after another, as ordered flushes
      List<CellSource> sources = new ArrayList<>();
      List<Ranked> all = new ArrayList<>();
      for (int s = 0; s < n; s++) {
        List<KeyValue> cells = new ArrayList<>();
        int count = rnd.nextInt(40);
        for (int i = 0; i < count; i++) {
          int row = disjoint ? s * 100 + rnd.nextInt(100) : rnd.nextInt(60);
          // Equal keys in several sources: the lower rank must come first.
          KeyValue kv = cell(row, rnd.nextInt(3), 1 + rnd.nextInt(2), s);
          if (cells.stream().noneMatch(c -> CellComparator.INSTANCE.compare(c, kv) == 0)) {
            cells.add(kv);
          }
        }
        cells.sort(CellComparator.INSTANCE);
        for (KeyValue kv : cells) {
          all.add(new Ranked(kv, s));
        }
        // The bound a source may give: none, its last cell's key, or a key past it.
        Cell bound = switch (cells.isEmpty() ? 0 : rnd.nextInt(3)) {
          case 0 -> null;
          case 1 -> KeyValue.copyOf(cells.get(cells.size() - 1));
          default -> cell(rowOf(cells.get(cells.size() - 1)) + rnd.nextInt(3), 9, 1, s);
        };
        sources.add(new ListSource(cells, s, bound));
      }
      all.sort(MODEL);
      try (MergingScanner m = new MergingScanner(sources)) {
        int start = all.isEmpty() ? 0 : rnd.nextInt(all.size());
        Cell key = all.isEmpty() ? CellKeys.firstOnRow(Bytes.EMPTY) : all.get(start).cell();
        if (!all.isEmpty()) {
          // the first copy of the key: an equal key of a lower rank comes before
          while (start > 0 && CellComparator.INSTANCE.compare(all.get(start - 1).cell(),
              key) == 0) {
            start--;
          }
        }
        m.seek(key);
        int i = start;
        while (i < all.size()) {
          String what = "seed " + seed + " at " + i;
          assertEquals(describe(all.get(i).cell()), describe(m.peek()), what);
          if (rnd.nextInt(8) == 0) {
            // Reseek ahead a few keys (or to the current one: nothing moves).
            int to = Math.min(all.size() - 1, i + rnd.nextInt(6));
            while (to > i && CellComparator.INSTANCE.compare(all.get(to - 1).cell(),
                all.get(to).cell()) == 0) {
              to--;
            }
            m.reseek(all.get(to).cell());
            i = to;
            assertEquals(describe(all.get(i).cell()), describe(m.peek()),
                what + " after a reseek");
          }
          Cell c = m.next();
          assertEquals(describe(all.get(i).cell()), describe(c), what);
          i++;
        }
        assertNull(m.peek(), "seed " + seed);
        assertNull(m.next(), "seed " + seed);
        m.reseek(cell(9999, 0, 1, 0));
        assertNull(m.peek());
        if (!all.isEmpty()) { // reversed scans ask the sources for the row before
          Cell last = all.get(all.size() - 1).cell();
          assertEquals(Bytes.toString(last.getRowArray(), last.getRowOffset(),
              last.getRowLength()), Bytes.toString(m.previousRow(null)), "seed " + seed);
          Cell first = all.get(0).cell();
          assertNull(m.previousRow(Bytes.copy(first.getRowArray(), first.getRowOffset(),
              first.getRowLength())), "seed " + seed);
        }
      }
    }
  }
}
