package io.strata.client.internal;

import com.google.protobuf.ByteString;
import io.strata.client.Admin;
import io.strata.client.ClusterStatus;
import io.strata.client.NamespaceDescriptor;
import io.strata.client.SplitAlgorithm;
import io.strata.client.internal.rpc.RpcConnection;
import io.strata.common.error.BadRequestException;
import io.strata.common.error.NamespaceNotFoundException;
import io.strata.common.error.TableNotFoundException;
import io.strata.common.proto.AdminProtos.CompactRegionRequest;
import io.strata.common.proto.AdminProtos.CompactRegionResponse;
import io.strata.common.proto.AdminProtos.FlushRegionRequest;
import io.strata.common.proto.AdminProtos.FlushRegionResponse;
import io.strata.common.proto.AdminProtos.RegionLoadProto;
import io.strata.common.proto.AdminProtos.ServerLoadProto;
import io.strata.common.proto.MasterProtos.BalanceRequest;
import io.strata.common.proto.MasterProtos.BalanceResponse;
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
import java.util.regex.Pattern;

/** The admin over the connection: DDL and cluster calls to the master, region calls to servers. */
final class AdminImpl implements Admin {
  private final ConnectionImpl conn;
  private final MasterCaller master;

  AdminImpl(ConnectionImpl conn) {
    this.conn = conn;
    this.master = conn.master();
  }

  // ---- tables ----

  @Override
  public void createTable(TableDescriptor table) throws IOException {
    createTable(table, new byte[0][]);
  }

  @Override
  public void createTable(TableDescriptor table, byte[][] splitKeys) throws IOException {
    CreateTableRequest.Builder b = CreateTableRequest.newBuilder()
        .setTable(SchemaCodec.toProto(table)).setNonce(nonce());
    for (byte[] k : splitKeys == null ? new byte[0][] : splitKeys) {
      if (k == null) {
        throw new IllegalArgumentException("a split key is null; give non-empty split keys");
      }
      b.addSplitKeys(ByteString.copyFrom(k));
    }
    master.procedure("CreateTable", b.build());
    conn.locations().invalidateTable(table.getTableName());
  }

  @Override
  public void createTable(TableDescriptor table, byte[] startKey, byte[] endKey, int regions)
      throws IOException {
    if (regions < 3) {
      throw new IllegalArgumentException("a table split between a start and an end key needs "
          + "at least 3 regions; ask for 3 or more, or give split keys");
    }
    if (Bytes.compare(startKey, endKey) >= 0) {
      throw new IllegalArgumentException("the start key '" + Bytes.toStringBinary(startKey)
          + "' must sort before the end key '" + Bytes.toStringBinary(endKey) + "'");
    }
    createTable(table, evenSplits(startKey, endKey, regions));
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
  public void createTable(TableDescriptor table, SplitAlgorithm algorithm, int regions)
      throws IOException {
    createTable(table, regions < 2 ? new byte[0][] : algorithm.split(regions));
  }

  @Override
  public void deleteTable(TableName table) throws IOException {
    master.procedure("DeleteTable", tableRequest(table));
    conn.locations().invalidateTable(table);
  }

  @Override
  public void enableTable(TableName table) throws IOException {
    master.procedure("EnableTable", tableRequest(table));
  }

  @Override
  public void disableTable(TableName table) throws IOException {
    master.procedure("DisableTable", tableRequest(table));
    conn.locations().invalidateTable(table);
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

  private GetTableResponse getTable(TableName table) throws IOException {
    return master.call("GetTable", GetTableRequest.newBuilder()
        .setTable(SchemaCodec.toProto(table)).build(), GetTableResponse.parser());
  }

  @Override
  public boolean isTableEnabled(TableName table) throws IOException {
    return TableState.parse(getTable(table).getState()) == TableState.ENABLED;
  }

  @Override
  public boolean isTableDisabled(TableName table) throws IOException {
    return TableState.parse(getTable(table).getState()) == TableState.DISABLED;
  }

  @Override
  public boolean tableExists(TableName table) throws IOException {
    try {
      getTable(table);
      return true;
    } catch (TableNotFoundException | NamespaceNotFoundException e) {
      return false;
    }
  }

  @Override
  public void modifyTable(TableDescriptor table) throws IOException {
    master.procedure("ModifyTable", ModifyTableRequest.newBuilder()
        .setTable(SchemaCodec.toProto(table)).setNonce(nonce()).build());
    conn.locations().invalidateTable(table.getTableName());
  }

  @Override
  public void addColumnFamily(TableName table, ColumnFamilyDescriptor family)
      throws IOException {
    TableDescriptor current = getDescriptor(table);
    if (current.hasColumnFamily(family.getName())) {
      throw new BadRequestException("table '" + table + "' has a family '"
          + family.getNameAsString() + "' already; use modifyColumnFamily to change it");
    }
    modifyTable(TableDescriptor.newBuilder(current).setColumnFamily(family).build());
  }

  @Override
  public void modifyColumnFamily(TableName table, ColumnFamilyDescriptor family)
      throws IOException {
    TableDescriptor current = getDescriptor(table);
    if (!current.hasColumnFamily(family.getName())) {
      throw new io.strata.common.error.NoSuchFamilyException(table.toString(),
          family.getNameAsString(), current.getColumnFamilyNames());
    }
    modifyTable(TableDescriptor.newBuilder(current).setColumnFamily(family).build());
  }

  @Override
  public void deleteColumnFamily(TableName table, byte[] family) throws IOException {
    TableDescriptor current = getDescriptor(table);
    if (!current.hasColumnFamily(family)) {
      throw new io.strata.common.error.NoSuchFamilyException(table.toString(),
          Bytes.toStringBinary(family), current.getColumnFamilyNames());
    }
    modifyTable(TableDescriptor.newBuilder(current).removeColumnFamily(family).build());
  }

  @Override
  public void truncateTable(TableName table, boolean preserveSplits) throws IOException {
    master.procedure("TruncateTable", TruncateTableRequest.newBuilder()
        .setTable(SchemaCodec.toProto(table)).setPreserveSplits(preserveSplits)
        .setNonce(nonce()).build());
    conn.locations().invalidateTable(table);
  }

  @Override
  public TableDescriptor getDescriptor(TableName table) throws IOException {
    return SchemaCodec.fromProto(getTable(table).getTable());
  }

  @Override
  public List<TableName> listTableNames() throws IOException {
    return names(listTables(ListTablesRequest.getDefaultInstance()));
  }

  @Override
  public List<TableName> listTableNames(Pattern pattern, boolean includeSystemTables)
      throws IOException {
    return names(listTables(ListTablesRequest.newBuilder()
        .setRegex(pattern == null ? "" : pattern.pattern())
        .setIncludeSystem(includeSystemTables).build()));
  }

  @Override
  public List<TableName> listTableNamesByNamespace(String namespace) throws IOException {
    return names(listTables(ListTablesRequest.newBuilder().setNamespace(namespace)
        .setIncludeSystem(true).build()));
  }

  @Override
  public List<TableDescriptor> listTableDescriptors() throws IOException {
    return listTables(ListTablesRequest.getDefaultInstance());
  }

  private List<TableDescriptor> listTables(ListTablesRequest req) throws IOException {
    ListTablesResponse r = master.call("ListTables", req, ListTablesResponse.parser());
    return r.getTablesList().stream().map(SchemaCodec::fromProto).toList();
  }

  private static List<TableName> names(List<TableDescriptor> tables) {
    return tables.stream().map(TableDescriptor::getTableName).sorted().toList();
  }

  @Override
  public List<RegionInfo> getRegions(TableName table) throws IOException {
    return regionStates(table).stream().map(r -> SchemaCodec.fromProto(r.getRegion())).toList();
  }

  private List<RegionStateProto> regionStates(TableName table) throws IOException {
    return regionStates(master, table);
  }

  /** The table's regions as the master knows them, in key order, with state and server. */
  static List<RegionStateProto> regionStates(MasterCaller master, TableName table)
      throws IOException {
    return master.call("GetTableRegions", GetTableRegionsRequest.newBuilder()
        .setTable(SchemaCodec.toProto(table)).build(), GetTableRegionsResponse.parser())
        .getRegionsList();
  }

  // ---- namespaces ----

  @Override
  public void createNamespace(NamespaceDescriptor ns) throws IOException {
    master.call("CreateNamespace", CreateNamespaceRequest.newBuilder().setNamespace(toProto(ns))
        .build(), EmptyResponse.parser());
  }

  @Override
  public void modifyNamespace(NamespaceDescriptor ns) throws IOException {
    master.call("ModifyNamespace", ModifyNamespaceRequest.newBuilder().setNamespace(toProto(ns))
        .build(), EmptyResponse.parser());
  }

  private static NamespaceProto toProto(NamespaceDescriptor ns) {
    return NamespaceProto.newBuilder().setName(ns.getName())
        .putAllConfiguration(ns.getConfiguration()).build();
  }

  @Override
  public void deleteNamespace(String name) throws IOException {
    master.call("DeleteNamespace", NamespaceRequest.newBuilder().setName(name).build(),
        EmptyResponse.parser());
  }

  @Override
  public NamespaceDescriptor getNamespaceDescriptor(String name) throws IOException {
    for (NamespaceDescriptor d : listNamespaceDescriptors()) {
      if (d.getName().equals(name)) {
        return d;
      }
    }
    throw new NamespaceNotFoundException(name);
  }

  @Override
  public List<NamespaceDescriptor> listNamespaceDescriptors() throws IOException {
    ListNamespacesResponse r = master.call("ListNamespaces",
        ListNamespacesRequest.getDefaultInstance(), ListNamespacesResponse.parser());
    List<NamespaceDescriptor> out = new ArrayList<>();
    for (NamespaceProto p : r.getNamespacesList()) {
      NamespaceDescriptor.Builder b = NamespaceDescriptor.create(p.getName());
      p.getConfigurationMap().forEach(b::addConfiguration);
      out.add(b.build());
    }
    return out;
  }

  // ---- regions ----

  @Override
  public void flush(TableName table) throws IOException {
    for (RegionStateProto r : openRegions(table)) {
      onServer(r, "FlushRegion", FlushRegionRequest.newBuilder()
          .setEncodedName(encoded(r)).build(), FlushRegionResponse.parser());
    }
  }

  @Override
  public void flushRegion(String regionName) throws IOException {
    RegionStateProto r = region(regionName);
    onServer(r, "FlushRegion", FlushRegionRequest.newBuilder().setEncodedName(encoded(r))
        .build(), FlushRegionResponse.parser());
  }

  @Override
  public void compact(TableName table) throws IOException {
    compactAll(table, null, false);
  }

  @Override
  public void compact(TableName table, byte[] family) throws IOException {
    compactAll(table, requireFamily(family), false);
  }

  @Override
  public void majorCompact(TableName table) throws IOException {
    compactAll(table, null, true);
  }

  @Override
  public void majorCompact(TableName table, byte[] family) throws IOException {
    compactAll(table, requireFamily(family), true);
  }

  private void compactAll(TableName table, byte[] family, boolean major) throws IOException {
    for (RegionStateProto r : openRegions(table)) {
      compact(r, family, major);
    }
  }

  @Override
  public void compactRegion(String regionName, boolean major) throws IOException {
    compact(region(regionName), null, major);
  }

  @Override
  public void compactRegion(String regionName, byte[] family, boolean major)
      throws IOException {
    compact(region(regionName), requireFamily(family), major);
  }

  /** Queues a compaction of the region's stores, or of one family's ({@code family} set). */
  private void compact(RegionStateProto r, byte[] family, boolean major) throws IOException {
    CompactRegionRequest.Builder b = CompactRegionRequest.newBuilder()
        .setEncodedName(encoded(r)).setMajor(major);
    if (family != null) {
      b.setFamily(ByteString.copyFrom(family));
    }
    onServer(r, "CompactRegion", b.build(), CompactRegionResponse.parser());
  }

  private static byte[] requireFamily(byte[] family) {
    if (family == null || family.length == 0) {
      throw new IllegalArgumentException("the family to compact is null or empty; give a "
          + "family of the table, or compact the whole table");
    }
    return family;
  }

  private List<RegionStateProto> openRegions(TableName table) throws IOException {
    List<RegionStateProto> all = regionStates(table);
    List<RegionStateProto> open = new ArrayList<>();
    for (RegionStateProto r : all) {
      if (!r.getState().equals("OPEN") || !r.hasServer()) {
        throw new io.strata.common.error.TableDisabledException(table.toString());
      }
      open.add(r);
    }
    return open;
  }

  @Override
  public io.strata.client.RegionLocation getRegionLocation(String regionName)
      throws IOException {
    RegionStateProto r = region(regionName);
    boolean open = r.getState().equals(io.strata.common.schema.RegionState.OPEN.name())
        && r.hasServer();
    return new io.strata.client.RegionLocation(SchemaCodec.fromProto(r.getRegion()),
        open ? SchemaCodec.fromProto(r.getServer()) : null);
  }

  private RegionStateProto region(String regionName) throws IOException {
    return master.call("GetRegion", RegionRequest.newBuilder().setRegion(regionName).build(),
        GetRegionResponse.parser()).getRegion();
  }

  private static String encoded(RegionStateProto r) {
    return SchemaCodec.fromProto(r.getRegion()).getEncodedName();
  }

  /** An admin call to the server of a region as the master knows it. */
  private <T> T onServer(RegionStateProto r, String method, com.google.protobuf.MessageLite req,
      com.google.protobuf.Parser<T> parser) throws IOException {
    if (!r.hasServer()) {
      throw new io.strata.common.error.NotServingRegionException(
          SchemaCodec.fromProto(r.getRegion()).getRegionNameAsString(), "any server (it is "
              + r.getState() + ")");
    }
    ServerName s = SchemaCodec.fromProto(r.getServer());
    RpcConnection c = conn.channels().get(s, "AdminService");
    return RetryingCaller.join(c.call(method, req, null, parser,
        conn.caller().policy().operationTimeout(), 1)).result();
  }

  @Override
  public void split(TableName table) throws IOException {
    master.procedure("Split", SplitRequest.newBuilder().setTable(SchemaCodec.toProto(table))
        .setNonce(nonce()).build());
    conn.locations().invalidateTable(table);
  }

  @Override
  public void split(TableName table, byte[] splitPoint) throws IOException {
    master.procedure("Split", SplitRequest.newBuilder().setTable(SchemaCodec.toProto(table))
        .setSplitRow(ByteString.copyFrom(splitPoint)).setNonce(nonce()).build());
    conn.locations().invalidateTable(table);
  }

  @Override
  public void splitRegion(String regionName, byte[] splitPoint) throws IOException {
    SplitRequest.Builder b = SplitRequest.newBuilder().setRegion(regionName).setNonce(nonce());
    if (splitPoint != null) {
      b.setSplitRow(ByteString.copyFrom(splitPoint));
    }
    master.procedure("Split", b.build());
  }

  @Override
  public void move(String encodedRegionName, ServerName destination) throws IOException {
    MoveRequest.Builder b = MoveRequest.newBuilder().setRegion(encodedRegionName);
    if (destination != null) {
      b.setDestination(SchemaCodec.toProto(destination));
    }
    master.call("Move", b.build(), EmptyResponse.parser());
  }

  @Override
  public void assign(String regionName) throws IOException {
    master.call("Assign", RegionRequest.newBuilder().setRegion(regionName).build(),
        EmptyResponse.parser());
  }

  @Override
  public void unassign(String regionName) throws IOException {
    master.call("Unassign", RegionRequest.newBuilder().setRegion(regionName).build(),
        EmptyResponse.parser());
  }

  @Override
  public boolean balance() throws IOException {
    return master.call("Balance", BalanceRequest.getDefaultInstance(),
        BalanceResponse.parser()).getMoves() > 0;
  }

  @Override
  public boolean balancerSwitch(boolean on) throws IOException {
    return master.call("SetBalancerRunning", SetBalancerRunningRequest.newBuilder().setOn(on)
        .build(), SetBalancerRunningResponse.parser()).getPrevious();
  }

  @Override
  public boolean isBalancerEnabled() throws IOException {
    return master.call("IsBalancerEnabled", IsBalancerEnabledRequest.getDefaultInstance(),
        IsBalancerEnabledResponse.parser()).getEnabled();
  }

  @Override
  public ClusterStatus getClusterStatus() throws IOException {
    ClusterStatusResponse r = master.call("ClusterStatus",
        ClusterStatusRequest.getDefaultInstance(), ClusterStatusResponse.parser());
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

}
