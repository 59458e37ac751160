package io.strata.examples.coprocessor;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellUtil;
import io.strata.common.util.Bytes;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;

/**
 * A waterfall's sources, in the caller's order, and the resolving of one row against them:
 * the one piece of logic the endpoint and the client-side loop share, so both give the same
 * answer by construction of the rule, not by copy.
 */
final class WaterfallSources {
  /** A source: a family, or a qualifier prefix within one. */
  record Source(byte[] family, byte[] prefix) {
    boolean holds(Cell c) {
      return CellUtil.matchingFamily(c, family) && CellUtil.qualifierStartsWith(c, prefix);
    }

    /** The field a cell of this source is: its qualifier after the prefix (not copied). */
    ByteBuffer field(Cell c) {
      return ByteBuffer.wrap(c.getQualifierArray(), c.getQualifierOffset() + prefix.length,
          c.getQualifierLength() - prefix.length);
    }
  }

  private final List<Source> sources;
  private final List<byte[]> fields;
  /** The fields wanted, empty for every field; hashed, as each cell is looked up. */
  private final Set<ByteBuffer> wanted = new HashSet<>();

  /**
   * @param specs the sources, in order: "family" or "family:prefix"
   * @param fields the fields wanted; none means every field
   */
  WaterfallSources(List<String> specs, List<byte[]> fields) {
    if (specs.isEmpty()) {
      throw new IllegalArgumentException("a waterfall needs at least one source: a family "
          + "(\"prices\") or a column prefix (\"prices:bbg_\")");
    }
    List<Source> s = new ArrayList<>(specs.size());
    for (String spec : specs) {
      int colon = spec.indexOf(':');
      String family = colon < 0 ? spec : spec.substring(0, colon);
      if (family.isEmpty()) {
        throw new IllegalArgumentException("source '" + spec + "' names no family; write "
            + "\"family\" or \"family:prefix\"");
      }
      s.add(new Source(Bytes.toBytes(family), colon < 0 ? Bytes.EMPTY
          : Bytes.toBytes(spec.substring(colon + 1))));
    }
    this.sources = List.copyOf(s);
    this.fields = List.copyOf(fields);
    fields.forEach(f -> wanted.add(ByteBuffer.wrap(f)));
  }

  List<Source> sources() {
    return sources;
  }

  /** The fields named, or empty for every field. */
  List<byte[]> fields() {
    return fields;
  }

  /** A row's fields as they are found, by field. */
  static Map<ByteBuffer, WaterfallValue> newRow() {
    return new HashMap<>();
  }

  /**
   * Resolves {@code cells} (one row's, from any sources) into {@code into}: a field takes its
   * value from the first source, in order, that has it. The cells must stay as they are while
   * {@code into} is used (its keys point into them).
   */
  void resolve(List<Cell> cells, Map<ByteBuffer, WaterfallValue> into) {
    for (Cell c : cells) {
      for (int i = 0; i < sources.size(); i++) {
        take(c, i, into);
      }
    }
  }

  /** As {@link #resolve(List, Map)} with source {@code i} only. */
  void resolve(List<Cell> cells, int i, Map<ByteBuffer, WaterfallValue> into) {
    for (Cell c : cells) {
      take(c, i, into);
    }
  }

  /** Cell {@code c} as source {@code i}'s value of its field, if it is and no earlier one is. */
  private void take(Cell c, int i, Map<ByteBuffer, WaterfallValue> into) {
    Source s = sources.get(i);
    if (!s.holds(c)) {
      return;
    }
    ByteBuffer field = s.field(c);
    if (!wanted.isEmpty() && !wanted.contains(field)) {
      return;
    }
    WaterfallValue had = into.get(field);
    if (had == null || had.source() > i) {
      into.put(field, new WaterfallValue(CellUtil.cloneValue(c), i));
    }
  }

  /** A row's fields by name, in order, each name copied out of its cell. */
  static NavigableMap<byte[], WaterfallValue> sorted(Map<ByteBuffer, WaterfallValue> row) {
    NavigableMap<byte[], WaterfallValue> out = new TreeMap<>(Bytes.BYTES_COMPARATOR);
    row.forEach((field, v) -> {
      byte[] name = new byte[field.remaining()];
      field.duplicate().get(name);
      out.put(name, v);
    });
    return out;
  }
}
