package io.strata.server.blockfile;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds a multi-level index from the bottom entries: while a level does not fit one block of
 * {@code maxBlockBytes}, it is cut into blocks (LEAF_INDEX at the bottom, INTERMEDIATE_INDEX
 * above) and the next level indexes those blocks. The last level is the root, read on open.
 */
public final class IndexLevels {
  /** Writes one index block, returning where it went. */
  @FunctionalInterface
  public interface BlockSink {
    BlockHandle write(BlockType type, List<IndexEntry> entries) throws IOException;
  }

  /** Where the root went and how many levels the index has (1 = the root points at data). */
  public record Root(BlockHandle handle, int levels) {}

  private IndexLevels() {}

  public static Root write(List<IndexEntry> bottom, int maxBlockBytes, BlockSink sink)
      throws IOException {
    List<IndexEntry> level = bottom;
    int levels = 1;
    BlockType type = BlockType.LEAF_INDEX;
    while (level.size() > 1 && IndexBlock.serializedSize(level) > maxBlockBytes) {
      List<IndexEntry> next = new ArrayList<>();
      List<IndexEntry> chunk = new ArrayList<>();
      int chunkBytes = 4;
      for (IndexEntry e : level) {
        int entryBytes = 20 + e.key().length;
        // At least two entries a block, so every level is smaller than the one below.
        if (chunk.size() >= 2 && chunkBytes + entryBytes > maxBlockBytes) {
          next.add(new IndexEntry(chunk.get(0).key(), sink.write(type, chunk)));
          chunk = new ArrayList<>();
          chunkBytes = 4;
        }
        chunk.add(e);
        chunkBytes += entryBytes;
      }
      next.add(new IndexEntry(chunk.get(0).key(), sink.write(type, chunk)));
      level = next;
      levels++;
      type = BlockType.INTERMEDIATE_INDEX;
    }
    return new Root(sink.write(BlockType.ROOT_INDEX, level), levels);
  }
}
