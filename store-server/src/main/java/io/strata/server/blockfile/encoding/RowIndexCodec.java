package io.strata.server.blockfile.encoding;

import io.strata.common.cell.BufferKeyValue;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellComparator;
import io.strata.common.cell.CellKeys;
import io.strata.common.schema.DataBlockEncoding;
import io.strata.common.util.ByteBuffers;
import io.strata.common.util.ByteOutput;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Cells as NONE lays them out, followed by the offset of each row's first cell:
 *
 * <pre>
 * cells | row start offset u32 * rows (from the payload start, ascending) | rows u32
 * </pre>
 *
 * A seek binary-searches the row starts and steps only through the cells of one row, where NONE
 * steps through half a block on average: the layout for random reads (HBase's ROW_INDEX_V1).
 * Cells are read in place, on the heap or off it, as with NONE.
 */
final class RowIndexCodec implements DataBlockCodec {
  @Override
  public int id() {
    return 3;
  }

  @Override
  public DataBlockEncoding encoding() {
    return DataBlockEncoding.ROW_INDEX_V1;
  }

  @Override
  public Encoder newEncoder() {
    return new Encoder() {
      private int[] rowStarts = new int[64];
      private int rows;
      private byte[] lastRow = new byte[32];
      private int lastRowLength = -1;

      @Override
      public void reset() {
        rows = 0;
        lastRowLength = -1;
      }

      @Override
      public void encode(Cell c, ByteOutput out) {
        if (lastRowLength < 0 || CellComparator.INSTANCE.compareRow(c, lastRow, 0,
            lastRowLength) != 0) {
          if (rows == rowStarts.length) {
            rowStarts = Arrays.copyOf(rowStarts, rows * 2);
          }
          rowStarts[rows++] = out.size();
          byte[] row = c.getRowArray();
          int rowOffset = c.getRowOffset();
          lastRowLength = c.getRowLength();
          if (lastRowLength > lastRow.length) {
            lastRow = new byte[Math.max(lastRowLength, lastRow.length * 2)];
          }
          System.arraycopy(row, rowOffset, lastRow, 0, lastRowLength);
        }
        CellKeys.writeCell(c, out);
      }

      @Override
      public void finishBlock(ByteOutput out) {
        for (int i = 0; i < rows; i++) {
          out.writeInt(rowStarts[i]);
        }
        out.writeInt(rows);
      }
    };
  }

  @Override
  public CellDecoder newDecoder(ByteBuffer block, int offset, int limit) {
    if (limit - offset < 4) {
      throw new IllegalArgumentException("ROW_INDEX_V1 block of " + (limit - offset)
          + " bytes has no row count");
    }
    int rows = ByteBuffers.getInt(block, limit - 4);
    long cellsEnd = limit - 4 - 4L * rows;
    if (rows < 0 || cellsEnd < offset) {
      throw new IllegalArgumentException("ROW_INDEX_V1 block says it has " + rows
          + " rows, more than its " + (limit - offset) + " bytes can index");
    }
    return new RowIndexDecoder(block, offset, (int) cellsEnd, rows);
  }

  /** NONE's decoder over the cells, with seeks that start at the right row. */
  private static final class RowIndexDecoder extends KeyValueDecoder {
    private final int rows;

    RowIndexDecoder(ByteBuffer block, int start, int cellsEnd, int rows) {
      super(block, start, cellsEnd);
      this.rows = rows;
    }

    /** The position of row {@code i}'s first cell, checked to lie among the cells. */
    private int rowStart(int i) {
      int at = start + ByteBuffers.getInt(block, end + 4 * i);
      if (at < start || at >= end) {
        throw new IllegalArgumentException("ROW_INDEX_V1 row " + i + " starts at " + (at - start)
            + ", outside the block's " + (end - start) + " bytes of cells");
      }
      return at;
    }

    @Override
    public boolean skipBefore(Cell key) {
      // The last row whose row sorts at or before the key's row: the key's cell, or the first
      // cell after it, is in that row or starts the next one. (Comparing whole first cells
      // would land a row early for a row's first key, the seek key of every get.)
      int lo = 0;
      int hi = rows - 1;
      int found = -1;
      while (lo <= hi) {
        int mid = (lo + hi) >>> 1;
        int at = rowStart(mid);
        BufferKeyValue.validate(block, at, end);
        if (CellKeys.compareRowOfKey(block, at + 8, key) <= 0) {
          found = mid;
          lo = mid + 1;
        } else {
          hi = mid - 1;
        }
      }
      if (found >= 0) {
        pos = Math.max(pos, rowStart(found));
      }
      return super.skipBefore(key);
    }
  }
}
