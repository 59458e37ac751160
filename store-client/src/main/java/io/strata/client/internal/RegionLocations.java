package io.strata.client.internal;

import io.strata.client.RegionLocation;
import io.strata.client.internal.rpc.RpcConnection;
import io.strata.client.internal.rpc.RpcResponse;
import io.strata.common.cell.Cell;
import io.strata.common.conf.ClientKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.error.CallTimeoutException;
import io.strata.common.error.NotServingRegionException;
import io.strata.common.error.RegionInTransitionException;
import io.strata.common.error.RegionMovedException;
import io.strata.common.error.ServerErrorException;
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
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Where regions are: per table a sorted cache ({@link RegionCache}) filled from strata:meta,
 * whose own server is read from ZooKeeper ({@link MetaLocation}). A miss reads meta once for the
 * region wanted and the regions just below it (prefetch); concurrent misses on a table share
 * reads ({@link TableLocations}); a failed call drops exactly what its error proves stale
 * ({@link #onError}, policy in {@link LocationErrors}).
 *
 * <p>The region holding a row is the last meta row at or before
 * {@link MetaLayout#regionSearchKey}: one reversed scan of {@code strata.client.meta.prefetch.rows}
 * rows. Only OPEN rows with a server are cached. A region with no server (being opened or
 * closed) is a retryable error, unless the table is disabled (not retryable) or gone
 * (TableNotFoundException).
 *
 * <p>Why the prefetch reads backwards: the region holding a row can only be found by a reversed
 * scan (its meta row is the last at or before the search key, and its start key is unknown), so
 * the rows below come with the same call at no extra round trip, as in HBase's locator. Regions
 * above would need a second scan, forward, per miss. The rows below are the ones a reversed scan
 * of the table needs next, and, for random reads and writes, as useful as those above.
 *
 * <p>Counters for tests: {@link #metaReads()} (region lookups sent to meta, each one scan) and
 * {@link #metaLocationReads()} (ZooKeeper reads of meta's server).
 */
final class RegionLocations {
  private final RpcChannels channels;
  private final MetaLocation meta;
  private final int prefetchRows;
  private final ScheduledExecutorService timer;
  private final Map<TableName, TableLocations> tables = new ConcurrentHashMap<>();
  private final LongAdder metaReads = new LongAdder();

  /** With every setting at its default. */
  RegionLocations(ClusterRegistry registry, RpcChannels channels, StrataConfiguration conf,
      ScheduledExecutorService timer) {
    this(registry::metaServer, channels, conf.get(ClientKeys.META_PREFETCH_ROWS), timer);
  }

  /** {@code timer} times out lookups that wait for another's meta read. */
  RegionLocations(MetaLocation.Source metaSource, RpcChannels channels, int prefetchRows,
      ScheduledExecutorService timer) {
    if (prefetchRows < 1) {
      throw new IllegalArgumentException(ClientKeys.META_PREFETCH_ROWS.name() + " is "
          + prefetchRows + "; it must be at least 1 (the region wanted)");
    }
    this.meta = new MetaLocation(metaSource);
    this.channels = channels;
    this.prefetchRows = prefetchRows;
    this.timer = timer;
  }

  /**
   * Whether the error means the location used may be stale (any region-level error, a
   * connection failure or a timeout). {@link #onError} tells exactly what it proves.
   */
  static boolean staleLocation(Throwable e) {
    return e instanceof NotServingRegionException || e instanceof RegionMovedException
        || e instanceof WrongRegionException || e instanceof ServerErrorException
        || e instanceof CallTimeoutException;
  }

  /** The region holding {@code row}; {@code reload} skips the cache (and refreshes it). */
  CompletableFuture<RegionLocation> locate(TableName table, byte[] row, boolean reload,
      long timeoutMillis) {
    if (table.equals(TableName.META)) {
      return meta.get(reload);
    }
    if (!reload) {
      // A cache hit, nearly every call, without building the meta search key and the text a
      // failed lookup would need (a batch of 2,000 puts made them 2,000 times).
      RegionLocation hit = cachedLocation(table, row);
      if (hit != null) {
        return CompletableFuture.completedFuture(hit);
      }
    }
    return lookup(table, MetaLayout.regionSearchKey(table, row), c -> c.find(row),
        r -> r.containsRow(row), "holding row '" + Bytes.toStringBinary(row) + "'", reload,
        timeoutMillis);
  }

  /**
   * The region just before the one starting at {@code startKey} (a reversed scan going on to
   * lower rows); {@code startKey} is not empty.
   */
  CompletableFuture<RegionLocation> locateBefore(TableName table, byte[] startKey,
      long timeoutMillis) {
    return lookup(table, MetaLayout.regionBeforeSearchKey(table, startKey),
        c -> c.endingAt(startKey), r -> !r.isLast() && Bytes.equals(r.getEndKey(), startKey),
        "ending at '" + Bytes.toStringBinary(startKey) + "'", false, timeoutMillis);
  }

  /** The table's last region (where a reversed scan from the top starts). */
  CompletableFuture<RegionLocation> locateLast(TableName table, long timeoutMillis) {
    if (table.equals(TableName.META)) {
      return meta.get(false);
    }
    return lookup(table, MetaLayout.afterRegionRows(table), RegionCache::last,
        RegionInfo::isLast, "ending the table", false, timeoutMillis);
  }

  /**
   * Records what the failure of a call on {@code used} proves ({@link LocationErrors}): not
   * serving, wrong region or a call timeout drop that region's entry; region moved puts the
   * region on the server the error names (no meta read needed); a failed or lost connection
   * drops every entry on that server, meta's included; any other error (a server's own I/O
   * error, busy, throttled), or one naming another region or server, changes nothing.
   *
   * @param used the location the failed call went to (null: nothing is known, nothing done)
   * @param error the call's failure, wrapped or not
   * @return true when the next lookup must read meta: {@code used} is stale and nothing is
   *     cached in its place; false when the error proves nothing against {@code used} or the
   *     cache already holds where its region is now
   */
  boolean onError(RegionLocation used, Throwable error) {
    LocationErrors.Proof proof = LocationErrors.proof(used, RetryingCaller.unwrap(error));
    switch (proof.kind()) {
      case NOTHING -> {
        return false;
      }
      case REGION -> invalidate(used);
      case MOVED -> moved(used, proof.movedTo());
      case SERVER -> {
        // The first report of a dead server sweeps; the others (a batch's actions on it) find
        // their entry gone already and need not walk the cache again.
        if (used.equals(cachedAt(used))) {
          invalidateServer(used.server());
        }
      }
      default -> throw new AssertionError(proof.kind());
    }
    RegionLocation now = cachedAt(used);
    return now == null || now.equals(used);
  }

  /** What is cached now where {@code loc}'s region starts. */
  private RegionLocation cachedAt(RegionLocation loc) {
    return cachedLocation(loc.region().getTable(), loc.region().getStartKey());
  }

  /** Caches a user table's location learned elsewhere, as a meta read would (for tests). */
  void add(RegionLocation loc) {
    tables.computeIfAbsent(loc.region().getTable(), this::newTable).cache().add(loc);
  }

  /** Drops {@code loc}'s entry if it is still cached as it is (null: nothing). */
  void invalidate(RegionLocation loc) {
    if (loc == null) {
      return;
    }
    if (loc.region().isMetaRegion()) {
      meta.drop(loc);
      return;
    }
    TableLocations t = tables.get(loc.region().getTable());
    if (t != null) {
      t.cache().remove(loc);
    }
  }

  /** Drops every table's entries on {@code server}, and meta's location if it is there. */
  void invalidateServer(ServerName server) {
    meta.dropOn(server);
    for (TableLocations t : tables.values()) {
      t.cache().removeServer(server);
    }
  }

  /** Drops all of the table's entries (after DDL); lookups in flight finish on their own. */
  void invalidateTable(TableName table) {
    tables.remove(table);
  }

  private void moved(RegionLocation used, ServerName to) {
    if (used.region().isMetaRegion()) {
      meta.moved(used, to);
      return;
    }
    tables.computeIfAbsent(used.region().getTable(), this::newTable).cache().moved(used, to);
  }

  /** The cached location of the region holding {@code row}, or null (no lookup). */
  RegionLocation cachedLocation(TableName table, byte[] row) {
    if (table.equals(TableName.META)) {
      return meta.cached();
    }
    TableLocations t = tables.get(table);
    return t == null ? null : t.cache().find(row);
  }

  /** Every cached location of the table, in key order (for tests and diagnostics). */
  List<RegionLocation> cachedLocations(TableName table) {
    TableLocations t = tables.get(table);
    return t == null ? List.of() : t.cache().all();
  }

  /** Region lookups sent to meta so far (one reversed scan each). */
  long metaReads() {
    return metaReads.sum();
  }

  /** Reads of meta's location from ZooKeeper so far. */
  long metaLocationReads() {
    return meta.reads();
  }

  private CompletableFuture<RegionLocation> lookup(TableName table, byte[] searchKey,
      Function<RegionCache, RegionLocation> probe, Predicate<RegionInfo> wanted, String what,
      boolean reload, long timeoutMillis) {
    return tables.computeIfAbsent(table, this::newTable).lookup(new TableLocations.Lookup(
        searchKey, probe, wanted, "of table '" + table + "' " + what, reload, timeoutMillis));
  }

  private TableLocations newTable(TableName table) {
    return new TableLocations((l, cache) -> readMeta(table, cache, l), timer);
  }

  /**
   * One lookup's meta read: up to {@link #prefetchRows} rows at or before its search key, the
   * OPEN ones cached; then the lookup's own answer from them.
   */
  private CompletableFuture<CompletableFuture<RegionLocation>> readMeta(TableName table,
      RegionCache cache, TableLocations.Lookup l) {
    metaReads.increment();
    return metaRows(table, l.searchKey(), l.timeoutMillis()).thenApply(rows -> {
      List<MetaRow> read = new ArrayList<>(rows.size());
      for (List<Cell> cells : rows) {
        MetaRow r = MetaRow.of(cells);
        if (r != null && r.region().getTable().equals(table)) {
          read.add(r);
        }
      }
      for (MetaRow r : read) {
        if (r.serving() && !r.supersededIn(read)) {
          cache.add(r.location());
        }
      }
      // The first row (greatest start key, newest region) that is the one wanted answers.
      for (MetaRow r : read) {
        if (l.wanted().test(r.region())) {
          return r.serving() && !r.supersededIn(read)
              ? CompletableFuture.completedFuture(r.location())
              : missing(table, r.region().getRegionNameAsString() + " (" + (r.state() == null
                  ? "not assigned" : r.state()) + ")", l.timeoutMillis());
        }
      }
      return missing(table, l.what(), l.timeoutMillis());
    });
  }

  /** One region's meta row: its region, state and server (null when not written). */
  private record MetaRow(RegionInfo region, String state, String server) {
    static MetaRow of(List<Cell> cells) {
      RegionInfo r = regionInfo(cells);
      return r == null ? null : new MetaRow(r, value(cells, MetaLayout.STATE),
          value(cells, MetaLayout.SERVER));
    }

    boolean serving() {
      return server != null && RegionState.OPEN.name().equals(state);
    }

    RegionLocation location() {
      return new RegionLocation(region, ServerName.parse(server));
    }

    /**
     * Whether a newer region (a greater region id) read with it covers some of its keys: a
     * split or merge is being written to meta, and this row is what it replaces.
     */
    boolean supersededIn(List<MetaRow> read) {
      for (MetaRow o : read) {
        if (o.region.getRegionId() > region.getRegionId() && overlap(o.region, region)) {
          return true;
        }
      }
      return false;
    }

    private static boolean overlap(RegionInfo a, RegionInfo b) {
      return (b.isLast() || Bytes.compare(a.getStartKey(), b.getEndKey()) < 0)
          && (a.isLast() || Bytes.compare(b.getStartKey(), a.getEndKey()) < 0);
    }
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

  /** Up to {@link #prefetchRows} meta rows of the table at or before {@code searchKey}. */
  private CompletableFuture<List<List<Cell>>> metaRows(TableName table, byte[] searchKey,
      long timeoutMillis) {
    ScanRequest req = ScanRequest.newBuilder().setRegion(metaRegion())
        .setScan(ScanProto.newBuilder().setStartRow(ByteString.copyFrom(searchKey))
            .setStopRow(ByteString.copyFrom(table.toBytes())).setReversed(true)
            .addColumns(ColumnProto.newBuilder().setFamily(ByteString.copyFrom(
                MetaLayout.INFO))))
        .setNumberOfRows(prefetchRows).setCloseScanner(true).build();
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
   * One call to meta's region (priority handlers); an error that proves meta's location stale
   * drops it ({@link #onError}), so the retry reads ZooKeeper again.
   */
  private <R, T> CompletableFuture<T> onMeta(String method, com.google.protobuf.MessageLite req,
      com.google.protobuf.Parser<R> parser, long timeoutMillis, MetaAnswer<R, T> answer) {
    return meta.get(false).thenCompose(m -> channels.connection(m.server(), "ClientService")
        .thenCompose(c -> c.call(method, req, null, parser, Duration.ofMillis(timeoutMillis), 1))
        .handle((resp, err) -> {
          if (err != null) {
            Throwable cause = RetryingCaller.unwrap(err);
            onError(m, cause);
            throw new CompletionException(cause);
          }
          try {
            return answer.read(resp);
          } catch (IOException e) {
            throw new CompletionException(e);
          }
        }));
  }

  private static RegionSpecifierProto metaRegion() {
    return RegionSpecifierProto.newBuilder()
        .setEncodedName(MetaLayout.META_REGION.getEncodedName()).build();
  }

  private static RegionInfo regionInfo(List<Cell> cells) {
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

  private static boolean is(Cell c, byte[] family, byte[] qualifier) {
    return Bytes.equals(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength(), family, 0,
        family.length) && Bytes.equals(c.getQualifierArray(), c.getQualifierOffset(),
        c.getQualifierLength(), qualifier, 0, qualifier.length);
  }
}
