package io.strata.client.internal;

import com.google.protobuf.ByteString;
import io.strata.client.AsyncAdmin;
import io.strata.client.ClusterStatus;
import io.strata.client.ConsistencyReport;
import io.strata.client.NamespaceDescriptor;
import io.strata.client.SplitAlgorithm;
import io.strata.client.internal.rpc.RpcConnection;
import io.strata.client.quotas.QuotaCodec;
import io.strata.client.quotas.SpaceQuotaSnapshot;
import io.strata.common.error.BadRequestException;
import io.strata.common.error.NamespaceNotFoundException;
import io.strata.common.error.TableNotFoundException;
import io.strata.common.proto.AdminProtos.CompactRegionRequest;
import io.strata.common.proto.AdminProtos.CompactRegionResponse;
import io.strata.common.proto.AdminProtos.FlushRegionRequest;
import io.strata.common.proto.AdminProtos.FlushRegionResponse;
import io.strata.common.proto.AdminProtos.RegionLoadProto;
import io.strata.common.proto.AdminProtos.ServerLoadProto;
import io.strata.common.proto.ClientProtos.CoprocessorServiceCall;
import io.strata.common.proto.ClientProtos.CoprocessorServiceResponse;
import io.strata.common.proto.MasterProtos;
import io.strata.common.proto.MasterProtos.BalanceRequest;
import io.strata.common.proto.MasterProtos.BalanceResponse;
import io.strata.common.proto.MasterProtos.CheckConsistencyRequest;
import io.strata.common.proto.MasterProtos.CheckConsistencyResponse;
import io.strata.common.proto.MasterProtos.ClusterStatusRequest;
import io.strata.common.proto.MasterProtos.ClusterStatusResponse;
import io.strata.common.proto.MasterProtos.CreateNamespaceRequest;
import io.strata.common.proto.MasterProtos.CreateTableRequest;
import io.strata.common.proto.MasterProtos.EmptyResponse;
import io.strata.common.proto.MasterProtos.GetRegionResponse;
import io.strata.common.proto.MasterProtos.GetTableRegionsRequest;
import io.strata.common.proto.MasterProtos.GetTableRegionsResponse;
import io.strata.common.proto.MasterProtos.GetTableRequest;
import io.strata.common.proto.MasterProtos.GetTableResponse;
import io.strata.common.proto.MasterProtos.IsBalancerEnabledRequest;
import io.strata.common.proto.MasterProtos.IsBalancerEnabledResponse;
import io.strata.common.proto.MasterProtos.ListNamespacesRequest;
import io.strata.common.proto.MasterProtos.ListNamespacesResponse;
import io.strata.common.proto.MasterProtos.ListTablesRequest;
import io.strata.common.proto.MasterProtos.ListTablesResponse;
import io.strata.common.proto.MasterProtos.MasterCoprocessorServiceRequest;
import io.strata.common.proto.MasterProtos.ModifyNamespaceRequest;
import io.strata.common.proto.MasterProtos.ModifyTableRequest;
import io.strata.common.proto.MasterProtos.MoveRequest;
import io.strata.common.proto.MasterProtos.NamespaceProto;
import io.strata.common.proto.MasterProtos.NamespaceRequest;
import io.strata.common.proto.MasterProtos.RegionRequest;
import io.strata.common.proto.MasterProtos.RegionStateProto;
import io.strata.common.proto.MasterProtos.SetBalancerRunningRequest;
import io.strata.common.proto.MasterProtos.SetBalancerRunningResponse;
import io.strata.common.proto.MasterProtos.SplitRequest;
import io.strata.common.proto.MasterProtos.TableRequest;
import io.strata.common.proto.MasterProtos.TruncateTableRequest;
import io.strata.common.proto.QuotaProtos;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.SchemaCodec;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.schema.TableState;
import io.strata.common.util.Bytes;
import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.regex.Pattern;

/**
 * The one implementation of admin calls: DDL and cluster calls to the master, region calls to
 * servers. With a callback executor its futures complete there (the public async admin); without
 * one they complete on internal threads (for the blocking {@link AdminAdapter}).
 */
final class AsyncAdminImpl implements AsyncAdmin {
  private final AsyncConnectionImpl conn;
  private final MasterCaller master;
  private final Executor callbacks;
  private final SnapshotCalls snapshots;

  AsyncAdminImpl(AsyncConnectionImpl conn, Executor callbacks) {
    this.conn = conn;
    this.master = conn.master();
    this.callbacks = callbacks;
    this.snapshots = new SnapshotCalls(master);
  }

  /** The future a caller sees: completed on the callback threads, if this admin has them. */
  private <T> CompletableFuture<T> out(CompletableFuture<T> f) {
    return Futures.completeOn(f, callbacks);
  }

  /** Runs {@code body}, turning bad input it throws into a failed future. */
  private <T> CompletableFuture<T> run(java.util.function.Supplier<CompletableFuture<T>> body) {
    CompletableFuture<T> f;
    try {
      f = body.get();
    } catch (RuntimeException e) {
      f = CompletableFuture.failedFuture(e);
    }
    return out(f);
  }

  private CompletableFuture<Void> invalidating(CompletableFuture<Void> f, TableName table) {
    return f.thenRun(() -> conn.locations().invalidateTable(table));
  }

  // ---- tables ----

  @Override
  public CompletableFuture<Void> createTable(TableDescriptor table) {
    return createTable(table, new byte[0][]);
  }

  @Override
  public CompletableFuture<Void> createTable(TableDescriptor table, byte[][] splitKeys) {
    return run(() -> {
      CreateTableRequest.Builder b = CreateTableRequest.newBuilder()
          .setTable(SchemaCodec.toProto(table)).setNonce(nonce());
      for (byte[] k : splitKeys == null ? new byte[0][] : splitKeys) {
        if (k == null) {
          throw new IllegalArgumentException("a split key is null; give non-empty split keys");
        }
        b.addSplitKeys(ByteString.copyFrom(k));
      }
      return invalidating(master.procedure("CreateTable", b.build()), table.getTableName());
    });
  }

  @Override
  public CompletableFuture<Void> createTable(TableDescriptor table, byte[] startKey,
      byte[] endKey, int regions) {
    if (regions < 3) {
      return out(CompletableFuture.failedFuture(new IllegalArgumentException("a table split "
          + "between a start and an end key needs at least 3 regions; ask for 3 or more, or "
          + "give split keys")));
    }
    if (Bytes.compare(startKey, endKey) >= 0) {
      return out(CompletableFuture.failedFuture(new IllegalArgumentException("the start key '"
          + Bytes.toStringBinary(startKey) + "' must sort before the end key '"
          + Bytes.toStringBinary(endKey) + "'")));
    }
    return createTable(table, evenSplits(startKey, endKey, regions));
  }

  /** HBase's form: start, end and regions-3 keys evenly between them as big numbers. */
  static byte[][] evenSplits(byte[] start, byte[] end, int regions) {
    int len = Math.max(start.length, end.length) + 1;
    BigInteger a = new BigInteger(1, java.util.Arrays.copyOf(start, len));
    BigInteger b = new BigInteger(1, java.util.Arrays.copyOf(end, len));
    byte[][] keys = new byte[regions - 1][];
    keys[0] = start;
    keys[regions - 2] = end;
    for (int i = 1; i < regions - 2; i++) {
      BigInteger k = a.add(b.subtract(a).multiply(BigInteger.valueOf(i))
          .divide(BigInteger.valueOf(regions - 2)));
      byte[] raw = k.toByteArray();
      byte[] key = new byte[len];
      int n = Math.min(len, raw.length);
      System.arraycopy(raw, raw.length - n, key, len - n, n);
      keys[i] = key;
    }
    return keys;
  }

  @Override
  public CompletableFuture<Void> createTable(TableDescriptor table, SplitAlgorithm algorithm,
      int regions) {
    return run(() -> createTable(table, regions < 2 ? new byte[0][] : algorithm.split(regions)));
  }

  @Override
  public CompletableFuture<Void> deleteTable(TableName table) {
    return run(() -> invalidating(master.procedure("DeleteTable", tableRequest(table)), table));
  }

  @Override
  public CompletableFuture<Void> enableTable(TableName table) {
    return run(() -> master.procedure("EnableTable", tableRequest(table)));
  }

  @Override
  public CompletableFuture<Void> disableTable(TableName table) {
    return run(() -> invalidating(master.procedure("DisableTable", tableRequest(table)), table));
  }

  private static TableRequest tableRequest(TableName table) {
    return TableRequest.newBuilder().setTable(SchemaCodec.toProto(table)).setNonce(nonce())
        .build();
  }

  /**
   * A new nonce for one DDL call: retries of the call send the same message, so the master
   * hands back the procedure the first try started instead of starting another.
   */
  private static long nonce() {
    long n;
    do {
      n = java.util.concurrent.ThreadLocalRandom.current().nextLong();
    } while (n == 0);
    return n;
  }

  private CompletableFuture<GetTableResponse> getTable(TableName table) {
    return master.call("GetTable", GetTableRequest.newBuilder()
        .setTable(SchemaCodec.toProto(table)).build(), GetTableResponse.parser());
  }

  @Override
  public CompletableFuture<Boolean> isTableEnabled(TableName table) {
    return run(() -> getTable(table).thenApply(r -> TableState.parse(r.getState())
        == TableState.ENABLED));
  }

  @Override
  public CompletableFuture<Boolean> isTableDisabled(TableName table) {
    return run(() -> getTable(table).thenApply(r -> TableState.parse(r.getState())
        == TableState.DISABLED));
  }

  @Override
  public CompletableFuture<Boolean> tableExists(TableName table) {
    return run(() -> getTable(table).handle((r, e) -> {
      if (e == null) {
        return true;
      }
      Throwable cause = RetryingCaller.unwrap(e);
      if (cause instanceof TableNotFoundException || cause instanceof NamespaceNotFoundException) {
        return false;
      }
      throw new CompletionException(cause);
    }));
  }

  @Override
  public CompletableFuture<Void> modifyTable(TableDescriptor table) {
    return run(() -> rawModifyTable(table));
  }

  private CompletableFuture<Void> rawModifyTable(TableDescriptor table) {
    return invalidating(master.procedure("ModifyTable", ModifyTableRequest.newBuilder()
        .setTable(SchemaCodec.toProto(table)).setNonce(nonce()).build()), table.getTableName());
  }

  @Override
  public CompletableFuture<Void> addColumnFamily(TableName table,
      ColumnFamilyDescriptor family) {
    return run(() -> descriptor(table).thenCompose(current -> {
      if (current.hasColumnFamily(family.getName())) {
        return CompletableFuture.failedFuture(new BadRequestException("table '" + table
            + "' has a family '" + family.getNameAsString() + "' already; use "
            + "modifyColumnFamily to change it"));
      }
      return rawModifyTable(TableDescriptor.newBuilder(current).setColumnFamily(family).build());
    }));
  }

  @Override
  public CompletableFuture<Void> modifyColumnFamily(TableName table,
      ColumnFamilyDescriptor family) {
    return run(() -> descriptor(table).thenCompose(current -> {
      if (!current.hasColumnFamily(family.getName())) {
        return CompletableFuture.failedFuture(new io.strata.common.error.NoSuchFamilyException(
            table.toString(), family.getNameAsString(), current.getColumnFamilyNames()));
      }
      return rawModifyTable(TableDescriptor.newBuilder(current).setColumnFamily(family).build());
    }));
  }

  @Override
  public CompletableFuture<Void> deleteColumnFamily(TableName table, byte[] family) {
    return run(() -> descriptor(table).thenCompose(current -> {
      if (!current.hasColumnFamily(family)) {
        return CompletableFuture.failedFuture(new io.strata.common.error.NoSuchFamilyException(
            table.toString(), Bytes.toStringBinary(family), current.getColumnFamilyNames()));
      }
      return rawModifyTable(TableDescriptor.newBuilder(current).removeColumnFamily(family)
          .build());
    }));
  }

  @Override
  public CompletableFuture<Void> truncateTable(TableName table, boolean preserveSplits) {
    return run(() -> invalidating(master.procedure("TruncateTable", TruncateTableRequest
        .newBuilder().setTable(SchemaCodec.toProto(table)).setPreserveSplits(preserveSplits)
        .setNonce(nonce()).build()), table));
  }

  @Override
  public CompletableFuture<TableDescriptor> getDescriptor(TableName table) {
    return run(() -> descriptor(table));
  }

  private CompletableFuture<TableDescriptor> descriptor(TableName table) {
    return getTable(table).thenApply(r -> SchemaCodec.fromProto(r.getTable()));
  }

  @Override
  public CompletableFuture<List<TableName>> listTableNames() {
    return run(() -> listTables(ListTablesRequest.getDefaultInstance())
        .thenApply(AsyncAdminImpl::names));
  }

  @Override
  public CompletableFuture<List<TableName>> listTableNames(Pattern pattern,
      boolean includeSystemTables) {
    return run(() -> listTables(ListTablesRequest.newBuilder()
        .setRegex(pattern == null ? "" : pattern.pattern())
        .setIncludeSystem(includeSystemTables).build()).thenApply(AsyncAdminImpl::names));
  }

  @Override
  public CompletableFuture<List<TableName>> listTableNamesByNamespace(String namespace) {
    return run(() -> listTables(ListTablesRequest.newBuilder().setNamespace(namespace)
        .setIncludeSystem(true).build()).thenApply(AsyncAdminImpl::names));
  }

  @Override
  public CompletableFuture<List<TableDescriptor>> listTableDescriptors() {
    return run(() -> listTables(ListTablesRequest.getDefaultInstance()));
  }

  private CompletableFuture<List<TableDescriptor>> listTables(ListTablesRequest req) {
    return master.call("ListTables", req, ListTablesResponse.parser())
        .thenApply(r -> r.getTablesList().stream().map(SchemaCodec::fromProto).toList());
  }

  private static List<TableName> names(List<TableDescriptor> tables) {
    return tables.stream().map(TableDescriptor::getTableName).sorted().toList();
  }

  @Override
  public CompletableFuture<List<RegionInfo>> getRegions(TableName table) {
    return run(() -> regionStates(master, table).thenApply(rs -> rs.stream()
        .map(r -> SchemaCodec.fromProto(r.getRegion())).toList()));
  }

  /** The table's regions as the master knows them, in key order, with state and server. */
  static CompletableFuture<List<RegionStateProto>> regionStates(MasterCaller master,
      TableName table) {
    return master.call("GetTableRegions", GetTableRegionsRequest.newBuilder()
        .setTable(SchemaCodec.toProto(table)).build(), GetTableRegionsResponse.parser())
        .thenApply(GetTableRegionsResponse::getRegionsList);
  }

  // ---- namespaces ----

  @Override
  public CompletableFuture<Void> createNamespace(NamespaceDescriptor ns) {
    return run(() -> master.call("CreateNamespace", CreateNamespaceRequest.newBuilder()
        .setNamespace(toProto(ns)).build(), EmptyResponse.parser()).thenApply(r -> null));
  }

  @Override
  public CompletableFuture<Void> modifyNamespace(NamespaceDescriptor ns) {
    return run(() -> master.call("ModifyNamespace", ModifyNamespaceRequest.newBuilder()
        .setNamespace(toProto(ns)).build(), EmptyResponse.parser()).thenApply(r -> null));
  }

  private static NamespaceProto toProto(NamespaceDescriptor ns) {
    return NamespaceProto.newBuilder().setName(ns.getName())
        .putAllConfiguration(ns.getConfiguration()).build();
  }

  @Override
  public CompletableFuture<Void> deleteNamespace(String name) {
    return run(() -> master.call("DeleteNamespace", NamespaceRequest.newBuilder().setName(name)
        .build(), EmptyResponse.parser()).thenApply(r -> null));
  }

  @Override
  public CompletableFuture<NamespaceDescriptor> getNamespaceDescriptor(String name) {
    return run(() -> namespaces().thenApply(all -> {
      for (NamespaceDescriptor d : all) {
        if (d.getName().equals(name)) {
          return d;
        }
      }
      throw new CompletionException(new NamespaceNotFoundException(name));
    }));
  }

  @Override
  public CompletableFuture<List<NamespaceDescriptor>> listNamespaceDescriptors() {
    return run(this::namespaces);
  }

  private CompletableFuture<List<NamespaceDescriptor>> namespaces() {
    return master.call("ListNamespaces", ListNamespacesRequest.getDefaultInstance(),
        ListNamespacesResponse.parser()).thenApply(r -> {
          List<NamespaceDescriptor> out = new ArrayList<>();
          for (NamespaceProto p : r.getNamespacesList()) {
            NamespaceDescriptor.Builder b = NamespaceDescriptor.create(p.getName());
            p.getConfigurationMap().forEach(b::addConfiguration);
            out.add(b.build());
          }
          return out;
        });
  }

  // ---- regions ----

  @Override
  public CompletableFuture<Void> flush(TableName table) {
    return run(() -> eachRegion(table, r -> onServer(r, "FlushRegion", FlushRegionRequest
        .newBuilder().setEncodedName(encoded(r)).build(), FlushRegionResponse.parser())));
  }

  @Override
  public CompletableFuture<Void> flushRegion(String regionName) {
    return run(() -> region(regionName).thenCompose(r -> onServer(r, "FlushRegion",
        FlushRegionRequest.newBuilder().setEncodedName(encoded(r)).build(),
        FlushRegionResponse.parser())).thenApply(x -> null));
  }

  @Override
  public CompletableFuture<Void> compact(TableName table) {
    return run(() -> compactAll(table, null, false));
  }

  @Override
  public CompletableFuture<Void> compact(TableName table, byte[] family) {
    return run(() -> compactAll(table, requireFamily(family), false));
  }

  @Override
  public CompletableFuture<Void> majorCompact(TableName table) {
    return run(() -> compactAll(table, null, true));
  }

  @Override
  public CompletableFuture<Void> majorCompact(TableName table, byte[] family) {
    return run(() -> compactAll(table, requireFamily(family), true));
  }

  private CompletableFuture<Void> compactAll(TableName table, byte[] family, boolean major) {
    return eachRegion(table, r -> compact(r, family, major));
  }

  @Override
  public CompletableFuture<Void> compactRegion(String regionName, boolean major) {
    return run(() -> region(regionName).thenCompose(r -> compact(r, null, major))
        .thenApply(x -> null));
  }

  @Override
  public CompletableFuture<Void> compactRegion(String regionName, byte[] family,
      boolean major) {
    return run(() -> {
      byte[] f = requireFamily(family);
      return region(regionName).thenCompose(r -> compact(r, f, major)).thenApply(x -> null);
    });
  }

  /** Queues a compaction of the region's stores, or of one family's ({@code family} set). */
  private CompletableFuture<CompactRegionResponse> compact(RegionStateProto r, byte[] family,
      boolean major) {
    CompactRegionRequest.Builder b = CompactRegionRequest.newBuilder()
        .setEncodedName(encoded(r)).setMajor(major);
    if (family != null) {
      b.setFamily(ByteString.copyFrom(family));
    }
    return onServer(r, "CompactRegion", b.build(), CompactRegionResponse.parser());
  }

  private static byte[] requireFamily(byte[] family) {
    if (family == null || family.length == 0) {
      throw new IllegalArgumentException("the family to compact is null or empty; give a "
          + "family of the table, or compact the whole table");
    }
    return family;
  }

  /** Runs {@code call} on every region of the table, all in parallel; all must be open. */
  private CompletableFuture<Void> eachRegion(TableName table,
      java.util.function.Function<RegionStateProto, CompletableFuture<?>> call) {
    return regionStates(master, table).thenCompose(all -> {
      List<CompletableFuture<?>> calls = new ArrayList<>();
      for (RegionStateProto r : all) {
        if (!r.getState().equals("OPEN") || !r.hasServer()) {
          return CompletableFuture.failedFuture(
              new io.strata.common.error.TableDisabledException(table.toString()));
        }
      }
      for (RegionStateProto r : all) {
        calls.add(call.apply(r));
      }
      return CompletableFuture.allOf(calls.toArray(new CompletableFuture<?>[0]));
    });
  }

  @Override
  public CompletableFuture<io.strata.client.RegionLocation> getRegionLocation(
      String regionName) {
    return run(() -> region(regionName).thenApply(r -> {
      boolean open = r.getState().equals(io.strata.common.schema.RegionState.OPEN.name())
          && r.hasServer();
      return new io.strata.client.RegionLocation(SchemaCodec.fromProto(r.getRegion()),
          open ? SchemaCodec.fromProto(r.getServer()) : null);
    }));
  }

  private CompletableFuture<RegionStateProto> region(String regionName) {
    return master.call("GetRegion", RegionRequest.newBuilder().setRegion(regionName).build(),
        GetRegionResponse.parser()).thenApply(GetRegionResponse::getRegion);
  }

  private static String encoded(RegionStateProto r) {
    return SchemaCodec.fromProto(r.getRegion()).getEncodedName();
  }

  /** An admin call to the server of a region as the master knows it. */
  private <T> CompletableFuture<T> onServer(RegionStateProto r, String method,
      com.google.protobuf.MessageLite req, com.google.protobuf.Parser<T> parser) {
    if (!r.hasServer()) {
      return CompletableFuture.failedFuture(new io.strata.common.error.NotServingRegionException(
          SchemaCodec.fromProto(r.getRegion()).getRegionNameAsString(), "any server (it is "
              + r.getState() + ")"));
    }
    ServerName s = SchemaCodec.fromProto(r.getServer());
    return conn.channels().connection(s, "AdminService").thenCompose(c -> c.call(method, req,
        null, parser, conn.caller().policy().operationTimeout(), 1))
        .thenApply(resp -> resp.result());
  }

  @Override
  public CompletableFuture<Void> split(TableName table) {
    return run(() -> invalidating(master.procedure("Split", SplitRequest.newBuilder()
        .setTable(SchemaCodec.toProto(table)).setNonce(nonce()).build()), table));
  }

  @Override
  public CompletableFuture<Void> split(TableName table, byte[] splitPoint) {
    return run(() -> invalidating(master.procedure("Split", SplitRequest.newBuilder()
        .setTable(SchemaCodec.toProto(table)).setSplitRow(ByteString.copyFrom(splitPoint))
        .setNonce(nonce()).build()), table));
  }

  @Override
  public CompletableFuture<Void> splitRegion(String regionName, byte[] splitPoint) {
    return run(() -> {
      SplitRequest.Builder b = SplitRequest.newBuilder().setRegion(regionName)
          .setNonce(nonce());
      if (splitPoint != null) {
        b.setSplitRow(ByteString.copyFrom(splitPoint));
      }
      return master.procedure("Split", b.build());
    });
  }

  @Override
  public CompletableFuture<Void> mergeRegions(List<String> regionNames) {
    return run(() -> master.procedure("MergeRegions",
        MasterProtos.MergeRegionsRequest.newBuilder()
            .addAllRegions(regionNames).setNonce(nonce()).build()));
  }

  @Override
  public CompletableFuture<Void> move(String encodedRegionName, ServerName destination) {
    return run(() -> {
      MoveRequest.Builder b = MoveRequest.newBuilder().setRegion(encodedRegionName);
      if (destination != null) {
        b.setDestination(SchemaCodec.toProto(destination));
      }
      return master.call("Move", b.build(), EmptyResponse.parser()).thenApply(r -> null);
    });
  }

  @Override
  public CompletableFuture<Void> assign(String regionName) {
    return run(() -> master.call("Assign", RegionRequest.newBuilder().setRegion(regionName)
        .build(), EmptyResponse.parser()).thenApply(r -> null));
  }

  @Override
  public CompletableFuture<Void> unassign(String regionName) {
    return run(() -> master.call("Unassign", RegionRequest.newBuilder().setRegion(regionName)
        .build(), EmptyResponse.parser()).thenApply(r -> null));
  }

  @Override
  public CompletableFuture<Boolean> balance() {
    return run(() -> master.call("Balance", BalanceRequest.getDefaultInstance(),
        BalanceResponse.parser()).thenApply(r -> r.getMoves() > 0));
  }

  @Override
  public CompletableFuture<Boolean> balancerSwitch(boolean on) {
    return run(() -> master.call("SetBalancerRunning", SetBalancerRunningRequest.newBuilder()
        .setOn(on).build(), SetBalancerRunningResponse.parser())
        .thenApply(SetBalancerRunningResponse::getPrevious));
  }

  @Override
  public CompletableFuture<Boolean> normalize() {
    return run(() -> master.call("Normalize", MasterProtos.NormalizeRequest.getDefaultInstance(),
        MasterProtos.NormalizeResponse.parser()).thenApply(MasterProtos.NormalizeResponse::getRan));
  }

  @Override
  public CompletableFuture<Boolean> normalizerSwitch(boolean on) {
    return run(() -> master.call("SetNormalizerRunning", MasterProtos
        .SetNormalizerRunningRequest.newBuilder().setOn(on).build(),
        MasterProtos.SetNormalizerRunningResponse.parser())
        .thenApply(MasterProtos.SetNormalizerRunningResponse::getPrevious));
  }

  @Override
  public CompletableFuture<Boolean> isNormalizerEnabled() {
    return run(() -> master.call("IsNormalizerEnabled",
        MasterProtos.IsNormalizerEnabledRequest.getDefaultInstance(),
        MasterProtos.IsNormalizerEnabledResponse.parser())
        .thenApply(MasterProtos.IsNormalizerEnabledResponse::getEnabled));
  }

  @Override
  public CompletableFuture<Boolean> isBalancerEnabled() {
    return run(() -> master.call("IsBalancerEnabled",
        IsBalancerEnabledRequest.getDefaultInstance(), IsBalancerEnabledResponse.parser())
        .thenApply(IsBalancerEnabledResponse::getEnabled));
  }

  @Override
  public CompletableFuture<ClusterStatus> getClusterStatus() {
    return run(() -> master.call("ClusterStatus", ClusterStatusRequest.getDefaultInstance(),
        ClusterStatusResponse.parser()).thenApply(AsyncAdminImpl::clusterStatus));
  }

  @Override
  public CompletableFuture<io.strata.common.security.Token> createToken(String user,
      java.time.Duration lifetime) {
    io.strata.common.proto.MasterProtos.CreateTokenRequest.Builder r =
        io.strata.common.proto.MasterProtos.CreateTokenRequest.newBuilder().setUser(user);
    if (lifetime != null) {
      r.setLifetimeMillis(lifetime.toMillis());
    }
    return run(() -> master.call("CreateToken", r.build(),
        io.strata.common.proto.MasterProtos.CreateTokenResponse.parser()).thenApply(t -> {
          try {
            return io.strata.common.security.Token.fromProto(t.getToken());
          } catch (IOException e) {
            throw new java.util.concurrent.CompletionException(e);
          }
        }));
  }

  @Override
  public CompletableFuture<io.strata.common.security.Token> obtainDelegationToken() {
    return run(() -> master.call("CreateDelegationToken", io.strata.common.proto.MasterProtos
        .DelegationTokenRequest.getDefaultInstance(), io.strata.common.proto.MasterProtos
        .DelegationTokenResponse.parser()).thenApply(r -> {
          try {
            return io.strata.common.security.Token.fromProto(r.getToken());
          } catch (IOException e) {
            throw new java.util.concurrent.CompletionException(e);
          }
        }));
  }

  @Override
  public CompletableFuture<Long> renewDelegationToken(io.strata.common.security.Token token) {
    return run(() -> master.call("RenewDelegationToken", delegation(token),
        io.strata.common.proto.MasterProtos.DelegationTokenResponse.parser())
        .thenApply(io.strata.common.proto.MasterProtos.DelegationTokenResponse
            ::getExpiresMillis));
  }

  @Override
  public CompletableFuture<Void> cancelDelegationToken(io.strata.common.security.Token token) {
    return run(() -> master.call("CancelDelegationToken", delegation(token),
        io.strata.common.proto.MasterProtos.DelegationTokenResponse.parser())
        .thenApply(x -> null));
  }

  private static io.strata.common.proto.MasterProtos.DelegationTokenRequest delegation(
      io.strata.common.security.Token token) {
    return io.strata.common.proto.MasterProtos.DelegationTokenRequest.newBuilder()
        .setToken(token.toProto()).build();
  }

  @Override
  public CompletableFuture<Void> grant(io.strata.client.security.UserPermission permission,
      boolean mergeExistingPermissions) {
    io.strata.common.proto.AccessProtos.GrantRequest r = io.strata.common.proto.AccessProtos
        .GrantRequest.newBuilder().setPermission(io.strata.client.security.AccessCodec
            .toProto(permission)).setMergeExisting(mergeExistingPermissions).build();
    return run(() -> master.call("Grant", r, EmptyResponse.parser()).thenApply(x -> null));
  }

  @Override
  public CompletableFuture<Void> revoke(io.strata.client.security.UserPermission permission) {
    io.strata.common.proto.AccessProtos.RevokeRequest r = io.strata.common.proto.AccessProtos
        .RevokeRequest.newBuilder().setPermission(io.strata.client.security.AccessCodec
            .toProto(permission)).build();
    return run(() -> master.call("Revoke", r, EmptyResponse.parser()).thenApply(x -> null));
  }

  /** A labels call of the master. */
  private CompletableFuture<List<String>> labels(String method, String user, List<String> labels,
      String regex) {
    io.strata.common.proto.AccessProtos.LabelsRequest.Builder r =
        io.strata.common.proto.AccessProtos.LabelsRequest.newBuilder();
    if (user != null) {
      r.setUser(user);
    }
    if (labels != null) {
      r.addAllLabels(labels);
    }
    if (regex != null) {
      r.setRegex(regex);
    }
    return run(() -> master.call(method, r.build(),
        io.strata.common.proto.AccessProtos.LabelsResponse.parser())
        .thenApply(io.strata.common.proto.AccessProtos.LabelsResponse::getLabelsList));
  }

  @Override
  public CompletableFuture<Void> addLabels(List<String> labels) {
    return labels("AddLabels", null, labels, null).thenApply(x -> null);
  }

  @Override
  public CompletableFuture<Void> setAuths(String user, List<String> labels) {
    return labels("SetAuths", user, labels, null).thenApply(x -> null);
  }

  @Override
  public CompletableFuture<Void> clearAuths(String user, List<String> labels) {
    return labels("ClearAuths", user, labels, null).thenApply(x -> null);
  }

  @Override
  public CompletableFuture<List<String>> getAuths(String user) {
    return labels("GetAuths", user, null, null);
  }

  @Override
  public CompletableFuture<List<String>> listLabels(String regex) {
    return labels("ListLabels", null, null, regex);
  }

  @Override
  public CompletableFuture<List<io.strata.client.security.UserPermission>> getUserPermissions(
      io.strata.client.security.GetUserPermissionsRequest request) {
    io.strata.common.proto.AccessProtos.GetUserPermissionsRequest.Builder r =
        io.strata.common.proto.AccessProtos.GetUserPermissionsRequest.newBuilder()
            .setScope(io.strata.client.security.AccessCodec.toProto(request.getScope()));
    if (request.getUserName() != null) {
      r.setUser(request.getUserName());
    }
    return run(() -> master.call("GetUserPermissions", r.build(),
        io.strata.common.proto.AccessProtos.GetUserPermissionsResponse.parser())
        .thenApply(resp -> resp.getPermissionsList().stream()
            .map(io.strata.client.security.AccessCodec::fromProto).toList()));
  }

  @Override
  public CompletableFuture<Void> setQuota(io.strata.client.quotas.QuotaSettings quota) {
    io.strata.common.proto.QuotaProtos.QuotaSettingProto p =
        io.strata.client.quotas.QuotaCodec.toProto(quota);
    return run(() -> master.call("SetQuota", io.strata.common.proto.QuotaProtos.SetQuotaRequest
        .newBuilder().setSetting(p).build(), EmptyResponse.parser()).thenApply(r -> null));
  }

  @Override
  public CompletableFuture<List<io.strata.client.quotas.QuotaSettings>> getQuota(
      io.strata.client.quotas.QuotaFilter filter) {
    io.strata.client.quotas.QuotaFilter f = filter == null
        ? new io.strata.client.quotas.QuotaFilter() : filter;
    return run(() -> master.call("GetQuota", io.strata.common.proto.QuotaProtos.GetQuotaRequest
        .newBuilder().setUserRegex(f.getUserFilter()).setTableRegex(f.getTableFilter())
        .setNamespaceRegex(f.getNamespaceFilter()).build(),
        io.strata.common.proto.QuotaProtos.GetQuotaResponse.parser())
        .thenApply(r -> r.getSettingsList().stream()
            .map(io.strata.client.quotas.QuotaCodec::fromProto).toList()));
  }

  @Override
  public CompletableFuture<Boolean> switchRpcThrottle(boolean enable) {
    return quotaSwitch("RPC_THROTTLE", enable, false);
  }

  @Override
  public CompletableFuture<Boolean> isRpcThrottleEnabled() {
    return quotaSwitch("RPC_THROTTLE", false, true);
  }

  @Override
  public CompletableFuture<Boolean> exceedThrottleQuotaSwitch(boolean enable) {
    return quotaSwitch("EXCEED_THROTTLE", enable, false);
  }

  /** The channel of the master's endpoints (the blocking Admin's coprocessorService()). */
  io.strata.client.coprocessor.CoprocessorRpcChannel coprocessorService() {
    return new ExecChannel() {
      @Override
      CompletableFuture<byte[]> send(CoprocessorServiceCall call) {
        return master.call("ExecMasterService", MasterCoprocessorServiceRequest.newBuilder()
            .setCall(call).build(), CoprocessorServiceResponse.parser())
            .thenApply(r -> r.getValue().toByteArray());
      }

      @Override
      byte[] row() {
        return io.strata.common.util.Bytes.EMPTY;
      }
    };
  }

  @Override
  public <S, R> CompletableFuture<R> coprocessorService(
      java.util.function.Function<com.google.protobuf.RpcChannel, S> stubMaker,
      io.strata.client.coprocessor.ServiceCaller<S, R> callable) {
    return out(CoprocessorCalls.invoke(stubMaker, callable, coprocessorService()));
  }

  @Override
  public CompletableFuture<Void> rollWALWriter(ServerName server) {
    return run(() -> conn.channels().connection(server, "AdminService")
        .thenCompose(c -> c.call("RollWalWriter", io.strata.common.proto.AdminProtos
            .RollWalWriterRequest.getDefaultInstance(), null, io.strata.common.proto.AdminProtos
            .RollWalWriterResponse.parser(), conn.caller().policy().operationTimeout(), 1))
        .thenApply(resp -> null));
  }

  @Override
  public CompletableFuture<java.util.List<io.strata.client.OnlineLogRecord>> getSlowLogResponses(
      java.util.Set<ServerName> servers, io.strata.client.LogQueryFilter filter) {
    return run(() -> SlowLogCalls.get(conn, servers, filter));
  }

  @Override
  public CompletableFuture<java.util.List<Boolean>> clearSlowLogResponses(
      java.util.Set<ServerName> servers) {
    return run(() -> SlowLogCalls.clear(conn, servers));
  }

  @Override
  public CompletableFuture<java.util.Map<TableName, Long>> getSpaceQuotaTableSizes() {
    return run(() -> master.call("GetSpaceQuotaSizes", QuotaProtos.GetSpaceQuotaSizesRequest
        .getDefaultInstance(), QuotaProtos.GetSpaceQuotaSizesResponse.parser())
        .thenApply(r -> {
          java.util.Map<TableName, Long> sizes = new java.util.TreeMap<>();
          r.getSizesList().forEach(t -> sizes.put(TableName.valueOf(t.getTable()),
              t.getBytes()));
          return sizes;
        }));
  }

  @Override
  public CompletableFuture<SpaceQuotaSnapshot> getCurrentSpaceQuotaSnapshot(TableName table) {
    return spaceSnapshot(QuotaProtos.GetSpaceQuotaSnapshotsRequest.newBuilder()
        .setTable(table.toString()).build());
  }

  @Override
  public CompletableFuture<java.util.Map<TableName, SpaceQuotaSnapshot>>
      getSpaceQuotaSnapshots() {
    return run(() -> master.call("GetSpaceQuotaSnapshots", QuotaProtos
        .GetSpaceQuotaSnapshotsRequest.getDefaultInstance(),
        QuotaProtos.GetSpaceQuotaSnapshotsResponse.parser()).thenApply(AsyncAdminImpl::byTable));
  }

  @Override
  public CompletableFuture<SpaceQuotaSnapshot> getCurrentSpaceQuotaSnapshot(String namespace) {
    return spaceSnapshot(QuotaProtos.GetSpaceQuotaSnapshotsRequest.newBuilder()
        .setNamespace(namespace).build());
  }

  /** The one verdict the master has for the request's table or namespace, or null. */
  private CompletableFuture<SpaceQuotaSnapshot> spaceSnapshot(
      QuotaProtos.GetSpaceQuotaSnapshotsRequest req) {
    return run(() -> master.call("GetSpaceQuotaSnapshots", req,
        QuotaProtos.GetSpaceQuotaSnapshotsResponse.parser())
        .thenApply(r -> r.getSnapshotsList().stream()
            .filter(e -> req.getTable().isEmpty() ? e.getTarget().getTable().isEmpty()
                : e.getTarget().getTable().equals(req.getTable()))
            .map(e -> QuotaCodec.fromProto(e.getSnapshot())).findFirst().orElse(null)));
  }

  @Override
  public CompletableFuture<java.util.Map<TableName, SpaceQuotaSnapshot>>
      getRegionServerSpaceQuotaSnapshots(ServerName server) {
    return run(() -> conn.channels().connection(server, "AdminService")
        .thenCompose(c -> c.call("GetSpaceQuotaSnapshots", QuotaProtos
            .GetSpaceQuotaSnapshotsRequest.getDefaultInstance(), null,
            QuotaProtos.GetSpaceQuotaSnapshotsResponse.parser(),
            conn.caller().policy().operationTimeout(), 1))
        .thenApply(resp -> byTable(resp.result())));
  }

  /** The verdicts of tables (not namespaces) by table. */
  private static java.util.Map<TableName, SpaceQuotaSnapshot> byTable(
      QuotaProtos.GetSpaceQuotaSnapshotsResponse r) {
    java.util.Map<TableName, SpaceQuotaSnapshot> m = new java.util.TreeMap<>();
    r.getSnapshotsList().stream().filter(e -> !e.getTarget().getTable().isEmpty())
        .forEach(e -> m.put(TableName.valueOf(e.getTarget().getTable()),
            QuotaCodec.fromProto(e.getSnapshot())));
    return m;
  }

  private CompletableFuture<Boolean> quotaSwitch(String name, boolean on, boolean query) {
    return run(() -> master.call("QuotaSwitch", io.strata.common.proto.QuotaProtos
        .QuotaSwitchRequest.newBuilder().setName(name).setOn(on).setQuery(query).build(),
        io.strata.common.proto.QuotaProtos.QuotaSwitchResponse.parser())
        .thenApply(io.strata.common.proto.QuotaProtos.QuotaSwitchResponse::getPrevious));
  }

  @Override
  public CompletableFuture<ConsistencyReport> checkConsistency(boolean fix) {
    return run(() -> master.call("CheckConsistency", CheckConsistencyRequest.newBuilder()
        .setFix(fix).build(), CheckConsistencyResponse.parser()).thenApply(r ->
            new ConsistencyReport(r.getTables(), r.getRegions(), r.getFindingsList().stream()
                .map(f -> new ConsistencyReport.Finding(f.getKind(), f.getTable(),
                    f.getDetail(), f.getAction(), f.getFixed())).toList())));
  }

  private static ClusterStatus clusterStatus(ClusterStatusResponse r) {
    List<ClusterStatus.ServerLoad> servers = new ArrayList<>();
    for (ServerLoadProto l : r.getServersList()) {
      long memstore = 0;
      long files = 0;
      List<ClusterStatus.RegionLoad> regions = new ArrayList<>();
      for (RegionLoadProto rl : l.getRegionsList()) {
        memstore += rl.getMemstoreBytes();
        files += rl.getStoreFiles();
        regions.add(new ClusterStatus.RegionLoad(SchemaCodec.fromProto(rl.getRegion()),
            rl.getMemstoreBytes(), rl.getStoreFiles(), rl.getStoreFileBytes(),
            rl.getReadRequests(), rl.getWriteRequests()));
      }
      servers.add(new ClusterStatus.ServerLoad(SchemaCodec.fromProto(l.getServer()),
          l.getRegionsCount(), l.getRequests(), memstore, files, l.getUsedHeapBytes(),
          l.getMaxHeapBytes(), List.copyOf(regions)));
    }
    List<ClusterStatus.RegionInTransition> rit = new ArrayList<>();
    for (RegionStateProto p : r.getRegionsInTransitionList()) {
      rit.add(new ClusterStatus.RegionInTransition(SchemaCodec.fromProto(p.getRegion()),
          p.getState(), p.hasServer() ? SchemaCodec.fromProto(p.getServer()) : null));
    }
    return new ClusterStatus(r.getClusterId(), r.hasMaster()
        ? SchemaCodec.fromProto(r.getMaster()) : null,
        r.getBackupMastersList().stream().map(SchemaCodec::fromProto).toList(), servers,
        r.getDeadServersList().stream().map(SchemaCodec::fromProto).toList(), rit);
  }


  // ---- snapshots ----

  @Override
  public CompletableFuture<Void> snapshot(io.strata.client.SnapshotDescription snapshot) {
    return run(() -> snapshots.snapshot(snapshot, nonce()));
  }

  @Override
  public CompletableFuture<Void> cloneSnapshot(String snapshotName, TableName table) {
    return run(() -> invalidating(snapshots.cloneSnapshot(snapshotName, table, nonce()),
        table));
  }

  @Override
  public CompletableFuture<Void> restoreSnapshot(String snapshotName,
      boolean takeFailSafeSnapshot) {
    return run(() -> snapshots.restoreSnapshot(snapshotName, takeFailSafeSnapshot, nonce()));
  }

  @Override
  public CompletableFuture<Void> deleteSnapshot(String snapshotName) {
    return run(() -> snapshots.deleteSnapshot(snapshotName));
  }

  @Override
  public CompletableFuture<Void> deleteSnapshots(Pattern pattern) {
    return run(() -> snapshots.deleteSnapshots(pattern));
  }

  @Override
  public CompletableFuture<List<io.strata.client.SnapshotDescription>> listSnapshots(
      Pattern pattern) {
    return run(() -> snapshots.list(pattern, null));
  }

  @Override
  public CompletableFuture<List<io.strata.client.SnapshotDescription>> listTableSnapshots(
      Pattern tableNamePattern, Pattern snapshotNamePattern) {
    return run(() -> snapshots.list(snapshotNamePattern, tableNamePattern));
  }
}
