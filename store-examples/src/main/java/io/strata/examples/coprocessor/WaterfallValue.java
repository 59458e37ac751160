package io.strata.examples.coprocessor;

import java.util.Arrays;

/** A waterfall's answer for one field: its value and the index of the source it came from. */
public record WaterfallValue(byte[] value, int source) {
  @Override
  public boolean equals(Object o) {
    return o instanceof WaterfallValue v && v.source == source && Arrays.equals(v.value, value);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(value) + source;
  }

  @Override
  public String toString() {
    return io.strata.common.util.Bytes.toStringBinary(value) + " (source " + source + ")";
  }
}
