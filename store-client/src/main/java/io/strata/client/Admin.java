package io.strata.client;

import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import java.io.Closeable;
import java.io.IOException;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Administers a cluster: tables, namespaces, regions. Table DDL runs on the master as a durable
 * procedure; these calls return once it finished (within {@code strata.client.ddl.timeout}).
 * Errors name the object and the fix: a missing table is a TableNotFoundException, deleting an
 * enabled table a TableNotDisabledException, and so on.
 *
 * <pre>{@code
 * try (Admin admin = conn.getAdmin()) {
 *   admin.createTable(TableDescriptor.newBuilder(TableName.valueOf("t"))
 *       .setColumnFamily(ColumnFamilyDescriptor.of("f")).build(), SplitAlgorithm.HEX_STRING, 8);
 *   admin.disableTable(TableName.valueOf("t"));
 *   admin.deleteTable(TableName.valueOf("t"));
 * }
 * }</pre>
 */
public interface Admin extends Closeable {
  // ---- tables ----

  void createTable(TableDescriptor table) throws IOException;

  /** Pre-split: one region before the first key, one between each pair, one after the last. */
  void createTable(TableDescriptor table, byte[][] splitKeys) throws IOException;

  /** {@code regions} regions with keys evenly spaced between start and end (HBase's form). */
  void createTable(TableDescriptor table, byte[] startKey, byte[] endKey, int regions)
      throws IOException;

  void createTable(TableDescriptor table, SplitAlgorithm algorithm, int regions)
      throws IOException;

  /** Deletes a disabled table with all its data. */
  void deleteTable(TableName table) throws IOException;

  void enableTable(TableName table) throws IOException;

  void disableTable(TableName table) throws IOException;

  boolean isTableEnabled(TableName table) throws IOException;

  boolean isTableDisabled(TableName table) throws IOException;

  boolean tableExists(TableName table) throws IOException;

  /** Replaces the table's schema; open regions are reopened with it. */
  void modifyTable(TableDescriptor table) throws IOException;

  void addColumnFamily(TableName table, ColumnFamilyDescriptor family) throws IOException;

  void modifyColumnFamily(TableName table, ColumnFamilyDescriptor family) throws IOException;

  /** Removes a family and its data. */
  void deleteColumnFamily(TableName table, byte[] family) throws IOException;

  /** Empties a disabled table (keeping its region boundaries if asked) and enables it. */
  void truncateTable(TableName table, boolean preserveSplits) throws IOException;

  TableDescriptor getDescriptor(TableName table) throws IOException;

  /** User tables, sorted by name. */
  List<TableName> listTableNames() throws IOException;

  List<TableName> listTableNames(Pattern pattern, boolean includeSystemTables) throws IOException;

  List<TableName> listTableNamesByNamespace(String namespace) throws IOException;

  List<TableDescriptor> listTableDescriptors() throws IOException;

  /** The table's regions in key order. */
  List<RegionInfo> getRegions(TableName table) throws IOException;

  // ---- namespaces ----

  void createNamespace(NamespaceDescriptor namespace) throws IOException;

  /** Deletes an empty namespace. */
  void deleteNamespace(String name) throws IOException;

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
  void modifyNamespace(NamespaceDescriptor namespace) throws IOException;

  NamespaceDescriptor getNamespaceDescriptor(String name) throws IOException;

  List<NamespaceDescriptor> listNamespaceDescriptors() throws IOException;

  // ---- regions ----

  /** Flushes every region of the table to block files. */
  void flush(TableName table) throws IOException;

  /** Flushes one region, by encoded or full name. */
  void flushRegion(String regionName) throws IOException;

  /** Queues a minor compaction of every region of the table; returns once queued. */
  void compact(TableName table) throws IOException;

  /**
   * Queues a minor compaction of one family's store in every region of the table.
   *
   * @throws io.strata.common.error.NoSuchFamilyException naming the table's families
   */
  void compact(TableName table, byte[] family) throws IOException;

  /** Queues a major compaction of every region of the table; returns once queued. */
  void majorCompact(TableName table) throws IOException;

  /** Queues a major compaction of one family's store in every region of the table. */
  void majorCompact(TableName table, byte[] family) throws IOException;

  void compactRegion(String regionName, boolean major) throws IOException;

  /** Queues a compaction of one family's store of one region (encoded or full name). */
  void compactRegion(String regionName, byte[] family, boolean major) throws IOException;

  /** Splits every region of the table at its middle row. */
  void split(TableName table) throws IOException;

  /** Splits the region holding {@code splitPoint} there. */
  void split(TableName table, byte[] splitPoint) throws IOException;

  /** Splits a region (encoded or full name) at its middle row, or at {@code splitPoint}. */
  void splitRegion(String regionName, byte[] splitPoint) throws IOException;

  /**
   * Merges two or more adjacent regions (encoded or full names) of a table into one; returns
   * once the merged region is open (see {@link AsyncAdmin#mergeRegions}).
   */
  void mergeRegions(java.util.List<String> regionNames) throws IOException;

  /** Moves a region to another server (any other when {@code destination} is null). */
  void move(String encodedRegionName, ServerName destination) throws IOException;

  void assign(String regionName) throws IOException;

  /**
   * A region (encoded or full name) as the master knows it now, with the server serving it;
   * the server is null while the region is not open.
   */
  RegionLocation getRegionLocation(String regionName) throws IOException;

  void unassign(String regionName) throws IOException;

  /**
   * Evens out regions per server now; true if any region moved. False, moving nothing, while
   * the balancer is switched off.
   */
  boolean balance() throws IOException;

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
  boolean balancerSwitch(boolean on) throws IOException;

  boolean isBalancerEnabled() throws IOException;

  /** Runs the region normalizer now (see {@link AsyncAdmin#normalize()}). */
  boolean normalize() throws IOException;

  /** Switches the normalizer on or off; returns whether it was on. */
  boolean normalizerSwitch(boolean on) throws IOException;

  boolean isNormalizerEnabled() throws IOException;

  ClusterStatus getClusterStatus() throws IOException;

  /**
   * Checks strata:meta against the file system and the live servers, as HBase's hbck does
   * ({@code bin/strata hbck}); with {@code fix}, repairs what cannot lose data, which only a
   * client presenting the cluster secret may ask ({@code strata.client.cluster.secret.file}).
   */
  ConsistencyReport checkConsistency(boolean fix) throws IOException;

  /**
   * Issues a token for {@code user}, valid for {@code lifetime} (null or zero:
   * strata.security.token.lifetime), with which a client proves that user to a cluster that
   * requires authentication ({@code bin/strata token create}, docs/security.md). Only
   * superusers and clients presenting the cluster secret may ask.
   */
  io.strata.common.security.Token createToken(String user, java.time.Duration lifetime)
      throws IOException;

  /**
   * A delegation token for this connection's user, as HBase's {@code TokenUtil.obtainToken}:
   * for a MapReduce job's tasks, which prove the user with it (TableMapReduceUtil.
   * initCredentials). It is valid for strata.security.delegation.token.renew.interval unless
   * renewed, never past its hard end; a connection proving its user with a delegation token
   * cannot obtain another (docs/security.md, "Delegation tokens").
   */
  io.strata.common.security.Token obtainDelegationToken() throws IOException;

  /** Renews a delegation token; answers its new expiry (milliseconds since the epoch). */
  long renewDelegationToken(io.strata.common.security.Token token) throws IOException;

  /** Cancels a delegation token: no server takes it from now on. */
  void cancelDelegationToken(io.strata.common.security.Token token) throws IOException;

  /**
   * Grants {@code permission}'s actions to its user on its scope, as HBase's {@code grant}:
   * added to those the user has there with {@code mergeExistingPermissions}, else replacing
   * them. It applies on every server before this returns. Needs ADMIN on the scope (or an
   * enclosing one); docs/security.md.
   */
  void grant(io.strata.client.security.UserPermission permission,
      boolean mergeExistingPermissions) throws IOException;

  /**
   * Takes {@code permission}'s actions away from its user on its scope (all of them when it
   * names none), as HBase's {@code revoke}; applies on every server before this returns.
   */
  void revoke(io.strata.client.security.UserPermission permission) throws IOException;

  /**
   * Defines visibility labels (letters, digits and _ - : / .), as HBase's
   * {@code VisibilityClient.addLabels}; one defined already is left as it is. Needs global
   * ADMIN (docs/security.md, "Visibility labels").
   */
  void addLabels(List<String> labels) throws IOException;

  /** Gives {@code user} the authorizations {@code labels} (defined ones); global ADMIN. */
  void setAuths(String user, List<String> labels) throws IOException;

  /** Takes the authorizations {@code labels} away from {@code user}; global ADMIN. */
  void clearAuths(String user, List<String> labels) throws IOException;

  /** The labels {@code user} is authorized for, sorted; global ADMIN unless one's own. */
  List<String> getAuths(String user) throws IOException;

  /** The defined labels matching {@code regex} whole (null or empty: all), sorted. */
  List<String> listLabels(String regex) throws IOException;

  /** The permissions granted on a scope, as HBase's {@code getUserPermissions}. */
  List<io.strata.client.security.UserPermission> getUserPermissions(
      io.strata.client.security.GetUserPermissionsRequest request) throws IOException;

  /**
   * Sets a quota, as HBase's {@code setQuota}: a throttle, a table's or namespace's space
   * limit, the removal of either, or a user's global bypass
   * ({@link io.strata.client.quotas.QuotaSettingsFactory}). Every region server holds
   * to it within a second.
   */
  void setQuota(io.strata.client.quotas.QuotaSettings quota) throws IOException;

  /** The quota settings {@code filter} lets through, as HBase's {@code getQuota}. */
  java.util.List<io.strata.client.quotas.QuotaSettings> getQuota(
      io.strata.client.quotas.QuotaFilter filter) throws IOException;

  /**
   * Turns the enforcement of every throttle on or off, keeping the settings; returns whether it
   * was on. As HBase's {@code switchRpcThrottle}.
   */
  boolean switchRpcThrottle(boolean enable) throws IOException;

  boolean isRpcThrottleEnabled() throws IOException;

  /**
   * Lets user, table and namespace throttles be exceeded while the region servers' own
   * throttle has room (on), or not (off, the default); returns the state before. As HBase's
   * {@code exceedThrottleQuotaSwitch}.
   */
  boolean exceedThrottleQuotaSwitch(boolean enable) throws IOException;

  /**
   * The channel of the active master's coprocessor endpoints ({@code
   * strata.coprocessor.master.classes}): make a stub of the endpoint's service over it ({@code
   * MyService.newBlockingStub(channel)}) and call; a master that changed is found again.
   */
  io.strata.client.coprocessor.CoprocessorRpcChannel coprocessorService();

  /**
   * Makes the region server start a new WAL file now, as HBase's {@code rollWALWriter} (the
   * shell's {@code wal_roll}).
   */
  void rollWALWriter(ServerName server) throws IOException;

  /**
   * The slow (or, by the filter's type, large) calls the region servers kept, newest first, at
   * most the filter's limit in all, as HBase 2.4's getSlowLogResponses (the shell's
   * {@code get_slowlog_responses}).
   */
  java.util.List<OnlineLogRecord> getSlowLogResponses(java.util.Set<ServerName> servers,
      LogQueryFilter filter) throws IOException;

  /** Empties the region servers' slow logs; for each server, in order, whether it did. */
  java.util.List<Boolean> clearSlowLogResponses(java.util.Set<ServerName> servers)
      throws IOException;

  /**
   * Every table's size as space quotas count it (its block files on disk), from the region
   * servers' latest reports, as HBase's {@code getSpaceQuotaTableSizes}.
   */
  java.util.Map<TableName, Long> getSpaceQuotaTableSizes() throws IOException;

  /**
   * The master's latest verdict on the table's space quota (its own, or its namespace's), or
   * null if it has none. As HBase's {@code getCurrentSpaceQuotaSnapshot}.
   */
  io.strata.client.quotas.SpaceQuotaSnapshot getCurrentSpaceQuotaSnapshot(
      TableName table) throws IOException;

  /**
   * The master's latest verdict on every table with a space quota (its own or its
   * namespace's), as {@code list_quota_snapshots} shows them.
   */
  java.util.Map<TableName, io.strata.client.quotas.SpaceQuotaSnapshot> getSpaceQuotaSnapshots()
      throws IOException;

  /** The master's latest verdict on the namespace's space quota, or null if it has none. */
  io.strata.client.quotas.SpaceQuotaSnapshot getCurrentSpaceQuotaSnapshot(
      String namespace) throws IOException;

  /**
   * The space quota verdicts a region server enforces now, by table, as HBase's
   * {@code getRegionServerSpaceQuotaSnapshots}.
   */
  java.util.Map<TableName, io.strata.client.quotas.SpaceQuotaSnapshot>
      getRegionServerSpaceQuotaSnapshots(ServerName server) throws IOException;

  /** Nothing to free: the connection owns the resources. */
  @Override
  default void close() {}

  /**
   * Snapshots {@code table} as {@code snapshotName}, flushing it first, as HBase's: its block
   * files are named, not copied; returns once the snapshot is complete. Each region's files are
   * consistent with each other; regions are flushed one by one, so writes across regions made
   * during the snapshot may be in it for some regions and not others (docs/snapshots.md).
   */
  void snapshot(String snapshotName, TableName table) throws IOException;

  /** As {@link #snapshot(String, TableName)}, SKIPFLUSH taking only what is on disk. */
  void snapshot(String snapshotName, TableName table, SnapshotType type) throws IOException;

  void snapshot(SnapshotDescription snapshot) throws IOException;

  /** Makes table {@code table} from the snapshot, its files linked, not copied. */
  void cloneSnapshot(String snapshotName, TableName table) throws IOException;

  /**
   * Brings the snapshot's table, which must be disabled, back to the snapshot: its regions,
   * files and schema; the table stays disabled. First snapshots the table as it is, as
   * failsafe-NAME-MILLIS (see {@link #restoreSnapshot(String, boolean)}).
   */
  void restoreSnapshot(String snapshotName) throws IOException;

  /**
   * As {@link #restoreSnapshot(String)}, the failsafe snapshot taken only when {@code
   * takeFailSafeSnapshot}.
   */
  void restoreSnapshot(String snapshotName, boolean takeFailSafeSnapshot) throws IOException;

  void deleteSnapshot(String snapshotName) throws IOException;

  /** Deletes every snapshot whose name matches {@code pattern}. */
  void deleteSnapshots(Pattern pattern) throws IOException;

  /** Every snapshot, by name. */
  List<SnapshotDescription> listSnapshots() throws IOException;

  /** The snapshots whose names match {@code pattern}. */
  List<SnapshotDescription> listSnapshots(Pattern pattern) throws IOException;

  /** The snapshots of tables matching {@code tableNamePattern}, names matching the other. */
  List<SnapshotDescription> listTableSnapshots(Pattern tableNamePattern,
      Pattern snapshotNamePattern) throws IOException;
}
