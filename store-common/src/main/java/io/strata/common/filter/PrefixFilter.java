package io.strata.common.filter;

import io.strata.common.cell.Cell;
import io.strata.common.util.Bytes;

/** Keeps rows whose key starts with the prefix; ends the scan once rows pass the prefix. */
public final class PrefixFilter extends Filter {
  final byte[] prefix;
  private boolean passedPrefix;

  public PrefixFilter(byte[] prefix) {
    this.prefix = prefix.clone();
  }

  @Override
  public boolean filterRowKey(Cell first) {
    int len = Math.min(first.getRowLength(), prefix.length);
    int c = Bytes.compare(first.getRowArray(), first.getRowOffset(), len, prefix, 0,
        prefix.length);
    if (c > 0) {
      passedPrefix = true;
    }
    return c != 0;
  }

  @Override
  public boolean filterAllRemaining() {
    return passedPrefix;
  }
}
