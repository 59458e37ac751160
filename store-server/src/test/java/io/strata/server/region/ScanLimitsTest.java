package io.strata.server.region;

import static io.strata.server.region.RegionFixture.CF1;
import static io.strata.server.region.RegionFixture.CF2;
import static io.strata.server.region.RegionFixture.put;
import static io.strata.server.region.RegionFixture.render;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.util.Bytes;
import io.strata.server.scan.ScanSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScanLimitsTest {
  @TempDir
  java.nio.file.Path tmp;

  private static List<String> unlimited(RegionFixture f) throws IOException {
    List<String> out = new ArrayList<>();
    try (RegionScanner s = f.region.scanner(ScanSpec.all().withMaxVersions(3))) {
      List<Cell> row;
      while ((row = s.nextRow()) != null) {
        for (String c : render(row)) {
          out.add(Bytes.toString(row.get(0).getRowArray(), row.get(0).getRowOffset(),
              row.get(0).getRowLength()) + "/" + c);
        }
      }
    }
    return out;
  }

  @Test
  void anyLimitsReassembleToExactlyTheUnlimitedScan() throws IOException {
    Random rnd = new Random(99);
    try (RegionFixture f = new RegionFixture(tmp, 3)) {
      for (int r = 0; r < 40; r++) {
        String row = String.format("row%02d", r);
        List<KeyValue> cells = new ArrayList<>();
        int width = r % 7 == 0 ? 150 : 1 + rnd.nextInt(6);
        for (int c = 0; c < width; c++) {
          cells.add(put(row, c % 3 == 0 ? CF2 : CF1, "q" + c, 1 + rnd.nextInt(3),
              "v".repeat(1 + rnd.nextInt(200))));
        }
        if (r % 9 == 4) {
          // A row whose cells are all deleted yields nothing at all.
          cells.add(KeyValue.of(Bytes.toBytes(row), CF1, Bytes.EMPTY, 10,
              CellType.DELETE_FAMILY, Bytes.EMPTY));
          cells.add(KeyValue.of(Bytes.toBytes(row), CF2, Bytes.EMPTY, 10,
              CellType.DELETE_FAMILY, Bytes.EMPTY));
        }
        f.region.mutate(List.of(new RowEdit(Bytes.toBytes(row), cells)));
        if (r % 13 == 0) {
          f.region.flush();
        }
      }
      List<String> expected = unlimited(f);
      for (int trial = 0; trial < 60; trial++) {
        int maxRows = 1 + rnd.nextInt(5);
        int batch = rnd.nextBoolean() ? 0 : 1 + rnd.nextInt(10);
        long maxBytes = rnd.nextBoolean() ? Long.MAX_VALUE : 1 + rnd.nextInt(3000);
        List<String> got = new ArrayList<>();
        String limits = "rows " + maxRows + ", batch " + batch + ", bytes " + maxBytes;
        try (RegionScanner s = f.region.scanner(ScanSpec.all().withMaxVersions(3))) {
          RegionScanner.RowPart previous = null;
          for (int call = 0; call < 10_000; call++) {
            RegionScanner.ScanBatch b = s.next(maxRows, batch, maxBytes);
            int complete = 0;
            for (RegionScanner.RowPart p : b.parts()) {
              assertFalse(p.cells().isEmpty(), limits);
              if (batch > 0) {
                assertTrue(p.cells().size() <= batch, limits);
              }
              if (previous != null && previous.partial()) {
                assertEquals(Bytes.toString(previous.row()), Bytes.toString(p.row()),
                    "a partial result continues in its own row; " + limits);
              }
              for (String c : render(p.cells())) {
                got.add(Bytes.toString(p.row()) + "/" + c);
              }
              complete += p.partial() ? 0 : 1;
              previous = p;
            }
            assertTrue(complete <= maxRows, limits);
            if (b.exhausted()) {
              break;
            }
            assertFalse(b.parts().isEmpty(), "a call that is not at the end makes progress");
          }
          assertTrue(previous == null || !previous.partial(), limits);
        }
        assertEquals(expected, got, limits);
      }
    }
  }

  @Test
  void aWideRowIsCutBySizeAndResumedExactly() throws IOException {
    try (RegionFixture f = new RegionFixture(tmp, 1)) {
      List<KeyValue> cells = new ArrayList<>();
      for (int c = 0; c < 100; c++) {
        cells.add(put("wide", CF1, String.format("q%03d", c), 1, "x".repeat(100)));
      }
      f.region.mutate(List.of(new RowEdit(Bytes.toBytes("wide"), cells)));
      try (RegionScanner s = f.region.scanner(ScanSpec.all())) {
        List<Integer> sizes = new ArrayList<>();
        RegionScanner.ScanBatch b;
        while (!(b = s.next(100, 0, 1000)).exhausted() || !b.parts().isEmpty()) {
          for (RegionScanner.RowPart p : b.parts()) {
            sizes.add(p.cells().size());
          }
          if (b.exhausted()) {
            break;
          }
        }
        // Each cell counts 4 + 1 + 4 + 100 + 12 = 121 bytes: 9 cells reach 1,000 bytes.
        assertEquals(List.of(9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 1), sizes);
      }
    }
  }
}
