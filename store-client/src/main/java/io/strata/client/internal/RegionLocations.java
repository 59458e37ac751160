package io.strata.client.internal;

import io.strata.client.RegionLocation;
import io.strata.client.internal.rpc.RpcConnection;
import io.strata.client.internal.rpc.RpcResponse;
import io.strata.common.cell.Cell;
import io.strata.common.error.NotServingRegionException;
import io.strata.common.error.RegionInTransitionException;
import io.strata.common.error.RegionMovedException;
import io.strata.common.error.ServerErrorException;
import io.strata.common.error.CallTimeoutException;
import io.strata.common.error.TableDisabledException;
import io.strata.common.error.TableNotFoundException;
import io.strata.common.error.WrongRegionException;
import io.strata.common.proto.ClientProtos.ColumnProto;
import io.strata.common.proto.ClientProtos.GetProto;
import io.strata.common.proto.ClientProtos.GetRequest;
import io.strata.common.proto.ClientProtos.GetResponse;
import io.strata.common.proto.ClientProtos.RegionSpecifierProto;
import io.strata.common.proto.ClientProtos.ResultProto;
import io.strata.common.proto.ClientProtos.ScanProto;
import io.strata.common.proto.ClientProtos.ScanRequest;
import io.strata.common.proto.ClientProtos.ScanResponse;
import io.strata.common.rpc.CellBlock;
import io.strata.common.schema.MetaLayout;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.RegionState;
import io.strata.common.schema.SchemaCodec;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableName;
import io.strata.common.schema.TableState;
import io.strata.common.util.Bytes;
import com.google.protobuf.ByteString;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * Where regions are: a cache of locations per table, filled from strata:meta (whose own server
 * is read from ZooKeeper) and dropped entry by entry when a call says it was stale (region
 * moved, not serving, wrong region, server gone).
 *
 * <p>The region holding a row is the last meta row at or before
 * {@link MetaLayout#regionSearchKey}: one reversed scan of one or two rows. A region with no server
 * (being opened or closed) is a retryable error, unless the table is disabled (not retryable) or
 * gone (TableNotFoundException).
 */
final class RegionLocations {
  /**
   * Meta rows read per lookup. The first is the one wanted; a second lets a lookup that races a
   * split (the parent's row gone, a daughter's not yet written) see the neighbour and retry.
   */
  private static final int LOOKUP_ROWS = 2;

  private final ClusterRegistry registry;
  private final RpcChannels channels;
  private final Map<TableName, ConcurrentSkipListMap<byte[], RegionLocation>> cache =
      new ConcurrentHashMap<>();
  private volatile RegionLocation meta;

  RegionLocations(ClusterRegistry registry, RpcChannels channels) {
    this.registry = registry;
    this.channels = channels;
  }

  /** Whether the error means the location used was stale. */
  static boolean staleLocation(Throwable e) {
    return e instanceof NotServingRegionException || e instanceof RegionMovedException
        || e instanceof WrongRegionException || e instanceof ServerErrorException
        || e instanceof CallTimeoutException;
  }

  /** The region holding {@code row}; {@code reload} skips the cache. */
  CompletableFuture<RegionLocation> locate(TableName table, byte[] row, boolean reload,
      long timeoutMillis) {
    if (table.equals(TableName.META)) {
      return metaLocation(reload);
    }
    if (!reload) {
      RegionLocation cached = cached(table, row);
      if (cached != null) {
        return CompletableFuture.completedFuture(cached);
      }
    }
    return lookup(table, MetaLayout.regionSearchKey(table, row), r -> r.containsRow(row),
        "holding row '" + Bytes.toStringBinary(row) + "'", timeoutMillis);
  }

  /**
   * The region just before the one starting at {@code startKey} (a reversed scan going on to
   * lower rows); {@code startKey} is not empty.
   */
  CompletableFuture<RegionLocation> locateBefore(TableName table, byte[] startKey,
      long timeoutMillis) {
    return lookup(table, MetaLayout.regionBeforeSearchKey(table, startKey),
        r -> !r.isLast() && Bytes.equals(r.getEndKey(), startKey),
        "ending at '" + Bytes.toStringBinary(startKey) + "'", timeoutMillis);
  }

  /** The table's last region (where a reversed scan from the top starts). */
  CompletableFuture<RegionLocation> locateLast(TableName table, long timeoutMillis) {
    if (table.equals(TableName.META)) {
      return metaLocation(false);
    }
    return lookup(table, MetaLayout.afterRegionRows(table), RegionInfo::isLast,
        "ending the table", timeoutMillis);
  }

  private RegionLocation cached(TableName table, byte[] row) {
    ConcurrentSkipListMap<byte[], RegionLocation> regions = cache.get(table);
    if (regions == null) {
      return null;
    }
    Map.Entry<byte[], RegionLocation> e = regions.floorEntry(row);
    return e != null && e.getValue().region().containsRow(row) ? e.getValue() : null;
  }

  /** Drops what {@code error}, met on a call to {@code used}, proves stale (null: nothing). */
  void onError(RegionLocation used, Throwable error) {
    if (used != null && error != null && staleLocation(error)) {
      invalidate(used);
    }
  }

  void invalidate(RegionLocation loc) {
    if (loc == null) {
      return;
    }
    if (loc.region().isMetaRegion()) {
      meta = null;
      return;
    }
    ConcurrentSkipListMap<byte[], RegionLocation> regions = cache.get(loc.region().getTable());
    if (regions != null) {
      regions.remove(loc.region().getStartKey(), loc);
    }
  }

  void invalidateTable(TableName table) {
    cache.remove(table);
  }

  private CompletableFuture<RegionLocation> metaLocation(boolean reload) {
    RegionLocation m = meta;
    if (m != null && !reload) {
      return CompletableFuture.completedFuture(m);
    }
    try {
      m = new RegionLocation(MetaLayout.META_REGION, registry.metaServer());
      meta = m;
      return CompletableFuture.completedFuture(m);
    } catch (IOException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  /**
   * The first of the meta rows at or before {@code searchKey} whose region is {@code wanted},
   * or the error for a region that is not there ({@code what} names it).
   */
  private CompletableFuture<RegionLocation> lookup(TableName table, byte[] searchKey,
      java.util.function.Predicate<RegionInfo> wanted, String what, long timeoutMillis) {
    return metaRows(table, searchKey, timeoutMillis).thenCompose(rows -> {
      for (List<Cell> cells : rows) {
        RegionInfo r = regionInfo(cells);
        if (r != null && r.getTable().equals(table) && wanted.test(r)) {
          return located(table, r, cells, timeoutMillis);
        }
      }
      return missing(table, "of table '" + table + "' " + what, timeoutMillis);
    });
  }

  private CompletableFuture<RegionLocation> located(TableName table, RegionInfo r,
      List<Cell> cells, long timeoutMillis) {
    String state = value(cells, MetaLayout.STATE);
    String server = value(cells, MetaLayout.SERVER);
    if (server == null || !RegionState.OPEN.name().equals(state)) {
      return missing(table, r.getRegionNameAsString() + " (" + (state == null
          ? "not assigned" : state) + ")", timeoutMillis);
    }
    RegionLocation loc = new RegionLocation(r, ServerName.parse(server));
    cache.computeIfAbsent(table, t -> new ConcurrentSkipListMap<>(Bytes::compare))
        .put(r.getStartKey(), loc);
    return CompletableFuture.completedFuture(loc);
  }

  /**
   * No open region: the table is gone (not retryable), disabled (not retryable), or its
   * regions are being opened (retryable).
   */
  private CompletableFuture<RegionLocation> missing(TableName table, String why,
      long timeoutMillis) {
    return tableState(table, timeoutMillis).thenCompose(state -> {
      if (state == null) {
        return CompletableFuture.failedFuture(new TableNotFoundException(table.toString()));
      }
      if (state == TableState.DISABLED || state == TableState.DISABLING) {
        return CompletableFuture.failedFuture(new TableDisabledException(table.toString()));
      }
      return CompletableFuture.failedFuture(new RegionInTransitionException(why, "in transition"));
    });
  }

  /** The table's state from meta, or null when the table does not exist. */
  CompletableFuture<TableState> tableState(TableName table, long timeoutMillis) {
    GetRequest req = GetRequest.newBuilder().setRegion(metaRegion()).setGet(GetProto
        .newBuilder().setRow(ByteString.copyFrom(MetaLayout.tableRow(table)))
        .addColumns(ColumnProto.newBuilder().setFamily(ByteString.copyFrom(MetaLayout.TABLE))))
        .build();
    return onMeta("Get", req, GetResponse.parser(), timeoutMillis, resp -> {
      List<Cell> cells = new CellBlock.Reader(resp.cellBlock())
          .next(resp.result().getResult().getCellCount());
      String s = value(cells, MetaLayout.TABLE_STATE);
      return s == null ? null : TableState.parse(s);
    });
  }

  /** Up to {@link #LOOKUP_ROWS} meta rows of the table at or before {@code searchKey}. */
  private CompletableFuture<List<List<Cell>>> metaRows(TableName table, byte[] searchKey,
      long timeoutMillis) {
    ScanRequest req = ScanRequest.newBuilder().setRegion(metaRegion())
        .setScan(ScanProto.newBuilder().setStartRow(ByteString.copyFrom(searchKey))
            .setStopRow(ByteString.copyFrom(table.toBytes())).setReversed(true)
            .addColumns(ColumnProto.newBuilder().setFamily(ByteString.copyFrom(
                MetaLayout.INFO))))
        .setNumberOfRows(LOOKUP_ROWS).setCloseScanner(true).build();
    return onMeta("Scan", req, ScanResponse.parser(), timeoutMillis, resp -> {
      CellBlock.Reader in = new CellBlock.Reader(resp.cellBlock());
      List<List<Cell>> rows = new ArrayList<>();
      for (ResultProto r : resp.result().getResultsList()) {
        rows.add(in.next(r.getCellCount()));
      }
      return rows;
    });
  }

  /** Reads an answer of meta's server. */
  @FunctionalInterface
  private interface MetaAnswer<R, T> {
    T read(RpcResponse<R> response) throws IOException;
  }

  /**
   * One call to meta's region (priority handlers); an error that says meta's location was stale
   * drops it, so the retry reads ZooKeeper again.
   */
  private <R, T> CompletableFuture<T> onMeta(String method, com.google.protobuf.MessageLite req,
      com.google.protobuf.Parser<R> parser, long timeoutMillis, MetaAnswer<R, T> answer) {
    return metaLocation(false).thenCompose(m -> channels.connection(m.server(), "ClientService"))
        .thenCompose(c -> c.call(method, req, null, parser, Duration.ofMillis(timeoutMillis), 1))
        .handle((resp, err) -> {
            if (err != null) {
              dropMetaIfStale(err);
              throw new java.util.concurrent.CompletionException(RetryingCaller.unwrap(err));
            }
            try {
              return answer.read(resp);
            } catch (IOException e) {
              throw new java.util.concurrent.CompletionException(e);
            }
          });
  }

  private void dropMetaIfStale(Throwable err) {
    if (staleLocation(RetryingCaller.unwrap(err))) {
      meta = null;
    }
  }

  private static RegionSpecifierProto metaRegion() {
    return RegionSpecifierProto.newBuilder()
        .setEncodedName(MetaLayout.META_REGION.getEncodedName()).build();
  }

  static RegionInfo regionInfo(List<Cell> cells) {
    for (Cell c : cells) {
      if (is(c, MetaLayout.INFO, MetaLayout.REGION_INFO)) {
        return SchemaCodec.parseRegionInfo(Bytes.copy(c.getValueArray(), c.getValueOffset(),
            c.getValueLength()), "strata:meta");
      }
    }
    return null;
  }

  private static String value(List<Cell> cells, byte[] qualifier) {
    for (Cell c : cells) {
      if (Bytes.equals(c.getQualifierArray(), c.getQualifierOffset(), c.getQualifierLength(),
          qualifier, 0, qualifier.length)) {
        return Bytes.toString(Bytes.copy(c.getValueArray(), c.getValueOffset(),
            c.getValueLength()));
      }
    }
    return null;
  }

  static boolean is(Cell c, byte[] family, byte[] qualifier) {
    return Bytes.equals(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength(), family, 0,
        family.length) && Bytes.equals(c.getQualifierArray(), c.getQualifierOffset(),
        c.getQualifierLength(), qualifier, 0, qualifier.length);
  }

}
