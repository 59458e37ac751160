package io.strata.it.coprocessor;

import io.strata.client.NamespaceDescriptor;
import io.strata.common.error.CoprocessorException;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.server.coprocessor.MasterCoprocessor;
import io.strata.server.coprocessor.MasterCoprocessorEnvironment;
import io.strata.server.coprocessor.MasterObserver;
import io.strata.server.coprocessor.ObserverContext;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/** Master observers the master coprocessor test loads from the master's class path. */
public final class MasterObservers {
  /** Every hook call the recorder saw, as "hook argument caller". */
  public static final List<String> CALLS = Collections.synchronizedList(new ArrayList<>());

  private MasterObservers() {}

  /** Records each hook with its main argument. */
  public static class Recorder implements MasterCoprocessor, MasterObserver {
    @Override
    public Optional<MasterObserver> getMasterObserver() {
      return Optional.of(this);
    }

    private static void record(ObserverContext<MasterCoprocessorEnvironment> c, String hook,
        Object arg) {
      CALLS.add(hook + " " + arg + " " + c.getCaller().orElse("-"));
    }

    @Override
    public void postStartMaster(ObserverContext<MasterCoprocessorEnvironment> c) {
      record(c, "postStartMaster", c.getEnvironment().getServerName() != null);
    }

    @Override
    public void preStopMaster(ObserverContext<MasterCoprocessorEnvironment> c) {
      record(c, "preStopMaster", "");
    }

    @Override
    public void preCreateTable(ObserverContext<MasterCoprocessorEnvironment> c,
        TableDescriptor desc, List<byte[]> splitKeys) {
      record(c, "preCreateTable", desc.getTableName() + "/" + splitKeys.size());
    }

    @Override
    public void postCreateTable(ObserverContext<MasterCoprocessorEnvironment> c,
        TableDescriptor desc, List<byte[]> splitKeys) {
      record(c, "postCreateTable", desc.getTableName());
    }

    @Override
    public TableDescriptor preModifyTable(ObserverContext<MasterCoprocessorEnvironment> c,
        TableName tableName, TableDescriptor current, TableDescriptor next) {
      record(c, "preModifyTable", tableName + "/" + current.getColumnFamilies().size() + ">"
          + next.getColumnFamilies().size());
      return next;
    }

    @Override
    public void postModifyTable(ObserverContext<MasterCoprocessorEnvironment> c,
        TableName tableName, TableDescriptor old, TableDescriptor current) {
      record(c, "postModifyTable", tableName + "/" + current.getMetadata().get("audited"));
    }

    @Override
    public void preDeleteTable(ObserverContext<MasterCoprocessorEnvironment> c, TableName t) {
      record(c, "preDeleteTable", t);
    }

    @Override
    public void postDeleteTable(ObserverContext<MasterCoprocessorEnvironment> c, TableName t) {
      record(c, "postDeleteTable", t);
    }

    @Override
    public void preTruncateTable(ObserverContext<MasterCoprocessorEnvironment> c, TableName t) {
      record(c, "preTruncateTable", t);
    }

    @Override
    public void postTruncateTable(ObserverContext<MasterCoprocessorEnvironment> c,
        TableName t) {
      record(c, "postTruncateTable", t);
    }

    @Override
    public void preEnableTable(ObserverContext<MasterCoprocessorEnvironment> c, TableName t) {
      record(c, "preEnableTable", t);
    }

    @Override
    public void postEnableTable(ObserverContext<MasterCoprocessorEnvironment> c, TableName t) {
      record(c, "postEnableTable", t);
    }

    @Override
    public void preDisableTable(ObserverContext<MasterCoprocessorEnvironment> c, TableName t) {
      record(c, "preDisableTable", t);
    }

    @Override
    public void postDisableTable(ObserverContext<MasterCoprocessorEnvironment> c,
        TableName t) {
      record(c, "postDisableTable", t);
    }

    @Override
    public void preCreateNamespace(ObserverContext<MasterCoprocessorEnvironment> c,
        NamespaceDescriptor ns) {
      record(c, "preCreateNamespace", ns.getName());
    }

    @Override
    public void postCreateNamespace(ObserverContext<MasterCoprocessorEnvironment> c,
        NamespaceDescriptor ns) {
      record(c, "postCreateNamespace", ns.getName());
    }

    @Override
    public void preModifyNamespace(ObserverContext<MasterCoprocessorEnvironment> c,
        NamespaceDescriptor current, NamespaceDescriptor next) {
      record(c, "preModifyNamespace", current.getConfiguration() + ">"
          + next.getConfiguration());
    }

    @Override
    public void postModifyNamespace(ObserverContext<MasterCoprocessorEnvironment> c,
        NamespaceDescriptor old, NamespaceDescriptor current) {
      record(c, "postModifyNamespace", current.getName());
    }

    @Override
    public void preDeleteNamespace(ObserverContext<MasterCoprocessorEnvironment> c,
        String ns) {
      record(c, "preDeleteNamespace", ns);
    }

    @Override
    public void postDeleteNamespace(ObserverContext<MasterCoprocessorEnvironment> c,
        String ns) {
      record(c, "postDeleteNamespace", ns);
    }

    @Override
    public void preMove(ObserverContext<MasterCoprocessorEnvironment> c, RegionInfo region,
        ServerName source, ServerName destination) {
      record(c, "preMove", region.getTable() + "/" + !source.equals(destination));
    }

    @Override
    public void postMove(ObserverContext<MasterCoprocessorEnvironment> c, RegionInfo region,
        ServerName source, ServerName destination) {
      record(c, "postMove", region.getTable());
    }

    @Override
    public void preSplitRegion(ObserverContext<MasterCoprocessorEnvironment> c,
        TableName tableName, byte[] splitRow) {
      record(c, "preSplitRegion", tableName + "/" + Bytes.toString(splitRow));
    }

    @Override
    public void postSplitRegion(ObserverContext<MasterCoprocessorEnvironment> c,
        TableName tableName, byte[] splitRow) {
      record(c, "postSplitRegion", tableName);
    }

    @Override
    public void preBalance(ObserverContext<MasterCoprocessorEnvironment> c) {
      record(c, "preBalance", "");
    }

    @Override
    public void postBalance(ObserverContext<MasterCoprocessorEnvironment> c, int moved) {
      record(c, "postBalance", moved >= 0);
    }
  }

  /** Refuses tables named "forbidden"; stamps every schema change it lets through. */
  public static class Guard implements MasterCoprocessor, MasterObserver {
    @Override
    public Optional<MasterObserver> getMasterObserver() {
      return Optional.of(this);
    }

    @Override
    public void preCreateTable(ObserverContext<MasterCoprocessorEnvironment> c,
        TableDescriptor desc, List<byte[]> splitKeys) throws IOException {
      if (desc.getTableName().getQualifier().equals("forbidden")) {
        throw new CoprocessorException("tables named forbidden are refused");
      }
    }

    @Override
    public TableDescriptor preModifyTable(ObserverContext<MasterCoprocessorEnvironment> c,
        TableName tableName, TableDescriptor current, TableDescriptor next) {
      return TableDescriptor.newBuilder(next).setValue("audited", "yes").build();
    }
  }
}
