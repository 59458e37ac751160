package io.strata.examples.coprocessor;

import com.google.protobuf.ByteString;
import io.strata.client.Connection;
import io.strata.client.Get;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.client.coprocessor.CoprocessorRpcUtils;
import io.strata.common.filter.ColumnPrefixFilter;
import io.strata.common.filter.FilterList;
import io.strata.common.filter.FirstKeyOnlyFilter;
import io.strata.common.filter.KeyOnlyFilter;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.examples.proto.ExampleProtos.WaterfallField;
import io.strata.examples.proto.ExampleProtos.WaterfallRequest;
import io.strata.examples.proto.ExampleProtos.WaterfallResponse;
import io.strata.examples.proto.ExampleProtos.WaterfallRow;
import io.strata.examples.proto.ExampleProtos.WaterfallService;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * A waterfall over rows [start, stop): each row's fields, each from the first source (in the
 * order given) that has it, by row and then field name. {@link #viaEndpoint} asks {@link
 * WaterfallEndpoint} (one call per region); {@link #viaClientLoop} does it without a
 * coprocessor as the seed's client of separate databases did, asking each source in turn for
 * what is still missing; {@link #viaSourceScans} reads every source whole instead.
 */
public final class WaterfallClient {
  private final Connection connection;

  public WaterfallClient(Connection connection) {
    this.connection = connection;
  }

  /** Through the endpoint: one call per region of the range, in parallel. */
  public NavigableMap<byte[], NavigableMap<byte[], WaterfallValue>> viaEndpoint(TableName table,
      byte[] start, byte[] stop, List<String> sources, List<byte[]> fields) throws IOException {
    new WaterfallSources(sources, fields); // bad sources fail here, before any call
    WaterfallRequest.Builder b = WaterfallRequest.newBuilder()
        .setStartRow(ByteString.copyFrom(start)).setStopRow(ByteString.copyFrom(stop))
        .addAllSources(sources);
    fields.forEach(f -> b.addFields(ByteString.copyFrom(f)));
    WaterfallRequest request = b.build();
    Map<byte[], WaterfallResponse> parts;
    try (Table t = connection.getTable(table)) {
      parts = t.coprocessorService(WaterfallService.class, start, stop,
          stub -> CoprocessorRpcUtils.call(stub,
              (s, controller, done) -> s.waterfall(controller, request, done)));
    }
    NavigableMap<byte[], NavigableMap<byte[], WaterfallValue>> out =
        new TreeMap<>(Bytes.BYTES_COMPARATOR);
    for (WaterfallResponse part : parts.values()) {
      for (WaterfallRow r : part.getRowsList()) {
        NavigableMap<byte[], WaterfallValue> row = new TreeMap<>(Bytes.BYTES_COMPARATOR);
        for (WaterfallField f : r.getFieldsList()) {
          row.put(f.getName().toByteArray(), new WaterfallValue(f.getValue().toByteArray(),
              f.getSource()));
        }
        out.put(r.getRow().toByteArray(), row);
      }
    }
    return out;
  }

  /**
   * Without a coprocessor, as the seed's client of separate databases does it: list the rows of
   * the range, then ask each source in turn, one batch of gets, for just what the sources before
   * it left missing (the wanted fields, or with none named, everything the source has). Six
   * dependent round trips for five sources, the endpoint's one.
   */
  public NavigableMap<byte[], NavigableMap<byte[], WaterfallValue>> viaClientLoop(
      TableName table, byte[] start, byte[] stop, List<String> sources, List<byte[]> fields)
      throws IOException {
    WaterfallSources ws = new WaterfallSources(sources, fields);
    NavigableMap<byte[], Map<ByteBuffer, WaterfallValue>> found =
        new TreeMap<>(Bytes.BYTES_COMPARATOR);
    try (Table t = connection.getTable(table)) {
      Scan rows = new Scan().withStartRow(start).withStopRow(stop).setCaching(1000)
          .setFilter(new FilterList(FilterList.Operator.MUST_PASS_ALL,
              List.of(new FirstKeyOnlyFilter(), new KeyOnlyFilter())));
      ws.sources().forEach(s -> rows.addFamily(s.family()));
      try (ResultScanner rs = t.getScanner(rows)) {
        for (Result r : rs) {
          found.put(r.getRow(), WaterfallSources.newRow());
        }
      }
      for (int i = 0; i < ws.sources().size(); i++) {
        WaterfallSources.Source s = ws.sources().get(i);
        List<Get> gets = new ArrayList<>();
        for (Map.Entry<byte[], Map<ByteBuffer, WaterfallValue>> row : found.entrySet()) {
          Get g = missing(row.getKey(), row.getValue(), s, ws.fields());
          if (g != null) {
            gets.add(g);
          }
        }
        if (gets.isEmpty()) {
          break; // every wanted field of every row is found
        }
        for (Result r : t.get(gets)) {
          if (!r.isEmpty()) {
            ws.resolve(Arrays.asList(r.rawCells()), i, found.get(r.getRow()));
          }
        }
      }
    }
    return sorted(found);
  }

  private static NavigableMap<byte[], NavigableMap<byte[], WaterfallValue>> sorted(
      NavigableMap<byte[], Map<ByteBuffer, WaterfallValue>> found) {
    NavigableMap<byte[], NavigableMap<byte[], WaterfallValue>> out =
        new TreeMap<>(Bytes.BYTES_COMPARATOR);
    found.forEach((row, fields) -> {
      if (!fields.isEmpty()) {
        out.put(row, WaterfallSources.sorted(fields));
      }
    });
    return out;
  }

  /** The get asking source {@code s} for what {@code row} still misses; null if nothing. */
  private static Get missing(byte[] row, Map<ByteBuffer, WaterfallValue> found,
      WaterfallSources.Source s, List<byte[]> wanted) {
    Get g = new Get(row);
    if (wanted.isEmpty()) { // every field: the source's whole part of the row
      g.addFamily(s.family());
      if (s.prefix().length > 0) {
        g.setFilter(new ColumnPrefixFilter(s.prefix()));
      }
      return g;
    }
    boolean any = false;
    for (byte[] field : wanted) {
      if (!found.containsKey(ByteBuffer.wrap(field))) {
        g.addColumn(s.family(), Bytes.add(s.prefix(), field));
        any = true;
      }
    }
    return any ? g : null;
  }

  /**
   * Without a coprocessor, reading every source whole: a scan of the range per source, in
   * order, each filling the fields the sources before it left empty. Cheaper than asking for
   * what is missing when most of every source is wanted; the client still reads every source's
   * cells.
   */
  public NavigableMap<byte[], NavigableMap<byte[], WaterfallValue>> viaSourceScans(
      TableName table, byte[] start, byte[] stop, List<String> sources, List<byte[]> fields)
      throws IOException {
    WaterfallSources ws = new WaterfallSources(sources, fields);
    NavigableMap<byte[], Map<ByteBuffer, WaterfallValue>> found =
        new TreeMap<>(Bytes.BYTES_COMPARATOR);
    try (Table t = connection.getTable(table)) {
      for (int i = 0; i < ws.sources().size(); i++) {
        WaterfallSources.Source s = ws.sources().get(i);
        Scan scan = new Scan().withStartRow(start).withStopRow(stop).addFamily(s.family())
            .setCaching(1000);
        if (s.prefix().length > 0) {
          scan.setFilter(new ColumnPrefixFilter(s.prefix()));
        }
        try (ResultScanner rs = t.getScanner(scan)) {
          for (Result r : rs) {
            ws.resolve(Arrays.asList(r.rawCells()), i,
                found.computeIfAbsent(r.getRow(), k -> WaterfallSources.newRow()));
          }
        }
      }
    }
    return sorted(found);
  }
}
