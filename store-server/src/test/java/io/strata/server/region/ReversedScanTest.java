package io.strata.server.region;

import static io.strata.server.region.RegionFixture.CF1;
import static io.strata.server.region.RegionFixture.CF2;
import static io.strata.server.region.RegionFixture.put;
import static io.strata.server.region.RegionFixture.render;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.util.Bytes;
import io.strata.server.scan.ScanSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReversedScanTest {
  @TempDir
  java.nio.file.Path tmp;

  private static List<String> rows(RegionFixture f, ScanSpec spec) throws IOException {
    List<String> out = new ArrayList<>();
    try (RegionScanner s = f.region.scanner(spec)) {
      List<Cell> row;
      while ((row = s.nextRow()) != null) {
        out.add(Bytes.toString(row.get(0).getRowArray(), row.get(0).getRowOffset(),
            row.get(0).getRowLength()) + " " + render(row));
      }
    }
    return out;
  }

  @Test
  void reversedScansAreForwardScansBackwards() throws IOException {
    Random rnd = new Random(17);
    try (RegionFixture f = new RegionFixture(tmp, RegionFixture.table(
        ColumnFamilyDescriptor.newBuilder(CF1).setBlockSize(1024), 2), null,
        RegionFixture.compactions(false, 1000))) {
      for (int i = 0; i < 400; i++) {
        String row = String.format("row%03d", rnd.nextInt(150));
        List<KeyValue> cells = new ArrayList<>();
        cells.add(put(row, rnd.nextBoolean() ? CF1 : CF2, "q" + rnd.nextInt(4),
            1 + rnd.nextInt(5), "v" + i + "x".repeat(rnd.nextInt(60))));
        if (rnd.nextInt(15) == 0) {
          cells.add(KeyValue.of(Bytes.toBytes(row), CF1, Bytes.EMPTY, 100,
              CellType.DELETE_FAMILY, Bytes.EMPTY));
          cells.add(KeyValue.of(Bytes.toBytes(row), CF2, Bytes.EMPTY, 100,
              CellType.DELETE_FAMILY, Bytes.EMPTY));
        }
        f.region.mutate(List.of(new RowEdit(Bytes.toBytes(row), cells)));
        if (i % 90 == 89) {
          f.region.flush();
        }
      }
      List<String> forward = rows(f, ScanSpec.all().withMaxVersions(2));
      List<String> backward = new ArrayList<>(forward);
      Collections.reverse(backward);
      assertEquals(backward, rows(f, ScanSpec.all().withMaxVersions(2).withReversed(true)));
      for (int trial = 0; trial < 40; trial++) {
        String hi = String.format("row%03d", rnd.nextInt(160));
        String lo = String.format("row%03d", rnd.nextInt(160));
        if (hi.compareTo(lo) < 0) {
          String t = hi;
          hi = lo;
          lo = t;
        }
        byte[] start = Bytes.toBytes(hi);
        byte[] stop = trial % 5 == 0 ? Bytes.EMPTY : Bytes.toBytes(lo);
        List<String> expected = rows(f, ScanSpec.all().withMaxVersions(2).withRows(
            stop.length == 0 ? Bytes.EMPTY : Bytes.add(stop, new byte[] {0}),
            Bytes.add(start, new byte[] {0})));
        Collections.reverse(expected);
        assertEquals(expected, rows(f, ScanSpec.all().withMaxVersions(2).withRows(start, stop)
            .withReversed(true)), "reversed from " + hi + " down to " + Bytes.toString(stop));
      }
    }
  }
}
