package io.strata.shell.commands.dml;

import io.strata.client.Scan;
import io.strata.common.filter.ByteArrayComparable.BinaryComparator;
import io.strata.common.filter.ByteArrayComparable.BinaryPrefixComparator;
import io.strata.common.filter.CompareOperator;
import io.strata.common.filter.Filter;
import io.strata.common.filter.FilterList;
import io.strata.common.filter.RowFilter;
import io.strata.common.filter.WhileMatchFilter;
import io.strata.shell.command.CommandException;
import io.strata.shell.command.Options;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Builds a client Scan from scan-style options (scan, count, deleteall by prefix). */
final class ScanBuilder {
  private ScanBuilder() {}

  /** The smallest row after every row that starts with {@code prefix}; empty if none is. */
  static byte[] rowAfter(byte[] prefix) {
    for (int i = prefix.length - 1; i >= 0; i--) {
      if (prefix[i] != (byte) 0xFF) {
        byte[] out = Arrays.copyOf(prefix, i + 1);
        out[i]++;
        return out;
      }
    }
    return new byte[0];
  }

  static Scan build(Options o, ReadSpec spec) {
    Scan scan = new Scan();
    scan.setAuthorizations(spec.authorizations);
    boolean reversed = o.bool("REVERSED", false);
    scan.setReversed(reversed);
    byte[] prefix = o.bytes("ROWPREFIXFILTER");
    if (prefix != null && (o.has("STARTROW") || o.has("STOPROW"))) {
      throw new CommandException("give ROWPREFIXFILTER or STARTROW/STOPROW, not both");
    }
    Filter filter = spec.filter;
    if (prefix != null && prefix.length > 0) {
      if (reversed) {
        // Down from the first row after the prefix's rows (skipped by the prefix filter), and
        // over once a row sorts below the prefix.
        byte[] after = rowAfter(prefix);
        if (after.length > 0) {
          scan.withStartRow(after);
        }
        List<Filter> all = new ArrayList<>(List.of(new WhileMatchFilter(new RowFilter(
            CompareOperator.GREATER_OR_EQUAL, new BinaryComparator(prefix))),
            // Not PrefixFilter: it ends the scan at the first row past the prefix, which a
            // reversed scan meets first.
            new RowFilter(CompareOperator.EQUAL, new BinaryPrefixComparator(prefix))));
        if (filter != null) {
          all.add(filter);
        }
        filter = new FilterList(FilterList.Operator.MUST_PASS_ALL, all);
      } else {
        scan.setRowPrefixFilter(prefix);
      }
    }
    if (o.has("STARTROW")) {
      scan.withStartRow(o.bytes("STARTROW"));
    }
    if (o.has("STOPROW")) {
      scan.withStopRow(o.bytes("STOPROW"));
    }
    spec.apply(scan::addFamily, scan::addColumn, filter, scan::setFilter, scan::setTimestamp,
        scan::setTimeRange, scan::readVersions);
    if (o.has("LIMIT")) {
      int limit = o.intValue("LIMIT", 0);
      if (limit < 1) {
        throw new CommandException("LIMIT must be at least 1, got " + limit);
      }
      scan.setLimit(limit);
    }
    if (o.has("CACHE")) {
      int cache = o.intValue("CACHE", 0);
      if (cache < 1) {
        throw new CommandException("CACHE (rows fetched per call) must be at least 1, got "
            + cache);
      }
      scan.setCaching(cache);
    }
    if (o.has("BATCH")) {
      int batch = o.intValue("BATCH", 0);
      if (batch < 1) {
        throw new CommandException("BATCH (cells per result) must be at least 1, got " + batch);
      }
      scan.setBatch(batch);
    }
    scan.setCacheBlocks(o.bool("CACHE_BLOCKS", true));
    if (o.bool("RAW", false)) {
      scan.setRaw(true);
    }
    return scan;
  }
}
