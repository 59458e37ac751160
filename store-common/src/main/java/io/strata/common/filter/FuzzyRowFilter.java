package io.strata.common.filter;

import io.strata.common.cell.Cell;
import java.util.ArrayList;
import java.util.List;

/**
 * Keeps rows matching any fuzzy key: a key and a mask of the same length where 0 means the
 * byte must equal the key's and 1 means any byte. The row must be at least as long as the key.
 */
public final class FuzzyRowFilter extends Filter {
  /** A fuzzy key and its mask. */
  public record FuzzyKey(byte[] key, byte[] mask) {
    public FuzzyKey {
      if (key.length != mask.length) {
        throw new IllegalArgumentException("fuzzy key of " + key.length + " bytes has a mask of "
            + mask.length + " bytes; they must be the same length");
      }
      for (byte m : mask) {
        if (m != 0 && m != 1) {
          throw new IllegalArgumentException("fuzzy mask bytes must be 0 (fixed) or 1 (any)");
        }
      }
    }
  }

  final List<FuzzyKey> keys;

  public FuzzyRowFilter(List<FuzzyKey> keys) {
    this.keys = new ArrayList<>(keys);
  }

  @Override
  public boolean filterRowKey(Cell first) {
    for (FuzzyKey k : keys) {
      if (matches(k, first.getRowArray(), first.getRowOffset(), first.getRowLength())) {
        return false;
      }
    }
    return true;
  }

  private static boolean matches(FuzzyKey k, byte[] row, int off, int len) {
    if (len < k.key().length) {
      return false;
    }
    for (int i = 0; i < k.key().length; i++) {
      if (k.mask()[i] == 0 && row[off + i] != k.key()[i]) {
        return false;
      }
    }
    return true;
  }
}
