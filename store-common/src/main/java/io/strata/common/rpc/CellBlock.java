package io.strata.common.rpc;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellKeys;
import io.strata.common.cell.KeyValue;
import io.strata.common.error.BadRequestException;
import io.strata.common.util.ByteOutput;
import java.util.ArrayList;
import java.util.List;

/**
 * The cell block of an RPC frame (docs/formats/rpc.md, codec "keyvalue"): cells back to back in
 * the key encoding, so bulk data is copied once and never goes through protobuf. Messages say
 * how many of the block's cells are theirs, in order; {@link Reader} hands them out.
 */
public final class CellBlock {
  private CellBlock() {}

  /** Appends cells to one growing block. Not thread-safe. */
  public static final class Writer {
    private final ByteOutput out;
    private final boolean tags;

    /** A writer that keeps the cells' tags: for requests. */
    public Writer(int initialCapacity) {
      this(initialCapacity, true);
    }

    private Writer(int initialCapacity, boolean tags) {
      out = new ByteOutput(initialCapacity);
      this.tags = tags;
    }

    /**
     * A writer that writes every cell with an empty tags area: for a server's answers, since
     * tags (a cell's TTL, ...) are server-side metadata that clients neither see nor send back.
     */
    public static Writer withoutTags(int initialCapacity) {
      return new Writer(initialCapacity, false);
    }

    public void add(Cell c) {
      if (tags) {
        CellKeys.writeCell(c, out);
      } else {
        CellKeys.writeCellWithoutTags(c, out);
      }
    }

    public void addAll(List<? extends Cell> cells) {
      for (Cell c : cells) {
        add(c);
      }
    }

    public int size() {
      return out.size();
    }

    /**
     * The block, or null when no cell was added (the frame then has none). Ends the writer: a
     * writer made with the block's exact size hands over its array instead of a copy.
     */
    public byte[] toBytes() {
      if (out.size() == 0) {
        return null;
      }
      return out.size() == out.array().length ? out.array() : out.toByteArray();
    }
  }

  /**
   * Reads a block's cells in order. The cells point into the block's array (no copy). A message
   * that claims more cells than the block holds, or a malformed cell, is a bad request.
   */
  public static final class Reader {
    private final byte[] block;
    private int pos;

    public Reader(byte[] block) {
      this.block = block == null ? new byte[0] : block;
    }

    /** The next {@code count} cells. */
    public List<Cell> next(int count) throws BadRequestException {
      if (count < 0) {
        throw new BadRequestException("a message claims " + count + " cells; counts are >= 0");
      }
      List<Cell> cells = new ArrayList<>(Math.min(count, 1024));
      for (int i = 0; i < count; i++) {
        if (pos >= block.length) {
          throw new BadRequestException("a message claims " + count + " cells but the cell "
              + "block ends after " + i + "; the client sent a truncated cell block");
        }
        KeyValue kv;
        try {
          kv = KeyValue.decode(block, pos, block.length);
        } catch (IllegalArgumentException e) {
          throw new BadRequestException("the cell block is malformed: " + e.getMessage());
        }
        pos += kv.getLength();
        cells.add(kv);
      }
      return cells;
    }

    /** Whether every cell was read. */
    public boolean atEnd() {
      return pos == block.length;
    }
  }
}
