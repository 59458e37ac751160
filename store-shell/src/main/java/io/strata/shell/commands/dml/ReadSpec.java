package io.strata.shell.commands.dml;

import io.strata.common.filter.Filter;
import io.strata.shell.command.CommandException;
import io.strata.shell.command.Options;
import io.strata.shell.command.Values;
import io.strata.shell.filter.FilterParser;
import io.strata.shell.filter.FilterSyntaxException;
import io.strata.shell.output.CellFormat;
import io.strata.shell.output.ValueFormat;
import io.strata.common.filter.FilterList;
import io.strata.common.filter.FirstKeyOnlyFilter;
import io.strata.common.filter.KeyOnlyFilter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import java.util.function.LongConsumer;

/**
 * What get and scan share: the columns asked for (with their converters), the filter, the time
 * range and versions, and how values print.
 */
final class ReadSpec {
  final List<ColumnSpec> columns = new ArrayList<>();
  Filter filter;
  long minTs = -1;
  long maxTs = -1;
  long timestamp = -1;
  int versions = 1;
  CellFormat format = CellFormat.plain();
  int maxLength = -1;

  /** Two longs: a time range's bounds. */
  interface LongPair {
    void accept(long min, long max);
  }

  /**
   * Puts the columns, filter, time range and versions on a Get or Scan through its setters
   * (the two classes share no interface).
   */
  void apply(Consumer<byte[]> addFamily, BiConsumer<byte[], byte[]> addColumn, Filter withFilter,
      Consumer<Filter> setFilter, LongConsumer setTimestamp, LongPair setTimeRange,
      IntConsumer readVersions) {
    for (ColumnSpec c : columns) {
      if (c.qualifier() == null) {
        addFamily.accept(c.family());
      } else {
        addColumn.accept(c.family(), c.qualifier());
      }
    }
    if (withFilter != null) {
      setFilter.accept(withFilter);
    }
    if (timestamp >= 0) {
      setTimestamp.accept(timestamp);
    } else if (minTs >= 0) {
      setTimeRange.accept(minTs, maxTs);
    }
    readVersions.accept(versions);
  }

  /** Only the key of each row's first cell: all that counting or deleting rows needs. */
  static Filter firstKeyOnly() {
    return new FilterList(FilterList.Operator.MUST_PASS_ALL,
        List.of(new FirstKeyOnlyFilter(), new KeyOnlyFilter()));
  }

  /** Adds columns from a value that is one column or an array of them. */
  void addColumns(Object value, String what) {
    if (value instanceof List<?> l) {
      for (Object o : l) {
        columns.add(ColumnSpec.parse(o, what));
      }
    } else if (value != null) {
      columns.add(ColumnSpec.parse(value, what));
    }
  }

  /** The AUTHORIZATIONS option's labels; null when not given. */
  io.strata.client.security.Authorizations authorizations;

  /**
   * Reads FILTER, TIMESTAMP, TIMERANGE, VERSIONS, FORMATTER, MAXLENGTH and AUTHORIZATIONS
   * when present.
   */
  void readOptions(Options o) {
    if (o.has("AUTHORIZATIONS")) {
      List<String> labels = new java.util.ArrayList<>();
      Object v = o.raw("AUTHORIZATIONS");
      for (Object l : v instanceof List<?> list ? list : List.of(v)) {
        labels.add(Values.toName(l, "AUTHORIZATIONS"));
      }
      try {
        authorizations = new io.strata.client.security.Authorizations(labels);
      } catch (IllegalArgumentException e) {
        throw new CommandException(e.getMessage());
      }
    }
    if (o.has("FILTER")) {
      filter = filter(o.raw("FILTER"));
    }
    timestamp = o.longValue("TIMESTAMP", -1);
    if (o.has("TIMESTAMP") && timestamp < 0) {
      throw new CommandException("TIMESTAMP must be 0 or more, got " + timestamp);
    }
    if (o.has("TIMERANGE")) {
      List<Object> range = o.list("TIMERANGE");
      if (range.size() != 2) {
        throw new CommandException("TIMERANGE must be [min, max) as two timestamps, such as "
            + "[1303668804000, 1303668904000]");
      }
      minTs = Values.toLong(range.get(0), "TIMERANGE start");
      maxTs = Values.toLong(range.get(1), "TIMERANGE end");
      if (minTs < 0 || maxTs < minTs) {
        throw new CommandException("TIMERANGE [" + minTs + ", " + maxTs + ") is not a range of"
            + " non-negative timestamps with the start first");
      }
    }
    if (timestamp >= 0 && minTs >= 0) {
      throw new CommandException("give TIMESTAMP or TIMERANGE, not both");
    }
    versions = o.intValue("VERSIONS", 1);
    if (versions < 1) {
      throw new CommandException("VERSIONS must be at least 1, got " + versions);
    }
    maxLength = o.intValue("MAXLENGTH", -1);
    if (o.has("MAXLENGTH") && maxLength < 1) {
      throw new CommandException("MAXLENGTH must be at least 1, got " + maxLength);
    }
    ValueFormat defaultFormat = ValueFormat.TO_STRING_BINARY;
    if (o.has("FORMATTER")) {
      defaultFormat = ValueFormat.byName(o.string("FORMATTER"));
      if (defaultFormat == null) {
        throw new CommandException("FORMATTER must be one of " + ValueFormat.names()
            + ", got '" + o.string("FORMATTER") + "'");
      }
    }
    Map<String, ValueFormat> byColumn = new HashMap<>();
    for (ColumnSpec c : columns) {
      if (c.format() != null && c.qualifier() != null) {
        byColumn.put(c.printed(), c.format());
      }
    }
    format = new CellFormat(defaultFormat, byColumn);
  }

  static Filter filter(Object value) {
    if (!(value instanceof io.strata.shell.lang.ShellString)) {
      throw new CommandException("FILTER must be a filter string such as "
          + "\"PrefixFilter('r1')\" (show_filters lists them), got " + Values.inspect(value));
    }
    try {
      return FilterParser.parse(Values.toBytes(value, "FILTER"));
    } catch (FilterSyntaxException e) {
      throw new CommandException("bad FILTER: " + e.getMessage());
    }
  }

  /** A printed value cut to MAXLENGTH characters, as HBase does. */
  String cut(String printed) {
    return maxLength >= 0 && printed.length() > maxLength
        ? printed.substring(0, maxLength) : printed;
  }
}
