package io.strata.server.master;

import io.strata.client.Result;
import io.strata.common.proto.MasterProtos.CheckConsistencyResponse;
import io.strata.common.proto.MasterProtos.ConsistencyFindingProto;
import io.strata.common.schema.MetaLayout;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.RegionState;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableName;
import io.strata.common.schema.TableState;
import io.strata.common.util.Bytes;
import io.strata.server.region.RegionInfoFile;
import io.strata.server.region.RegionLayout;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code bin/strata hbck}: strata:meta checked against the file system and the live servers.
 * It finds meta rows that do not parse, holes and overlaps in a table's key range, regions in
 * meta without a directory and directories without a meta row, and regions meta places on dead
 * servers. With {@code fix} it repairs what cannot lose data: it deletes unreadable rows (what
 * they held cannot be read anyway), adds back a region found on disk that overlaps no other,
 * fills a hole that is left with an empty region, and reopens regions of dead servers; the rest
 * it reports with what an operator can do.
 */
final class ConsistencyCheck {
  private static final Logger LOG = LoggerFactory.getLogger(ConsistencyCheck.class);

  private final Master m;
  private final boolean fix;
  private final CheckConsistencyResponse.Builder report = CheckConsistencyResponse.newBuilder();

  private ConsistencyCheck(Master m, boolean fix) {
    this.m = m;
    this.fix = fix;
  }

  static CheckConsistencyResponse run(Master m, boolean fix) throws IOException {
    ConsistencyCheck c = new ConsistencyCheck(m, fix);
    c.check();
    return c.report.build();
  }

  private void check() throws IOException {
    Map<TableName, List<MetaTable.RegionRow>> byTable = new HashMap<>();
    m.meta().eachRow(MetaLayout.INFO, MetaTable::regionRow, row -> byTable.computeIfAbsent(
        row.region().getTable(), t -> new ArrayList<>()).add(row), this::unreadable);
    m.meta().eachRow(MetaLayout.TABLE, MetaTable::tableState, state -> { }, this::unreadable);
    m.meta().eachRow(MetaLayout.NAMESPACE, MetaTable::namespace, ns -> { }, this::unreadable);
    Set<TableName> tables = new HashSet<>(m.tableNames());
    tables.addAll(byTable.keySet());
    for (TableName t : tables.stream().sorted().toList()) {
      if (t.equals(TableName.META)) {
        continue;
      }
      List<MetaTable.RegionRow> rows = new ArrayList<>(byTable.getOrDefault(t, List.of()));
      report.setTables(report.getTables() + 1).setRegions(report.getRegions() + rows.size());
      checkDisk(t, rows); // first: a region found on disk may fill what looks like a hole
      checkKeyRange(t, rows);
      checkServers(t, rows);
    }
  }

  private void unreadable(Result r, byte[] family, Exception why) throws IOException {
    byte[] row = r.getRow();
    String what = "strata:meta row '" + Bytes.toStringBinary(row) + "' (family "
        + Bytes.toString(family) + ") cannot be read: " + why.getMessage();
    if (fix) {
      m.meta().deleteRow(row, family);
      LOG.warn("hbck: deleted {}", what);
    }
    add("UNREADABLE_META_ROW", tableOf(row), what, fix ? "deleted the row"
        : "hbck -fix deletes the row", fix);
  }

  /** The table a region row names before its first comma, or "" when it names none. */
  private static String tableOf(byte[] row) {
    String s = Bytes.toStringBinary(row);
    int comma = s.indexOf(',');
    return comma > 0 ? s.substring(0, comma) : "";
  }

  /** The regions must cover the key range once: from "" to "" without gaps or overlaps. */
  private void checkKeyRange(TableName t, List<MetaTable.RegionRow> rows) throws IOException {
    List<RegionInfo> regions = rows.stream().map(MetaTable.RegionRow::region).sorted().toList();
    byte[] covered = Bytes.EMPTY; // everything before it is covered
    boolean done = false;
    RegionInfo previous = null;
    for (RegionInfo r : regions) {
      if (done || Bytes.compare(r.getStartKey(), covered) < 0) {
        add("OVERLAP", t.toString(), "regions " + name(previous) + " and " + name(r)
            + " both hold keys from '" + Bytes.toStringBinary(r.getStartKey()) + "'",
            "merge or remove one of them by hand: hbck -fix does not guess which holds the"
                + " data", false);
      } else if (Bytes.compare(r.getStartKey(), covered) > 0) {
        hole(t, covered, r.getStartKey());
      }
      if (!done) {
        if (r.getEndKey().length == 0) {
          done = true;
        } else if (Bytes.compare(r.getEndKey(), covered) > 0) {
          covered = r.getEndKey();
        }
      }
      previous = r;
    }
    if (!done) {
      hole(t, covered, Bytes.EMPTY);
    }
  }

  private void hole(TableName t, byte[] from, byte[] to) throws IOException {
    String what = "no region holds keys from '" + Bytes.toStringBinary(from) + "' to "
        + (to.length == 0 ? "the end" : "'" + Bytes.toStringBinary(to) + "'");
    if (!fix) {
      add("HOLE", t.toString(), what, "hbck -fix fills it with an empty region", false);
      return;
    }
    RegionInfo filler = RegionInfo.newBuilder(t).setStartKey(from).setEndKey(to)
        .setRegionId(System.currentTimeMillis()).build();
    RegionInfoFile.write(m.fs(), RegionLayout.regionDir(m.root(), filler), filler);
    m.assignment().transition(filler, RegionState.OFFLINE, null);
    if (m.tableState(t) == TableState.ENABLED) {
      m.assignment().assign(filler, null);
    }
    LOG.warn("hbck: filled a hole in {} with {}", t, filler.getRegionNameAsString());
    add("HOLE", t.toString(), what, "filled it with the empty region "
        + filler.getRegionNameAsString(), true);
  }

  /** Every region in meta has its directory, and every region directory its meta row. */
  private void checkDisk(TableName t, List<MetaTable.RegionRow> rows) throws IOException {
    FileSystem fs = m.fs();
    Set<String> inMeta = new HashSet<>();
    for (MetaTable.RegionRow r : rows) {
      inMeta.add(r.region().getEncodedName());
      Path dir = RegionLayout.regionDir(m.root(), r.region());
      if (!fs.exists(new Path(dir, RegionLayout.REGION_INFO_FILE))) {
        add("REGION_NOT_ON_DISK", t.toString(), "region " + name(r.region()) + " is in"
            + " strata:meta but " + dir + " holds no " + RegionLayout.REGION_INFO_FILE,
            "its data is gone: restore the directory, or delete the table's row for it and let"
                + " hbck -fix fill the hole", false);
      }
    }
    Path tableDir = RegionLayout.tableDir(m.root(), t);
    if (!fs.exists(tableDir)) {
      return;
    }
    for (FileStatus st : fs.listStatus(tableDir)) {
      String dirName = st.getPath().getName();
      if (!st.isDirectory() || dirName.startsWith(".") || inMeta.contains(dirName)
          || fs.exists(RegionLayout.splitRecord(st.getPath()))) {
        continue; // a split parent waits for its daughters to stop reading it
      }
      RegionInfo info = RegionInfoFile.readIfPresent(fs, st.getPath());
      if (info == null) {
        continue; // a creation that never finished: no region, nothing to say
      }
      String what = "region directory " + st.getPath() + " (" + name(info) + ") has no"
          + " strata:meta row";
      RegionInfo overlapped = rows.stream().map(MetaTable.RegionRow::region)
          .filter(r -> overlaps(r, info)).findFirst().orElse(null);
      if (overlapped != null) {
        add("REGION_NOT_IN_META", t.toString(), what + ", and overlaps " + name(overlapped),
            "move the directory out of the table directory if its data is not needed, or"
                + " merge its files by hand", false);
      } else if (!fix) {
        add("REGION_NOT_IN_META", t.toString(), what + "; it overlaps no region",
            "hbck -fix adds it back to strata:meta", false);
      } else {
        adopt(t, info);
        rows.add(new MetaTable.RegionRow(info, RegionState.OFFLINE, null));
        add("REGION_NOT_IN_META", t.toString(), what + "; it overlaps no region",
            "added it back to strata:meta" + (m.tableState(t) == TableState.ENABLED
                ? " and opened it" : ""), true);
      }
    }
  }

  /** Whether two regions' key ranges share a key (an empty end key is the end of the keys). */
  private static boolean overlaps(RegionInfo a, RegionInfo b) {
    return (b.getEndKey().length == 0 || Bytes.compare(a.getStartKey(), b.getEndKey()) < 0)
        && (a.getEndKey().length == 0 || Bytes.compare(b.getStartKey(), a.getEndKey()) < 0);
  }

  /** Writes a region found on disk back into meta, and opens it if its table is enabled. */
  private void adopt(TableName t, RegionInfo region) throws IOException {
    m.assignment().transition(region, RegionState.OFFLINE, null);
    if (m.tableState(t) == TableState.ENABLED) {
      m.assignment().assign(region, null);
    }
    LOG.warn("hbck: added {} back to strata:meta from its directory",
        region.getRegionNameAsString());
  }

  /** An enabled table's regions are open on live servers. */
  private void checkServers(TableName t, List<MetaTable.RegionRow> rows) throws IOException {
    if (m.tableState(t) != TableState.ENABLED) {
      return;
    }
    for (MetaTable.RegionRow r : rows) {
      ServerName s = r.server();
      if (r.state() == RegionState.OPEN && s != null && !m.servers().isLive(s)) {
        String what = "region " + name(r.region()) + " is OPEN on " + s
            + ", which is not a live region server";
        if (!fix) {
          add("ON_DEAD_SERVER", t.toString(), what, "hbck -fix reopens it on a live server",
              false);
          continue;
        }
        RegionStates.Node n = m.states().get(r.region().getEncodedName());
        if (n != null && n.state() == RegionState.OPEN && n.server() != null
            && m.servers().isLive(n.server())) { // only meta is wrong: say where it is
          m.assignment().transition(r.region(), RegionState.OPEN, n.server());
          add("ON_DEAD_SERVER", t.toString(), what, "wrote where it is open, " + n.server()
              + ", back to strata:meta", true);
        } else {
          m.assignment().assign(r.region(), null);
          add("ON_DEAD_SERVER", t.toString(), what, "reopened it on a live server", true);
        }
      }
    }
  }

  private static String name(RegionInfo r) {
    return r == null ? "(none)" : r.getRegionNameAsString();
  }

  private void add(String kind, String table, String detail, String action, boolean fixed) {
    report.addFindings(ConsistencyFindingProto.newBuilder().setKind(kind).setTable(table)
        .setDetail(detail).setAction(action).setFixed(fixed));
  }
}
