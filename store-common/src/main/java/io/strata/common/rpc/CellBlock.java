package io.strata.common.rpc;

import io.netty.buffer.ByteBuf;
import io.strata.common.cell.ArraysCell;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellKeys;
import io.strata.common.cell.KeyValue;
import io.strata.common.error.BadRequestException;
import io.strata.common.util.ByteOutput;
import java.util.ArrayList;
import java.util.List;
import java.util.RandomAccess;

/**
 * The cell block of an RPC frame (docs/formats/rpc.md, codec "keyvalue"): cells back to back in
 * the key encoding, so bulk data is copied once and never goes through protobuf. Messages say
 * how many of the block's cells are theirs, in order; {@link Reader} hands them out.
 */
public final class CellBlock {
  private CellBlock() {}

  /**
   * Appends cells to one block. Not thread-safe. An eager writer copies each cell into its
   * growing array as it comes; a {@link #deferred} one keeps the cells themselves and encodes
   * them once, straight into the frame's buffer ({@link #writeTo}), when the call is written.
   */
  public static final class Writer {
    private final ByteOutput out;
    private final List<Cell> deferred;
    private int deferredBytes;
    private final boolean tags;

    /** A writer that keeps the cells' tags: for requests. */
    public Writer(int initialCapacity) {
      this(initialCapacity, true);
    }

    private Writer(int initialCapacity, boolean tags) {
      out = new ByteOutput(initialCapacity);
      deferred = null;
      this.tags = tags;
    }

    private Writer(List<Cell> deferred) {
      out = null;
      this.deferred = deferred;
      this.tags = true;
    }

    /**
     * A writer that keeps the cells' tags and copies nothing until the frame is written: for
     * a client's requests, whose cells (a Put's) do not change once sent. A write buffer's
     * 2 MB block was a new array, zeroed, filled and copied again into the frame's buffer.
     * Not for cells that point into memory their owner may reuse before the frame is written.
     */
    public static Writer deferred(int expectedCells) {
      return new Writer(new ArrayList<>(expectedCells));
    }

    /**
     * A writer holding a block already encoded (or any bytes), none for null: for tests and
     * tools.
     */
    public static Writer encoded(byte[] block) {
      Writer w = new Writer(block == null ? 0 : block.length, true);
      if (block != null) {
        w.out.write(block);
      }
      return w;
    }

    /**
     * A writer that writes every cell with an empty tags area: for a server's answers, since
     * tags (a cell's TTL, ...) are server-side metadata that clients neither see nor send back.
     */
    public static Writer withoutTags(int initialCapacity) {
      return new Writer(initialCapacity, false);
    }

    public void add(Cell c) {
      if (deferred != null) {
        int n = CellKeys.cellLength(c);
        if (n > Integer.MAX_VALUE - deferredBytes) {
          throw new IllegalArgumentException("a cell block holds at most " + Integer.MAX_VALUE
              + " bytes; send fewer cells in one call");
        }
        deferred.add(c);
        deferredBytes += n;
      } else if (tags) {
        CellKeys.writeCell(c, out);
      } else {
        CellKeys.writeCellWithoutTags(c, out);
      }
    }

    public void addAll(List<? extends Cell> cells) {
      if (out != null) {
        // Room for all of them at once: a get's 1 KB row grew a 256-byte block three times
        // and was copied once more to trim it (toBytes).
        reserve(bytes(cells));
      }
      if (cells instanceof RandomAccess) {
        // Indexed: a mutation's read-only lists made an iterator and a wrapper per family.
        for (int i = 0, n = cells.size(); i < n; i++) {
          add(cells.get(i));
        }
      } else {
        for (Cell c : cells) {
          add(c);
        }
      }
    }

    /**
     * Adds {@code cells}, whose lengths in the key encoding ({@link CellKeys#cellLength}) add up
     * to {@code bytes}, as the caller already knows (a mutation counts them as they are added):
     * a deferred writer then reads no cell's lengths until the frame is written.
     */
    public void addAll(List<? extends Cell> cells, long bytes) {
      if (deferred == null) {
        addAll(cells);
        return;
      }
      if (bytes > Integer.MAX_VALUE - deferredBytes) {
        throw new IllegalArgumentException("a cell block holds at most " + Integer.MAX_VALUE
            + " bytes; send fewer cells in one call");
      }
      for (int i = 0, n = cells.size(); i < n; i++) {
        deferred.add(cells.get(i));
      }
      deferredBytes += (int) bytes;
    }

    /**
     * Makes room in an eager writer's block for {@code bytes} more at once, exactly as many
     * when the block must grow by more than double: a writer that knows the size of what it
     * will add ({@link #bytes}) is then neither grown step by step nor trimmed by a copy.
     */
    void reserve(long bytes) {
      if (out != null) {
        out.reserve((int) Math.min(bytes, Integer.MAX_VALUE - 16 - out.size()));
      }
    }

    /** Bytes {@code cells} take in this writer's block. */
    long bytes(List<? extends Cell> cells) {
      long n = 0;
      for (Cell c : cells) {
        n += CellKeys.cellLength(c) - (tags ? 0 : c.getTagsLength());
      }
      return n;
    }

    /** Bytes of the block so far. */
    public int size() {
      return deferred != null ? deferredBytes : out.size();
    }

    /**
     * The block, or null when no cell was added (the frame then has none). Ends an eager
     * writer: one made with the block's exact size hands over its array instead of a copy.
     */
    public byte[] toBytes() {
      if (size() == 0) {
        return null;
      }
      if (deferred != null) {
        byte[] encoded = new byte[deferredBytes];
        encodeInto(encoded, 0);
        return encoded;
      }
      return out.size() == out.array().length ? out.array() : out.toByteArray();
    }

    /** Writes the block into {@code buf}; {@link #size} bytes. May be called again. */
    public void writeTo(ByteBuf buf) {
      if (deferred == null) {
        buf.writeBytes(out.array(), 0, out.size());
      } else if (buf.hasArray()) { // the clients' frames: straight into the array
        buf.ensureWritable(deferredBytes);
        encodeInto(buf.array(), buf.arrayOffset() + buf.writerIndex());
        buf.writerIndex(buf.writerIndex() + deferredBytes);
      } else {
        buf.writeBytes(toBytes());
      }
    }

    /**
     * Encodes a deferred writer's cells into {@code a} from {@code start}: each cell's key and
     * value copied straight into the array. Through a buffer's own methods each cell was three
     * calls with their index and liveness checks, which the benchmark tools' compiler (C1) does
     * not inline: a third of the encoding's time. Each cell is checked against the bytes counted
     * when it was added, since past them the array may be a pool's chunk that is not ours.
     */
    private void encodeInto(byte[] a, int start) {
      int end = start + deferredBytes;
      int at = start;
      ByteOutput scratch = null;
      for (int i = 0, n = deferred.size(); i < n; i++) {
        Cell c = deferred.get(i);
        if (c instanceof ArraysCell ac) {
          int header = ac.keyHeaderLength();
          int valueLength = ac.getValueLength();
          checkRoom(at, header + valueLength + 2, end);
          ac.writeKeyHeader(a, at);
          at += header;
          System.arraycopy(ac.getValueArray(), ac.getValueOffset(), a, at, valueLength);
          at += valueLength;
          a[at++] = 0; // an empty tags area: its two-byte length
          a[at++] = 0;
        } else if (c instanceof KeyValue kv) {
          checkRoom(at, kv.getLength(), end);
          System.arraycopy(kv.getBuffer(), kv.getOffset(), a, at, kv.getLength());
          at += kv.getLength();
        } else {
          if (scratch == null) {
            scratch = new ByteOutput(256);
          }
          scratch.reset();
          CellKeys.writeCell(c, scratch);
          checkRoom(at, scratch.size(), end);
          System.arraycopy(scratch.array(), 0, a, at, scratch.size());
          at += scratch.size();
        }
      }
      if (at != end) {
        throw cellChanged(at - start);
      }
    }

    private void checkRoom(int at, int length, int end) {
      if (length > end - at) {
        throw cellChanged(-1);
      }
    }

    private IllegalStateException cellChanged(int written) {
      return new IllegalStateException("the cells' encoding " + (written < 0 ? "outgrew"
          : "took " + written + " bytes, not") + " the " + deferredBytes + " bytes counted "
          + "when they were added: a cell's arrays changed after it was added; do not change "
          + "a mutation's arrays until its call is answered");
    }
  }

  /**
   * Reads a block's cells in order. The cells point into the block's array (no copy). A message
   * that claims more cells than the block holds, or a malformed cell, is a bad request.
   */
  public static final class Reader {
    private final byte[] block;
    private final int end;
    private int pos;

    public Reader(byte[] block) {
      this(block, block == null ? 0 : block.length);
    }

    /** Bytes of the block read so far: a batch's charge to size throttles, region by region. */
    public int position() {
      return pos;
    }

    /** The cells of {@code block}'s first {@code length} bytes; what follows is not read. */
    public Reader(byte[] block, int length) {
      this.block = block == null ? new byte[0] : block;
      if (length < 0 || length > this.block.length) {
        throw new IllegalArgumentException("a cell block of " + length + " bytes in an array of "
            + this.block.length);
      }
      this.end = length;
    }

    /**
     * The next {@code count} cells, in a list not to be changed: one cell (a buffered write's
     * every row, a scan's row of one column) comes as {@link List#of(Object)}, one object where
     * a list and its array were two.
     */
    public List<Cell> next(int count) throws BadRequestException {
      if (count < 0) {
        throw new BadRequestException("a message claims " + count + " cells; counts are >= 0");
      }
      if (count == 1) {
        return List.of(decode(count, 0));
      }
      List<Cell> cells = new ArrayList<>(Math.min(count, 1024));
      for (int i = 0; i < count; i++) {
        cells.add(decode(count, i));
      }
      return cells;
    }

    /** The cell at the read position, cell {@code i} of the {@code count} a message claims. */
    private KeyValue decode(int count, int i) throws BadRequestException {
      if (pos >= end) {
        throw new BadRequestException("a message claims " + count + " cells but the cell "
            + "block ends after " + i + "; the client sent a truncated cell block");
      }
      KeyValue kv;
      try {
        kv = KeyValue.decode(block, pos, end);
      } catch (IllegalArgumentException e) {
        throw new BadRequestException("the cell block is malformed: " + e.getMessage());
      }
      pos += kv.getLength();
      return kv;
    }

    /** Whether every cell was read. */
    public boolean atEnd() {
      return pos == end;
    }
  }
}
