package io.strata.server.coprocessor;

import io.strata.client.NamespaceDescriptor;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import java.io.IOException;
import java.util.List;

/**
 * Hooks around the master's operations, with HBase's names; every one does nothing unless
 * overridden. A pre hook runs when the master takes the request, before anything changes: an
 * IOException it throws ({@code io.strata.common.error.CoprocessorException} to refuse for
 * good) fails the request. A post hook runs once the master accepted it: for table DDL, once
 * its procedure is recorded (it completes after, as the client's call waits for). Anything
 * else a hook throws is handled as {@code strata.coprocessor.abortonerror} says.
 */
public interface MasterObserver {
  /** Once this master is active and serving. */
  default void postStartMaster(ObserverContext<MasterCoprocessorEnvironment> c)
      throws IOException {}

  /** Before this master stops. */
  default void preStopMaster(ObserverContext<MasterCoprocessorEnvironment> c)
      throws IOException {}

  default void preCreateTable(ObserverContext<MasterCoprocessorEnvironment> c,
      TableDescriptor desc, List<byte[]> splitKeys) throws IOException {}

  default void postCreateTable(ObserverContext<MasterCoprocessorEnvironment> c,
      TableDescriptor desc, List<byte[]> splitKeys) throws IOException {}

  /** Returns the schema to apply: {@code newDescriptor}, or one the hook made of it. */
  default TableDescriptor preModifyTable(ObserverContext<MasterCoprocessorEnvironment> c,
      TableName tableName, TableDescriptor currentDescriptor, TableDescriptor newDescriptor)
      throws IOException {
    return newDescriptor;
  }

  default void postModifyTable(ObserverContext<MasterCoprocessorEnvironment> c,
      TableName tableName, TableDescriptor oldDescriptor, TableDescriptor currentDescriptor)
      throws IOException {}

  default void preDeleteTable(ObserverContext<MasterCoprocessorEnvironment> c,
      TableName tableName) throws IOException {}

  default void postDeleteTable(ObserverContext<MasterCoprocessorEnvironment> c,
      TableName tableName) throws IOException {}

  default void preTruncateTable(ObserverContext<MasterCoprocessorEnvironment> c,
      TableName tableName) throws IOException {}

  default void postTruncateTable(ObserverContext<MasterCoprocessorEnvironment> c,
      TableName tableName) throws IOException {}

  default void preEnableTable(ObserverContext<MasterCoprocessorEnvironment> c,
      TableName tableName) throws IOException {}

  default void postEnableTable(ObserverContext<MasterCoprocessorEnvironment> c,
      TableName tableName) throws IOException {}

  default void preDisableTable(ObserverContext<MasterCoprocessorEnvironment> c,
      TableName tableName) throws IOException {}

  default void postDisableTable(ObserverContext<MasterCoprocessorEnvironment> c,
      TableName tableName) throws IOException {}

  default void preCreateNamespace(ObserverContext<MasterCoprocessorEnvironment> c,
      NamespaceDescriptor ns) throws IOException {}

  default void postCreateNamespace(ObserverContext<MasterCoprocessorEnvironment> c,
      NamespaceDescriptor ns) throws IOException {}

  default void preModifyNamespace(ObserverContext<MasterCoprocessorEnvironment> c,
      NamespaceDescriptor currentNsDescriptor, NamespaceDescriptor newNsDescriptor)
      throws IOException {}

  default void postModifyNamespace(ObserverContext<MasterCoprocessorEnvironment> c,
      NamespaceDescriptor oldNsDescriptor, NamespaceDescriptor currentNsDescriptor)
      throws IOException {}

  default void preDeleteNamespace(ObserverContext<MasterCoprocessorEnvironment> c,
      String namespace) throws IOException {}

  default void postDeleteNamespace(ObserverContext<MasterCoprocessorEnvironment> c,
      String namespace) throws IOException {}

  /** Before a region moves; {@code destination} null: a server the master picks. */
  default void preMove(ObserverContext<MasterCoprocessorEnvironment> c, RegionInfo region,
      ServerName source, ServerName destination) throws IOException {}

  default void postMove(ObserverContext<MasterCoprocessorEnvironment> c, RegionInfo region,
      ServerName source, ServerName destination) throws IOException {}

  /**
   * Before the split of a table's regions: at {@code splitRow}, or (null) at each region's
   * middle.
   */
  default void preSplitRegion(ObserverContext<MasterCoprocessorEnvironment> c,
      TableName tableName, byte[] splitRow) throws IOException {}

  default void postSplitRegion(ObserverContext<MasterCoprocessorEnvironment> c,
      TableName tableName, byte[] splitRow) throws IOException {}

  /** Before a balancer run, asked for or periodic. */
  default void preBalance(ObserverContext<MasterCoprocessorEnvironment> c) throws IOException {}

  /** After a balancer run, with the number of regions it moved. */
  default void postBalance(ObserverContext<MasterCoprocessorEnvironment> c, int regionsMoved)
      throws IOException {}
}
