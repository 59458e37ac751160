package io.strata.shell.verify;

import io.strata.client.Result;
import io.strata.common.util.Bytes;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether a row read back is whole: either empty (never written) or all
 * {@value AcidTable#COLUMNS} columns of {@link AcidTable} present with one value. Anything
 * else is a torn read: the reader saw part of one write and part of another, or part of a
 * write and nothing of the rest.
 */
final class AcidCheck {
  /** How many differing or missing columns a description names before it says "and n more". */
  private static final int NAMED = 5;

  private AcidCheck() {}

  /** Null when {@code r} is whole, else what is torn: the row, differing and missing columns. */
  static String torn(Result r) {
    if (r == null || r.isEmpty()) {
      return null;
    }
    byte[] first = null;
    String firstColumn = null;
    List<String> differing = new ArrayList<>();
    List<String> missing = new ArrayList<>();
    for (byte[] family : AcidTable.FAMILIES) {
      for (byte[] qualifier : AcidTable.QUALIFIERS) {
        String column = Bytes.toString(family) + ":" + Bytes.toString(qualifier);
        byte[] v = r.getValue(family, qualifier);
        if (v == null) {
          missing.add(column);
        } else if (first == null) {
          first = v;
          firstColumn = column;
        } else if (!Bytes.equals(first, v)) {
          differing.add(column + "=" + AcidValue.describe(v));
        }
      }
    }
    if (differing.isEmpty() && missing.isEmpty()) {
      return null;
    }
    StringBuilder s = new StringBuilder("row ").append(Bytes.toStringBinary(r.getRow()));
    if (first == null) {
      // The row has cells, just none of the checked columns.
      return s.append(": none of the ").append(AcidTable.COLUMNS).append(" columns A..C:col0..9, "
          + "only other cells").toString();
    }
    s.append(": ").append(firstColumn).append('=').append(AcidValue.describe(first));
    if (!differing.isEmpty()) {
      s.append(" but ").append(differing.size()).append(" column(s) differ: ")
          .append(named(differing));
    }
    if (!missing.isEmpty()) {
      s.append(differing.isEmpty() ? " but " : "; ").append(missing.size()).append(" of ")
          .append(AcidTable.COLUMNS).append(" columns missing: ").append(named(missing));
    }
    return s.toString();
  }

  private static String named(List<String> columns) {
    String shown = String.join(", ", columns.subList(0, Math.min(NAMED, columns.size())));
    return columns.size() > NAMED ? shown + " and " + (columns.size() - NAMED) + " more" : shown;
  }
}
