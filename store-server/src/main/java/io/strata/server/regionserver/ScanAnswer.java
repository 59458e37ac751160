package io.strata.server.regionserver;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellKeys;
import io.strata.common.error.BadRequestException;
import io.strata.common.proto.ClientProtos.ResultProto;
import io.strata.common.rpc.CellBlock;
import io.strata.server.region.RegionScanner;
import io.strata.server.scan.RowMatcher;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One scanner call's rows, already encoded as they go on the wire: the results (cells per row
 * part) and their cell block. Read for a call, or ahead of the next call ({@link
 * ScannerRegistry.Open#ahead}), in which case that call may take a prefix and leave the rest.
 */
final class ScanAnswer {
  private List<ResultProto> results;
  private byte[] cells;
  private final boolean heartbeat;
  private final boolean exhausted;
  private long rowsScanned;
  private long rowsFiltered;
  /** The limits it was read under: a call asking at least as much takes all of it. */
  private final int maxRows;
  private final long maxBytes;

  private ScanAnswer(List<ResultProto> results, byte[] cells, boolean heartbeat,
      boolean exhausted, long rowsScanned, long rowsFiltered, int maxRows, long maxBytes) {
    this.results = results;
    this.cells = cells;
    this.heartbeat = heartbeat;
    this.exhausted = exhausted;
    this.rowsScanned = rowsScanned;
    this.rowsFiltered = rowsFiltered;
    this.maxRows = maxRows;
    this.maxBytes = maxBytes;
  }

  /**
   * Reads the scanner's next batch under the limits ({@link RegionScanner#next(int, int, long,
   * long)}) and encodes it; the scanner ships its blocks after, so it pins nothing.
   */
  static ScanAnswer read(RegionScanner scanner, int maxRows, int cellsPerResult, long maxBytes,
      long deadlineNanos) throws IOException {
    RegionScanner.ScanBatch batch = scanner.next(maxRows, cellsPerResult, maxBytes,
        deadlineNanos);
    // All rows' cells in one addAll, which makes the block at its exact size: grown from 4 KB
    // by doubling, a 30-row answer was copied about twice over, and once more to trim it.
    List<Cell> all = new ArrayList<>();
    List<ResultProto> results = new ArrayList<>(batch.parts().size());
    for (RegionScanner.RowPart part : batch.parts()) {
      all.addAll(part.cells());
      results.add(ResultProto.newBuilder().setCellCount(part.cells().size())
          .setPartial(part.partial()).build());
    }
    CellBlock.Writer out = CellBlock.Writer.withoutTags(0);
    out.addAll(all);
    byte[] cells = out.toBytes();
    scanner.shipped(); // the cells are in the answer now
    return new ScanAnswer(results, cells, batch.heartbeat(), batch.exhausted(),
        batch.rowsScanned(), batch.rowsFiltered(), maxRows, maxBytes);
  }

  List<ResultProto> results() {
    return results;
  }

  /** The cell block, null when there are no cells. */
  byte[] cells() {
    return cells;
  }

  boolean heartbeat() {
    return heartbeat;
  }

  /** Whether the scanner had nothing more after these rows. */
  boolean exhausted() {
    return exhausted;
  }

  long rowsScanned() {
    return rowsScanned;
  }

  long rowsFiltered() {
    return rowsFiltered;
  }

  /** Bytes it holds. */
  int size() {
    return cells == null ? 0 : cells.length;
  }

  /**
   * What a call asking for at most {@code rows} whole rows and about {@code bytes} takes: all
   * of this answer when it was read under limits no larger, else its first parts within them
   * (at least one), which are then removed from this one. Counted as the scanner counts: a row
   * is taken once its last part is, and parts are taken until the bytes reach the limit.
   */
  ScanAnswer take(int rows, long bytes) throws BadRequestException {
    if ((rows >= maxRows && bytes >= maxBytes) || results.isEmpty()) {
      return this;
    }
    int parts = 0;
    int completed = 0;
    long taken = 0; // as the scanner counts a cell's bytes
    int split = 0; // where the parts taken end in the cell block
    CellBlock.Reader reader = new CellBlock.Reader(cells);
    while (parts < results.size() && completed < rows && (taken < bytes || parts == 0)) {
      ResultProto r = results.get(parts++);
      for (Cell c : reader.next(r.getCellCount())) {
        taken += RowMatcher.sizeOf(c);
        split += CellKeys.cellLength(c);
      }
      if (!r.getPartial()) {
        completed++;
      }
    }
    if (parts == results.size()) {
      return this;
    }
    ScanAnswer head = new ScanAnswer(new ArrayList<>(results.subList(0, parts)),
        split == 0 ? null : Arrays.copyOf(cells, split), false, false, rowsScanned,
        rowsFiltered, rows, bytes);
    // The counts of rows scanned and filtered go with the first answer that carries them.
    results = new ArrayList<>(results.subList(parts, results.size()));
    cells = Arrays.copyOfRange(cells, split, cells.length);
    rowsScanned = 0;
    rowsFiltered = 0;
    return head;
  }
}
