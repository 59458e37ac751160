package io.strata.server.security.access;

import io.strata.client.NamespaceDescriptor;
import io.strata.client.security.Permission;
import io.strata.client.security.Permission.Action;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellType;
import io.strata.common.error.AccessDeniedException;
import io.strata.common.error.CoprocessorException;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.server.coprocessor.CoprocessorEnvironment;
import io.strata.server.coprocessor.MasterCoprocessor;
import io.strata.server.coprocessor.MasterCoprocessorEnvironment;
import io.strata.server.coprocessor.MasterObserver;
import io.strata.server.coprocessor.ObserverContext;
import io.strata.server.coprocessor.RegionCallGate;
import io.strata.server.coprocessor.RegionCoprocessor;
import io.strata.server.coprocessor.RegionCoprocessorEnvironment;
import java.io.IOException;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * HBase's AccessController: the checks of every region's reads and writes and of the master's
 * DDL against the permissions a user was granted. Loaded first on every master and region
 * server under strata.security.authorization (never named by hand). A region's reads and writes
 * pass its {@link RegionCallGate}, which sees them in the server's own form (no client objects
 * made per call, as observer hooks would need); the master's DDL passes its observer hooks; the
 * calls with neither (flush, compact, bulk load, endpoints, assignment, quotas, grants) are
 * checked by their services through the same {@link AccessChecker}.
 *
 * <p>Reads: READ on the table (or its namespace, or global) reads it all. A user granted READ
 * only on some families or qualifiers has the get or scan narrowed to those (so neither the
 * answer nor the call's filters see the rest), and is denied when nothing asked for is left.
 * strata:meta is readable by everyone, as clients locate regions through it. Writes: WRITE on
 * every column written (a family's delete marker needs the whole family, a row's delete every
 * family).
 */
public final class AccessController implements RegionCoprocessor, RegionCallGate,
    MasterCoprocessor, MasterObserver {
  private AccessChecker checker;
  /** The region's environment, for a region's instance; null for the master's. */
  private RegionCoprocessorEnvironment region;

  @Override
  public void start(CoprocessorEnvironment<?> env) throws IOException {
    region = env instanceof RegionCoprocessorEnvironment r ? r : null;
    ServerName server = env instanceof RegionCoprocessorEnvironment r ? r.getServerName()
        : env instanceof MasterCoprocessorEnvironment m ? m.getServerName() : null;
    checker = server == null ? null : AccessChecker.forServer(server);
    if (checker == null) {
      throw new CoprocessorException(AccessController.class.getName() + " is loaded by "
          + "strata.security.authorization=true on masters and region servers; set that "
          + "instead of naming the class in a coprocessor list or a table");
    }
  }

  @Override
  public Optional<MasterObserver> getMasterObserver() {
    return Optional.of(this);
  }

  @Override
  public Optional<RegionCallGate> getRegionCallGate() {
    return Optional.of(this);
  }

  // ---- a region's reads and writes, through its RegionCallGate ----

  @Override
  public NavigableMap<byte[], NavigableSet<byte[]>> checkRead(String request,
      NavigableMap<byte[], NavigableSet<byte[]>> asked, boolean mayNarrow)
      throws AccessDeniedException {
    String user = AccessChecker.caller();
    TableName t = region.getRegionInfo().getTable();
    if (checker.exempt(user) || t.equals(TableName.META)) {
      return null;
    }
    PermissionCache cache = checker.cache();
    Permission scope = Permission.newBuilder(t).build();
    if (cache.table(user, t, Action.READ)) {
      AccessChecker.allowed(user, request, Action.READ, scope);
      return null;
    }
    PermissionCache.Narrow n = cache.narrow(user, t);
    if (n == null) {
      throw AccessChecker.denied(user, request, new Action[] {Action.READ},
          asked.size() == 1 && !mayNarrow ? column(t, asked) : scope);
    }
    Map<byte[], NavigableSet<byte[]>> wanted = asked;
    if (asked.isEmpty()) {
      wanted = new TreeMap<>(Bytes::compare);
      for (ColumnFamilyDescriptor f : region.getTableDescriptor().getColumnFamilies()) {
        wanted.put(f.getName(), new TreeSet<>(Bytes::compare));
      }
    }
    NavigableMap<byte[], NavigableSet<byte[]>> out = new TreeMap<>(Bytes::compare);
    boolean cut = asked.isEmpty();
    for (Map.Entry<byte[], NavigableSet<byte[]>> e : wanted.entrySet()) {
      String f = PermissionCache.key(e.getKey());
      Set<Action> whole = n.families.get(f);
      if (whole != null && whole.contains(Action.READ)) {
        out.put(e.getKey(), e.getValue());
        continue;
      }
      Map<String, EnumSet<Action>> qs = n.qualifiers.get(f);
      NavigableSet<byte[]> kept = new TreeSet<>(Bytes::compare);
      if (qs != null) {
        if (e.getValue().isEmpty()) {
          qs.forEach((q, acts) -> {
            if (acts.contains(Action.READ)) {
              kept.add(PermissionCache.bytes(q));
            }
          });
        } else {
          for (byte[] q : e.getValue()) {
            Set<Action> acts = qs.get(PermissionCache.key(q));
            if (acts != null && acts.contains(Action.READ)) {
              kept.add(q);
            }
          }
        }
      }
      if (kept.isEmpty() || kept.size() != e.getValue().size()) {
        cut = true;
        if (!mayNarrow) {
          throw AccessChecker.denied(user, request, new Action[] {Action.READ},
              e.getValue().size() == 1 ? Permission.newBuilder(t).withFamily(e.getKey())
                  .withQualifier(e.getValue().first()).build()
                  : Permission.newBuilder(t).withFamily(e.getKey()).build());
        }
      }
      if (!kept.isEmpty()) {
        out.put(e.getKey(), kept);
      }
    }
    if (out.isEmpty()) {
      throw AccessChecker.denied(user, request, new Action[] {Action.READ},
          asked.size() == 1 ? Permission.newBuilder(t).withFamily(asked.firstKey()).build()
              : scope);
    }
    AccessChecker.allowed(user, request + " (of the columns granted)", Action.READ, scope);
    return cut && mayNarrow ? out : null;
  }

  /** The one column (or family) {@code asked} names, for a denial. */
  private static Permission column(TableName t, NavigableMap<byte[], NavigableSet<byte[]>> asked) {
    Permission.Builder b = Permission.newBuilder(t).withFamily(asked.firstKey());
    NavigableSet<byte[]> qs = asked.firstEntry().getValue();
    return qs.size() == 1 ? b.withQualifier(qs.first()).build() : b.build();
  }

  /**
   * Requires WRITE on every column the cells write; a family's delete marker needs the whole
   * family.
   */
  @Override
  public void checkWrite(String request, List<Cell> cells) throws AccessDeniedException {
    String user = AccessChecker.caller();
    if (checker.exempt(user)) {
      return;
    }
    TableName t = region.getRegionInfo().getTable();
    PermissionCache cache = checker.cache();
    if (cache.table(user, t, Action.WRITE)) {
      AccessChecker.allowed(user, request, Action.WRITE, Permission.newBuilder(t).build());
      return;
    }
    for (Cell cell : cells) {
      byte[] f = Bytes.copy(cell.getFamilyArray(), cell.getFamilyOffset(),
          cell.getFamilyLength());
      if (cache.family(user, t, f, Action.WRITE)) {
        continue;
      }
      CellType type = cell.getType();
      if (type == CellType.DELETE_FAMILY || type == CellType.DELETE_FAMILY_VERSION) {
        throw AccessChecker.denied(user, request, new Action[] {Action.WRITE},
            Permission.newBuilder(t).withFamily(f).build());
      }
      byte[] q = Bytes.copy(cell.getQualifierArray(), cell.getQualifierOffset(),
          cell.getQualifierLength());
      if (!cache.column(user, t, f, q, Action.WRITE)) {
        throw AccessChecker.denied(user, request, new Action[] {Action.WRITE},
            Permission.newBuilder(t).withFamily(f).withQualifier(q).build());
      }
    }
    AccessChecker.allowed(user, request + " (of the columns granted)", Action.WRITE,
        Permission.newBuilder(t).build());
  }

  // ---- the master's DDL ----

  @Override
  public void preCreateTable(ObserverContext<MasterCoprocessorEnvironment> c,
      TableDescriptor desc, List<byte[]> splitKeys) throws IOException {
    checker.requireNamespace("create table " + desc.getTableName(),
        desc.getTableName().getNamespace(), Action.CREATE, Action.ADMIN);
  }

  @Override
  public TableDescriptor preModifyTable(ObserverContext<MasterCoprocessorEnvironment> c,
      TableName tableName, TableDescriptor current, TableDescriptor next) throws IOException {
    checker.requireTable("modify table " + tableName, tableName, Action.ADMIN, Action.CREATE);
    return next;
  }

  @Override
  public void preDeleteTable(ObserverContext<MasterCoprocessorEnvironment> c,
      TableName tableName) throws IOException {
    checker.requireTable("delete table " + tableName, tableName, Action.ADMIN, Action.CREATE);
  }

  @Override
  public void preTruncateTable(ObserverContext<MasterCoprocessorEnvironment> c,
      TableName tableName) throws IOException {
    checker.requireTable("truncate table " + tableName, tableName, Action.ADMIN, Action.CREATE);
  }

  @Override
  public void preEnableTable(ObserverContext<MasterCoprocessorEnvironment> c,
      TableName tableName) throws IOException {
    checker.requireTable("enable table " + tableName, tableName, Action.ADMIN, Action.CREATE);
  }

  @Override
  public void preDisableTable(ObserverContext<MasterCoprocessorEnvironment> c,
      TableName tableName) throws IOException {
    checker.requireTable("disable table " + tableName, tableName, Action.ADMIN, Action.CREATE);
  }

  @Override
  public void preCreateNamespace(ObserverContext<MasterCoprocessorEnvironment> c,
      NamespaceDescriptor ns) throws IOException {
    checker.requireGlobal("create namespace " + ns.getName(), Action.ADMIN);
  }

  @Override
  public void preModifyNamespace(ObserverContext<MasterCoprocessorEnvironment> c,
      NamespaceDescriptor current, NamespaceDescriptor next) throws IOException {
    checker.requireGlobal("modify namespace " + next.getName(), Action.ADMIN);
  }

  @Override
  public void preDeleteNamespace(ObserverContext<MasterCoprocessorEnvironment> c,
      String namespace) throws IOException {
    checker.requireGlobal("delete namespace " + namespace, Action.ADMIN);
  }

  @Override
  public void preMove(ObserverContext<MasterCoprocessorEnvironment> c, RegionInfo region,
      ServerName source, ServerName destination) throws IOException {
    checker.requireTable("move a region of " + region.getTable(), region.getTable(),
        Action.ADMIN);
  }

  @Override
  public void preSplitRegion(ObserverContext<MasterCoprocessorEnvironment> c,
      TableName tableName, byte[] splitRow) throws IOException {
    checker.requireTable("split table " + tableName, tableName, Action.ADMIN);
  }

  @Override
  public void preBalance(ObserverContext<MasterCoprocessorEnvironment> c) throws IOException {
    checker.requireGlobal("balance", Action.ADMIN);
  }
}
