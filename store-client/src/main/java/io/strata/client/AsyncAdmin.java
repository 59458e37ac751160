package io.strata.client;

import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Pattern;

/**
 * Administers a cluster without blocking: every call of {@link Admin} returns a future here.
 * This is the one implementation; {@link Admin} adapts it, method for method (same name, same
 * parameters, the value of the future as its result). Table DDL runs on the master as a durable
 * procedure; a DDL future completes once the procedure finished (within
 * {@code strata.client.ddl.timeout}). Futures complete on the connection's callback threads.
 *
 * <pre>{@code
 * AsyncAdmin admin = asyncConn.getAdmin();
 * admin.createTable(desc).thenCompose(x -> admin.getRegions(desc.getTableName()))
 *     .thenAccept(regions -> System.out.println(regions.size() + " regions"));
 * }</pre>
 */
public interface AsyncAdmin {
  // ---- tables ----

  CompletableFuture<Void> createTable(TableDescriptor table);

  /** Pre-split: one region before the first key, one between each pair, one after the last. */
  CompletableFuture<Void> createTable(TableDescriptor table, byte[][] splitKeys);

  /** {@code regions} regions with keys evenly spaced between start and end (HBase's form). */
  CompletableFuture<Void> createTable(TableDescriptor table, byte[] startKey, byte[] endKey, int regions);

  CompletableFuture<Void> createTable(TableDescriptor table, SplitAlgorithm algorithm, int regions);

  /** Deletes a disabled table with all its data. */
  CompletableFuture<Void> deleteTable(TableName table);

  CompletableFuture<Void> enableTable(TableName table);

  CompletableFuture<Void> disableTable(TableName table);

  CompletableFuture<Boolean> isTableEnabled(TableName table);

  CompletableFuture<Boolean> isTableDisabled(TableName table);

  CompletableFuture<Boolean> tableExists(TableName table);

  /** Replaces the table's schema; open regions are reopened with it. */
  CompletableFuture<Void> modifyTable(TableDescriptor table);

  CompletableFuture<Void> addColumnFamily(TableName table, ColumnFamilyDescriptor family);

  CompletableFuture<Void> modifyColumnFamily(TableName table, ColumnFamilyDescriptor family);

  /** Removes a family and its data. */
  CompletableFuture<Void> deleteColumnFamily(TableName table, byte[] family);

  /** Empties a disabled table (keeping its region boundaries if asked) and enables it. */
  CompletableFuture<Void> truncateTable(TableName table, boolean preserveSplits);

  CompletableFuture<TableDescriptor> getDescriptor(TableName table);

  /** User tables, sorted by name. */
  CompletableFuture<List<TableName>> listTableNames();

  CompletableFuture<List<TableName>> listTableNames(Pattern pattern, boolean includeSystemTables);

  CompletableFuture<List<TableName>> listTableNamesByNamespace(String namespace);

  CompletableFuture<List<TableDescriptor>> listTableDescriptors();

  /** The table's regions in key order. */
  CompletableFuture<List<RegionInfo>> getRegions(TableName table);

  // ---- namespaces ----

  CompletableFuture<Void> createNamespace(NamespaceDescriptor namespace);

  /** Deletes an empty namespace. */
  CompletableFuture<Void> deleteNamespace(String name);

  /**
   * Replaces an existing namespace's configuration by {@code namespace}'s: keys it lacks are
   * removed (HBase's alter_namespace set and unset). Start from the current descriptor to change
   * one key:
   *
   * <pre>{@code
   * NamespaceDescriptor ns = admin.getNamespaceDescriptor("sales");
   * NamespaceDescriptor.Builder b = NamespaceDescriptor.create("sales");
   * ns.getConfiguration().forEach(b::addConfiguration);
   * admin.modifyNamespace(b.addConfiguration("owner", "bob").build());
   * }</pre>
   *
   * @throws io.strata.common.error.NamespaceNotFoundException when it does not exist
   */
  CompletableFuture<Void> modifyNamespace(NamespaceDescriptor namespace);

  CompletableFuture<NamespaceDescriptor> getNamespaceDescriptor(String name);

  CompletableFuture<List<NamespaceDescriptor>> listNamespaceDescriptors();

  // ---- regions ----

  /** Flushes every region of the table to block files. */
  CompletableFuture<Void> flush(TableName table);

  /** Flushes one region, by encoded or full name. */
  CompletableFuture<Void> flushRegion(String regionName);

  /** Queues a minor compaction of every region of the table; returns once queued. */
  CompletableFuture<Void> compact(TableName table);

  /**
   * Queues a minor compaction of one family's store in every region of the table.
   *
   * @throws io.strata.common.error.NoSuchFamilyException naming the table's families
   */
  CompletableFuture<Void> compact(TableName table, byte[] family);

  /** Queues a major compaction of every region of the table; returns once queued. */
  CompletableFuture<Void> majorCompact(TableName table);

  /** Queues a major compaction of one family's store in every region of the table. */
  CompletableFuture<Void> majorCompact(TableName table, byte[] family);

  CompletableFuture<Void> compactRegion(String regionName, boolean major);

  /** Queues a compaction of one family's store of one region (encoded or full name). */
  CompletableFuture<Void> compactRegion(String regionName, byte[] family, boolean major);

  /** Splits every region of the table at its middle row. */
  CompletableFuture<Void> split(TableName table);

  /** Splits the region holding {@code splitPoint} there. */
  CompletableFuture<Void> split(TableName table, byte[] splitPoint);

  /** Splits a region (encoded or full name) at its middle row, or at {@code splitPoint}. */
  CompletableFuture<Void> splitRegion(String regionName, byte[] splitPoint);

  /**
   * Merges two or more adjacent regions (encoded or full names) of a table into one, as a
   * durable procedure; completes once the merged region is open. Regions that are not adjacent,
   * not open, or still reading a parent's files (compact them first) are refused.
   */
  CompletableFuture<Void> mergeRegions(java.util.List<String> regionNames);

  /** Moves a region to another server (any other when {@code destination} is null). */
  CompletableFuture<Void> move(String encodedRegionName, ServerName destination);

  CompletableFuture<Void> assign(String regionName);

  /**
   * A region (encoded or full name) as the master knows it now, with the server serving it;
   * the server is null while the region is not open.
   */
  CompletableFuture<RegionLocation> getRegionLocation(String regionName);

  CompletableFuture<Void> unassign(String regionName);

  /**
   * Evens out regions per server now; true if any region moved. False, moving nothing, while
   * the balancer is switched off.
   */
  CompletableFuture<Boolean> balance();

  /**
   * Switches the balancer (periodic runs and {@link #balance()}) on or off; returns whether it
   * was on. The choice is kept in ZooKeeper, so a new master keeps it. Once this returned with
   * {@code on} false, no balancer run moves a region.
   *
   * <pre>{@code
   * boolean wasOn = admin.balancerSwitch(false); // maintenance
   * ...
   * admin.balancerSwitch(wasOn);
   * }</pre>
   */
  CompletableFuture<Boolean> balancerSwitch(boolean on);

  CompletableFuture<Boolean> isBalancerEnabled();

  /**
   * Runs the region normalizer now over the tables with NORMALIZATION_ENABLED: it splits their
   * oversized regions and merges runs of undersized ones, as procedures that go on after this
   * returns; false, doing nothing, while the normalizer is switched off.
   */
  CompletableFuture<Boolean> normalize();

  /** Switches the normalizer (periodic runs, {@link #normalize()}); answers the old state. */
  CompletableFuture<Boolean> normalizerSwitch(boolean on);

  CompletableFuture<Boolean> isNormalizerEnabled();

  CompletableFuture<ClusterStatus> getClusterStatus();

  /**
   * Checks strata:meta against the file system and the live servers, as HBase's hbck does;
   * with {@code fix}, repairs what cannot lose data (which needs the cluster secret:
   * {@code strata.client.cluster.secret.file}).
   */
  CompletableFuture<ConsistencyReport> checkConsistency(boolean fix);

  /** As {@link Admin#createToken}. */
  CompletableFuture<io.strata.common.security.Token> createToken(String user,
      java.time.Duration lifetime);

  /** As {@link Admin#obtainDelegationToken}. */
  CompletableFuture<io.strata.common.security.Token> obtainDelegationToken();

  /** As {@link Admin#renewDelegationToken}. */
  CompletableFuture<Long> renewDelegationToken(io.strata.common.security.Token token);

  /** As {@link Admin#cancelDelegationToken}. */
  CompletableFuture<Void> cancelDelegationToken(io.strata.common.security.Token token);

  /** As {@link Admin#grant}. */
  CompletableFuture<Void> grant(io.strata.client.security.UserPermission permission,
      boolean mergeExistingPermissions);

  /** As {@link Admin#revoke}. */
  CompletableFuture<Void> revoke(io.strata.client.security.UserPermission permission);

  /** As {@link Admin#addLabels}. */
  CompletableFuture<Void> addLabels(List<String> labels);

  /** As {@link Admin#setAuths}. */
  CompletableFuture<Void> setAuths(String user, List<String> labels);

  /** As {@link Admin#clearAuths}. */
  CompletableFuture<Void> clearAuths(String user, List<String> labels);

  /** As {@link Admin#getAuths}. */
  CompletableFuture<List<String>> getAuths(String user);

  /** As {@link Admin#listLabels}. */
  CompletableFuture<List<String>> listLabels(String regex);

  /** As {@link Admin#getUserPermissions}. */
  CompletableFuture<List<io.strata.client.security.UserPermission>> getUserPermissions(
      io.strata.client.security.GetUserPermissionsRequest request);

  /**
   * Sets a quota, as HBase's {@code setQuota}: a throttle, a table's or namespace's space
   * limit, the removal of either, or a user's global bypass
   * ({@link io.strata.client.quotas.QuotaSettingsFactory}). Every region server holds
   * to it within a second.
   */
  CompletableFuture<Void> setQuota(io.strata.client.quotas.QuotaSettings quota);

  /** The quota settings {@code filter} lets through, as HBase's {@code getQuota}. */
  CompletableFuture<java.util.List<io.strata.client.quotas.QuotaSettings>> getQuota(
      io.strata.client.quotas.QuotaFilter filter);

  /**
   * Turns the enforcement of every throttle on or off, keeping the settings; returns whether it
   * was on. As HBase's {@code switchRpcThrottle}.
   */
  CompletableFuture<Boolean> switchRpcThrottle(boolean enable);

  CompletableFuture<Boolean> isRpcThrottleEnabled();

  /**
   * Lets user, table and namespace throttles be exceeded while the region servers' own
   * throttle has room (on), or not (off, the default); returns the state before. As HBase's
   * {@code exceedThrottleQuotaSwitch}.
   */
  CompletableFuture<Boolean> exceedThrottleQuotaSwitch(boolean enable);

  /**
   * Calls an endpoint of the active master's coprocessors ({@code
   * strata.coprocessor.master.classes}): {@code stubMaker} makes a stub of the endpoint's
   * service over the master's channel, {@code callable} makes the call. As HBase's.
   */
  <S, R> CompletableFuture<R> coprocessorService(
      java.util.function.Function<com.google.protobuf.RpcChannel, S> stubMaker,
      io.strata.client.coprocessor.ServiceCaller<S, R> callable);

  /**
   * Makes the region server start a new WAL file now, as HBase's {@code rollWALWriter} (the
   * shell's {@code wal_roll}).
   */
  CompletableFuture<Void> rollWALWriter(ServerName server);

  /**
   * The slow (or, by the filter's type, large) calls the region servers kept, newest first, at
   * most the filter's limit in all, as HBase 2.4's getSlowLogResponses (the shell's
   * {@code get_slowlog_responses}).
   */
  CompletableFuture<java.util.List<OnlineLogRecord>> getSlowLogResponses(
      java.util.Set<ServerName> servers, LogQueryFilter filter);

  /** Empties the region servers' slow logs; for each server, in order, whether it did. */
  CompletableFuture<java.util.List<Boolean>> clearSlowLogResponses(
      java.util.Set<ServerName> servers);

  /**
   * Every table's size as space quotas count it (its block files on disk), from the region
   * servers' latest reports, as HBase's {@code getSpaceQuotaTableSizes}.
   */
  CompletableFuture<java.util.Map<TableName, Long>> getSpaceQuotaTableSizes();

  /**
   * The master's latest verdict on the table's space quota (its own, or its namespace's), or
   * null if it has none. As HBase's {@code getCurrentSpaceQuotaSnapshot}.
   */
  CompletableFuture<io.strata.client.quotas.SpaceQuotaSnapshot> getCurrentSpaceQuotaSnapshot(
      TableName table);

  /**
   * The master's latest verdict on every table with a space quota (its own or its
   * namespace's), as {@code list_quota_snapshots} shows them.
   */
  CompletableFuture<java.util.Map<TableName, io.strata.client.quotas.SpaceQuotaSnapshot>>
      getSpaceQuotaSnapshots();

  /** The master's latest verdict on the namespace's space quota, or null if it has none. */
  CompletableFuture<io.strata.client.quotas.SpaceQuotaSnapshot> getCurrentSpaceQuotaSnapshot(
      String namespace);

  /**
   * The space quota verdicts a region server enforces now, by table, as HBase's
   * {@code getRegionServerSpaceQuotaSnapshots}.
   */
  CompletableFuture<java.util.Map<TableName, io.strata.client.quotas.SpaceQuotaSnapshot>>
      getRegionServerSpaceQuotaSnapshots(ServerName server);

  /** See {@link Admin#snapshot(String, TableName)}. */
  default CompletableFuture<Void> snapshot(String snapshotName, TableName table) {
    return snapshot(new SnapshotDescription(snapshotName, table));
  }

  default CompletableFuture<Void> snapshot(String snapshotName, TableName table,
      SnapshotType type) {
    return snapshot(new SnapshotDescription(snapshotName, table, type));
  }

  CompletableFuture<Void> snapshot(SnapshotDescription snapshot);

  CompletableFuture<Void> cloneSnapshot(String snapshotName, TableName table);

  /** See {@link Admin#restoreSnapshot(String)}: a failsafe snapshot first. */
  default CompletableFuture<Void> restoreSnapshot(String snapshotName) {
    return restoreSnapshot(snapshotName, true);
  }

  CompletableFuture<Void> restoreSnapshot(String snapshotName, boolean takeFailSafeSnapshot);

  CompletableFuture<Void> deleteSnapshot(String snapshotName);

  CompletableFuture<Void> deleteSnapshots(Pattern pattern);

  /** Every snapshot, by name. */
  default CompletableFuture<List<SnapshotDescription>> listSnapshots() {
    return listSnapshots(null);
  }

  /** The snapshots whose names match {@code pattern} (null: all). */
  CompletableFuture<List<SnapshotDescription>> listSnapshots(Pattern pattern);

  CompletableFuture<List<SnapshotDescription>> listTableSnapshots(Pattern tableNamePattern,
      Pattern snapshotNamePattern);
}
