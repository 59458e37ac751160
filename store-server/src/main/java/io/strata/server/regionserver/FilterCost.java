package io.strata.server.regionserver;

import io.strata.common.proto.FilterProtos.CompareProto;
import io.strata.common.proto.FilterProtos.ComparatorProto;
import io.strata.common.proto.FilterProtos.FilterProto;

/**
 * Which filters may cost more per cell than a network thread should spend: those with a regular
 * expression anywhere (linear in the value, but a value may be large) and filter lists nested
 * deeper than {@link #MAX_CHEAP_DEPTH}. A read with one is served on a handler thread, never on
 * the network thread, whose other connections would wait for it.
 */
final class FilterCost {
  /** Filter lists nested this deep or less are cheap: every cell visits each level. */
  static final int MAX_CHEAP_DEPTH = 3;

  private FilterCost() {}

  static boolean costly(FilterProto f) {
    return costly(f, 0);
  }

  private static boolean costly(FilterProto f, int depth) {
    return switch (f.getKindCase()) {
      case ROW -> regex(f.getRow());
      case FAMILY -> regex(f.getFamily());
      case QUALIFIER -> regex(f.getQualifier());
      case VALUE -> regex(f.getValue());
      case SINGLE_COLUMN_VALUE -> regex(f.getSingleColumnValue().getCompare());
      case DEPENDENT_COLUMN -> regex(f.getDependentColumn().getCompare());
      case WHILE_MATCH -> costly(f.getWhileMatch(), depth);
      case SKIP -> costly(f.getSkip(), depth);
      case LIST -> depth + 1 > MAX_CHEAP_DEPTH
          || f.getList().getFiltersList().stream().anyMatch(x -> costly(x, depth + 1));
      default -> false;
    };
  }

  private static boolean regex(CompareProto c) {
    return c.getComparator().getKindCase() == ComparatorProto.KindCase.REGEX;
  }
}
