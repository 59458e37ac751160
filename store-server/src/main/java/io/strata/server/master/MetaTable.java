package io.strata.server.master;

import io.strata.client.Delete;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.common.proto.MasterProtos.NamespaceProto;
import io.strata.common.schema.MetaLayout;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.RegionState;
import io.strata.common.schema.SchemaCodec;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableName;
import io.strata.common.schema.TableState;
import io.strata.common.util.Bytes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The master's reads and writes of strata:meta ({@link MetaLayout}), through the public client
 * API like any other table: region rows with their state and server, table states, namespaces.
 * Every write of a region row writes all its columns, so a row never mixes two transitions.
 */
final class MetaTable {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(MetaTable.class);
  /** A region row: the region, its state, and the server named for that state (or null). */
  record RegionRow(RegionInfo region, RegionState state, ServerName server) {}

  private final Table meta;
  /**
   * The timestamp of the last write: every write gets a larger one, so a row deleted and written
   * again within one millisecond (a table dropped and created again) is not masked by its own
   * delete marker.
   */
  private long lastTs;

  MetaTable(Table meta) {
    this.meta = meta;
  }

  private synchronized long nextTs() {
    lastTs = Math.max(System.currentTimeMillis(), lastTs + 1);
    return lastTs;
  }

  /**
   * Notes the timestamps of cells read from meta, so this master's writes sort after every
   * earlier master's even if its clock is behind theirs.
   */
  private synchronized void observe(Result r) {
    for (io.strata.common.cell.Cell c : r.rawCells()) {
      lastTs = Math.max(lastTs, c.getTimestamp());
    }
  }

  void putRegion(RegionInfo region, RegionState state, ServerName server) throws IOException {
    byte[] row = MetaLayout.regionRow(region);
    Put p = new Put(row, nextTs())
        .addColumn(MetaLayout.INFO, MetaLayout.REGION_INFO, SchemaCodec.serialize(region))
        .addColumn(MetaLayout.INFO, MetaLayout.STATE, Bytes.toBytes(state.name()))
        .addColumn(MetaLayout.INFO, MetaLayout.SERVER, server == null ? Bytes.EMPTY
            : Bytes.toBytes(server.toString()));
    meta.put(p);
  }

  void deleteRegion(RegionInfo region) throws IOException {
    meta.delete(new Delete(MetaLayout.regionRow(region)).addFamily(MetaLayout.INFO, nextTs()));
  }

  /**
   * Every region row of every table (meta's own region is not in meta). A row that does not
   * parse is left aside and logged: one damaged row must not keep the master, and so every
   * other table, from starting (bin/strata hbck reports it; hbck -fix deletes it).
   */
  List<RegionRow> regions() throws IOException {
    List<RegionRow> rows = new ArrayList<>();
    eachRow(MetaLayout.INFO, MetaTable::regionRow, rows::add, this::leftAside);
    return rows;
  }

  /** Reads a meta row of one family; null for a row that holds nothing of it. */
  @FunctionalInterface
  interface RowReader<T> {
    T read(Result r) throws IOException;
  }

  /** Hears of a row that does not parse. */
  @FunctionalInterface
  interface Unreadable {
    void row(Result r, byte[] family, Exception why) throws IOException;
  }

  /**
   * Every row with cells in {@code family}, read by {@code reader}: what it reads goes to
   * {@code use}, a row it cannot read to {@code unreadable}.
   */
  <T> void eachRow(byte[] family, RowReader<T> reader, java.util.function.Consumer<T> use,
      Unreadable unreadable) throws IOException {
    for (Result r : rawRows(family)) {
      T t;
      try {
        t = reader.read(r);
      } catch (IOException | RuntimeException e) {
        unreadable.row(r, family, e);
        continue;
      }
      if (t != null) {
        use.accept(t);
      }
    }
  }

  /** A region row's region, state and server; null for a row with no region in it. */
  static RegionRow regionRow(Result r) throws IOException {
    byte[] info = r.getValue(MetaLayout.INFO, MetaLayout.REGION_INFO);
    if (info == null) {
      return null;
    }
    RegionInfo region = SchemaCodec.parseRegionInfo(info, "strata:meta row "
        + Bytes.toStringBinary(r.getRow()));
    byte[] state = r.getValue(MetaLayout.INFO, MetaLayout.STATE);
    byte[] server = r.getValue(MetaLayout.INFO, MetaLayout.SERVER);
    return new RegionRow(region, state == null ? RegionState.OFFLINE
        : RegionState.parse(Bytes.toString(state)), server == null || server.length == 0
        ? null : ServerName.parse(Bytes.toString(server)));
  }

  private void leftAside(Result r, byte[] family, Exception e) {
    LOG.error("strata:meta row '{}' (family {}) cannot be read and is left aside: {}; run"
        + " bin/strata hbck to see every such row, hbck -fix to delete them",
        Bytes.toStringBinary(r.getRow()), Bytes.toString(family), e.getMessage());
  }

  /** Every row with cells in {@code family}, as stored. */
  List<Result> rawRows(byte[] family) throws IOException {
    List<Result> rows = new ArrayList<>();
    try (ResultScanner s = meta.getScanner(new Scan().addFamily(family))) {
      for (Result r : s) {
        observe(r);
        rows.add(r);
      }
    }
    return rows;
  }

  /** Deletes {@code family}'s cells of {@code row}: a row nothing can read (hbck -fix). */
  void deleteRow(byte[] row, byte[] family) throws IOException {
    meta.delete(new Delete(row).addFamily(family, nextTs()));
  }

  void putTableState(TableName table, TableState state) throws IOException {
    meta.put(new Put(MetaLayout.tableRow(table), nextTs()).addColumn(MetaLayout.TABLE,
        MetaLayout.TABLE_STATE, Bytes.toBytes(state.name())));
  }

  void deleteTableState(TableName table) throws IOException {
    meta.delete(new Delete(MetaLayout.tableRow(table)).addFamily(MetaLayout.TABLE, nextTs()));
  }

  Map<TableName, TableState> tableStates() throws IOException {
    Map<TableName, TableState> states = new TreeMap<>();
    eachRow(MetaLayout.TABLE, r -> {
      TableState state = tableState(r);
      return state == null ? null : Map.entry(TableName.valueOf(r.getRow()), state);
    }, e -> states.put(e.getKey(), e.getValue()), this::leftAside);
    return states;
  }

  /** A table row's state; null for a row with none. */
  static TableState tableState(Result r) throws IOException {
    byte[] v = r.getValue(MetaLayout.TABLE, MetaLayout.TABLE_STATE);
    if (v == null) {
      return null;
    }
    TableName.valueOf(r.getRow()); // a row that names no table is unreadable too
    return TableState.parse(Bytes.toString(v));
  }

  /** Format version of namespace records. */
  static final int NAMESPACE_VERSION = 1;

  void putNamespace(NamespaceProto ns) throws IOException {
    ns = ns.toBuilder().setVersion(NAMESPACE_VERSION).build();
    meta.put(new Put(Bytes.toBytes(ns.getName()), nextTs()).addColumn(MetaLayout.NAMESPACE,
        MetaLayout.NAMESPACE_DATA, ns.toByteArray()));
  }

  void deleteNamespace(String name) throws IOException {
    meta.delete(new Delete(Bytes.toBytes(name)).addFamily(MetaLayout.NAMESPACE, nextTs()));
  }

  Map<String, NamespaceProto> namespaces() throws IOException {
    Map<String, NamespaceProto> all = new TreeMap<>();
    eachRow(MetaLayout.NAMESPACE, MetaTable::namespace, p -> all.put(p.getName(), p),
        this::leftAside);
    return all;
  }

  /** A namespace row's record; null for a row with none. */
  static NamespaceProto namespace(Result r) throws IOException {
    byte[] v = r.getValue(MetaLayout.NAMESPACE, MetaLayout.NAMESPACE_DATA);
    if (v == null) {
      return null;
    }
    NamespaceProto p = NamespaceProto.parseFrom(v);
    if (p.getVersion() > NAMESPACE_VERSION) {
      throw new io.strata.common.error.CorruptFileException("strata:meta namespace row "
          + p.getName(), "namespace record version " + p.getVersion() + " is newer than "
          + "this master reads (" + NAMESPACE_VERSION + "); run the release that wrote it");
    }
    return p;
  }
}
