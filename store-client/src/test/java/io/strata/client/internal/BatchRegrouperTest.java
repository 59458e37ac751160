package io.strata.client.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Result;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.util.Bytes;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BatchRegrouperTest {
  private static List<Cell> row(int r, int width) {
    List<Cell> cells = new ArrayList<>();
    for (int c = 0; c < width; c++) {
      cells.add(KeyValue.of(Bytes.toBytes("r" + r), Bytes.toBytes("f"),
          Bytes.toBytes(String.format("q%05d", c)), 1, CellType.PUT, Bytes.toBytes(c)));
    }
    return cells;
  }

  /**
   * Rows cut into parts of random sizes, as byte limits cut them, sometimes with a last part
   * that says more may follow (the next row then ends it), sometimes ended by an empty part:
   * every Result but a row's last holds exactly the batch, and they join into the rows.
   */
  @Test
  void partsOfAnySizeComeOutAsExactBatches() {
    Random rnd = new Random(20261130);
    for (int round = 0; round < 2_000; round++) {
      int batch = 1 + rnd.nextInt(rnd.nextBoolean() ? 5 : 300);
      BatchRegrouper regrouper = new BatchRegrouper(batch);
      List<Result> out = new ArrayList<>();
      List<List<Cell>> rows = new ArrayList<>();
      int rowCount = 1 + rnd.nextInt(5);
      for (int r = 0; r < rowCount; r++) {
        List<Cell> cells = row(r, 1 + rnd.nextInt(rnd.nextBoolean() ? 10 : 1_000));
        rows.add(cells);
        int at = 0;
        while (at < cells.size()) {
          int n = Math.min(cells.size() - at, 1 + rnd.nextInt(rnd.nextBoolean() ? 3 : 400));
          boolean last = at + n == cells.size();
          boolean saysMore = !last || (rnd.nextInt(4) == 0 && r < rowCount - 1);
          regrouper.add(Result.create(cells.subList(at, at + n), null, false, saysMore), out::add);
          at += n;
          if (last && saysMore && rnd.nextBoolean()) {
            regrouper.add(Result.create(List.of(), null, false, false), out::add);
          }
        }
      }
      regrouper.rowEnded(out::add);
      List<List<Cell>> joined = new ArrayList<>();
      List<Cell> current = new ArrayList<>();
      for (Result r : out) {
        current.addAll(r.listCells());
        if (r.mayHaveMoreCellsInRow()) {
          assertEquals(batch, r.size(), "round " + round);
        } else {
          int width = rows.get(joined.size()).size();
          assertEquals(width % batch == 0 ? batch : width % batch, r.size(), "round " + round);
          joined.add(current);
          current = new ArrayList<>();
        }
      }
      assertTrue(current.isEmpty(), "round " + round);
      assertEquals(rows, joined, "round " + round);
    }
  }

  @Test
  void aFullBatchWaitsUntilItIsKnownWhetherTheRowGoesOn() {
    BatchRegrouper regrouper = new BatchRegrouper(3);
    List<Result> out = new ArrayList<>();
    List<Cell> cells = row(0, 6);
    regrouper.add(Result.create(cells.subList(0, 3), null, false, true), out::add);
    assertEquals(List.of(), out, "3 cells, and the row may go on");
    regrouper.add(Result.create(cells.subList(3, 6), null, false, true), out::add);
    assertEquals(1, out.size());
    assertTrue(out.get(0).mayHaveMoreCellsInRow());
    regrouper.add(Result.create(List.of(), null, false, false), out::add);
    assertEquals(2, out.size());
    assertFalse(out.get(1).mayHaveMoreCellsInRow(), "the row's last Result says so");
    assertEquals(cells.subList(3, 6), out.get(1).listCells());
  }

  @Test
  void clearDropsWhatIsHeld() {
    BatchRegrouper regrouper = new BatchRegrouper(4);
    List<Result> out = new ArrayList<>();
    List<Cell> cells = row(0, 6);
    regrouper.add(Result.create(cells.subList(0, 2), null, false, true), out::add);
    regrouper.clear();
    regrouper.add(Result.create(cells, null, false, false), out::add);
    assertEquals(List.of(4, 2), out.stream().map(Result::size).toList());
    assertThrows(IllegalArgumentException.class, () -> new BatchRegrouper(0));
  }
}
