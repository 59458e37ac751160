package io.strata.server.master;

import com.google.protobuf.ByteString;
import io.strata.common.error.BadRequestException;
import io.strata.common.error.NamespaceNotFoundException;
import io.strata.common.error.TableExistsException;
import io.strata.common.proto.ProcedureProtos.ProcedureProto;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.RegionState;
import io.strata.common.schema.SchemaCodec;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.schema.TableState;
import io.strata.common.util.Bytes;
import io.strata.server.region.RegionInfoFile;
import io.strata.server.region.RegionLayout;
import io.strata.server.region.TableDescriptorFile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Creates a table: 0 check and plan the regions; 1 write the schema and region directories;
 * 2 add the table (ENABLING) and its regions (OFFLINE) to meta; 3 open the regions; 4 grant
 * its owner all on it (authorization on), ENABLED.
 */
final class CreateTableProcedure extends Procedure {
  CreateTableProcedure(ProcedureProto.Builder record) {
    super(record);
  }

  static CreateTableProcedure of(TableDescriptor table, List<byte[]> splitKeys) {
    return of(table, splitKeys, "");
  }

  /** A creation asked for by {@code owner}, who is granted all on it (authorization on). */
  static CreateTableProcedure of(TableDescriptor table, List<byte[]> splitKeys, String owner) {
    ProcedureProto.Builder b = ProcedureProto.newBuilder().setType(CREATE_TABLE)
        .setTable(SchemaCodec.toProto(table))
        .setTableName(SchemaCodec.toProto(table.getTableName())).setOwner(owner);
    splitKeys.forEach(k -> b.addSplitKeys(ByteString.copyFrom(k)));
    return new CreateTableProcedure(b);
  }

  private TableDescriptor table() {
    return SchemaCodec.fromProto(record.getTable());
  }

  @Override
  String describe() {
    return "create table " + SchemaCodec.fromProto(record.getTableName());
  }

  @Override
  int step(int step, Master m) throws IOException {
    TableDescriptor table = table();
    TableName name = table.getTableName();
    switch (step) {
      case 0 -> {
        check(m, table);
        record.clearRegions();
        for (RegionInfo r : plan(name, sortedKeys(record.getSplitKeysList().stream()
            .map(ByteString::toByteArray).toList()), System.currentTimeMillis())) {
          record.addRegions(SchemaCodec.toProto(r));
        }
        return 1;
      }
      case 1 -> {
        TableDescriptorFile.write(m.fs(), m.root(), table);
        // Each file is synced: written side by side, a table of 10,000 regions takes seconds,
        // one after another a minute.
        m.assignment().runAll(regions(), r -> RegionInfoFile.write(m.fs(),
            RegionLayout.regionDir(m.root(), r), r));
        return 2;
      }
      case 2 -> {
        addToMeta(m, table, regions());
        return 3;
      }
      case 3 -> {
        m.assignment().assignAll(regions());
        return 4;
      }
      case 4 -> {
        enable(m, name, record.getOwner());
        return DONE;
      }
      default -> throw new IllegalStateException("create table has no step " + step);
    }
  }

  private List<RegionInfo> regions() {
    return record.getRegionsList().stream().map(SchemaCodec::fromProto).toList();
  }

  /** Puts a new table (ENABLING) and its regions (OFFLINE) in meta: step 2 of a creation. */
  static void addToMeta(Master m, TableDescriptor table, List<RegionInfo> regions)
      throws IOException {
    m.putDescriptor(table);
    m.setTableState(table.getTableName(), TableState.ENABLING);
    for (RegionInfo r : regions) {
      m.assignment().transition(r, RegionState.OFFLINE, null);
    }
  }

  /** Grants {@code owner} (if any) all on the new table and enables it: a creation's end. */
  static void enable(Master m, TableName name, String owner) throws IOException {
    if (!owner.isEmpty()) {
      m.acls().ownerCreated(name, owner);
    }
    m.setTableState(name, TableState.ENABLED);
  }

  /** Refuses a table in the system namespace: those the master makes itself (strata:quota). */
  static void checkNotSystem(TableName name) throws BadRequestException {
    if (name.isSystemTable()) {
      throw new BadRequestException("the '" + TableName.SYSTEM_NAMESPACE + "' namespace holds "
          + "the system tables; create '" + name.getQualifier() + "' in another namespace");
    }
  }

  static void check(Master m, TableDescriptor table) throws IOException {
    TableName name = table.getTableName();
    if (!m.namespaceExists(name.getNamespace())) {
      throw new NamespaceNotFoundException(name.getNamespace());
    }
    if (m.descriptor(name) != null || m.tableState(name) != null) {
      throw new TableExistsException(name.toString());
    }
    checkFamilies(table);
  }

  static void checkFamilies(TableDescriptor table) throws BadRequestException {
    if (table.getColumnFamilies().isEmpty()) {
      throw new BadRequestException("table '" + table.getTableName() + "' has no column "
          + "family; give it at least one (create '" + table.getTableName() + "', 'cf')");
    }
  }

  /** Split keys sorted; empty or repeated keys are refused. */
  static List<byte[]> sortedKeys(List<byte[]> keys) throws BadRequestException {
    TreeSet<byte[]> sorted = new TreeSet<>(Bytes::compare);
    for (byte[] k : keys) {
      if (k.length == 0) {
        throw new BadRequestException("a split key is empty; the first region starts at the "
            + "empty key already, so give non-empty split keys");
      }
      if (!sorted.add(k)) {
        throw new BadRequestException("split key '" + Bytes.toStringBinary(k) + "' is given "
            + "twice; give each split key once");
      }
    }
    return new ArrayList<>(sorted);
  }

  /** Regions cut at the keys: one before the first key, one after each. */
  static List<RegionInfo> plan(TableName name, List<byte[]> keys, long regionId) {
    List<RegionInfo> regions = new ArrayList<>();
    byte[] start = Bytes.EMPTY;
    for (byte[] k : keys) {
      regions.add(RegionInfo.newBuilder(name).setStartKey(start).setEndKey(k)
          .setRegionId(regionId).build());
      start = k;
    }
    regions.add(RegionInfo.newBuilder(name).setStartKey(start).setRegionId(regionId).build());
    return regions;
  }
}
