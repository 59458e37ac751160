package io.strata.server.security.access;

import io.strata.client.NamespaceDescriptor;
import io.strata.client.security.CellAcls;
import io.strata.client.security.Permission;
import io.strata.client.security.Permission.Action;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellType;
import io.strata.common.cell.Tag;
import io.strata.common.error.AccessDeniedException;
import io.strata.common.error.BadRequestException;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;

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
 * only on some families or qualifiers sees, cell by cell, those columns and the cells whose ACL
 * grants them READ (neither the answer nor the call's filters see the rest); under
 * strata.security.access.early_out a read holding READ on none of its columns is refused.
 * Cells with a visibility expression are seen only by reads whose authorizations satisfy it.
 * strata:meta is readable by everyone, as clients locate regions through it. Writes: WRITE on
 * every column written (a family's delete marker needs the whole family, a row's delete every
 * family); a mutation's cell visibility and ACL become tags on its cells.
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
  public ReadChecks checkRead(String request, NavigableMap<byte[], NavigableSet<byte[]>> asked,
      boolean mayNarrow, Map<String, byte[]> attributes) throws IOException {
    String user = AccessChecker.caller();
    TableName t = region.getRegionInfo().getTable();
    if (AccessChecker.internal(user) || t.equals(TableName.META)) {
      return ReadChecks.NONE; // the cluster's own work sees every cell
    }
    Predicate<Cell> visible = Visibility.check(checker, user, attributes);
    if (checker.isSuperuser(user)) {
      return visible == null ? ReadChecks.NONE : new ReadChecks(null, visible);
    }
    PermissionCache cache = checker.cache();
    Permission scope = Permission.newBuilder(t).build();
    if (cache.table(user, t, Action.READ)) {
      AccessChecker.allowed(user, request, Action.READ, scope);
      return visible == null ? ReadChecks.NONE : new ReadChecks(null, visible);
    }
    if (!mayNarrow) { // a condition's read: every column it reads must be granted
      for (Map.Entry<byte[], NavigableSet<byte[]>> e : wanted(asked).entrySet()) {
        if (e.getValue().isEmpty()) {
          if (!cache.family(user, t, e.getKey(), Action.READ)) {
            throw AccessChecker.denied(user, request, new Action[] {Action.READ},
                Permission.newBuilder(t).withFamily(e.getKey()).build());
          }
          continue;
        }
        for (byte[] q : e.getValue()) {
          if (!cache.column(user, t, e.getKey(), q, Action.READ)) {
            throw AccessChecker.denied(user, request, new Action[] {Action.READ},
                Permission.newBuilder(t).withFamily(e.getKey()).withQualifier(q).build());
          }
        }
      }
      return ReadChecks.NONE;
    }
    if (checker.earlyOut() && !holdsAny(cache, user, t, asked)) {
      throw AccessChecker.denied(user, request, new Action[] {Action.READ},
          asked.size() == 1 ? Permission.newBuilder(t).withFamily(asked.firstKey()).build()
              : scope);
    }
    AccessChecker.allowed(user, request + " (of the cells granted)", Action.READ, scope);
    Predicate<Cell> granted = c -> cache.column(user, t, c, Action.READ)
        || CellAcl.grants(checker, c, user, Action.READ);
    return new ReadChecks(null, visible == null ? granted : granted.and(visible));
  }

  /** {@code asked}, or every family of the table for an empty selection. */
  private NavigableMap<byte[], NavigableSet<byte[]>> wanted(
      NavigableMap<byte[], NavigableSet<byte[]>> asked) {
    if (!asked.isEmpty()) {
      return asked;
    }
    NavigableMap<byte[], NavigableSet<byte[]>> all = new TreeMap<>(Bytes::compare);
    for (ColumnFamilyDescriptor f : region.getTableDescriptor().getColumnFamilies()) {
      all.put(f.getName(), new TreeSet<>(Bytes::compare));
    }
    return all;
  }

  /** Whether the user holds READ on any of the columns {@code asked} names (any: the table). */
  private static boolean holdsAny(PermissionCache cache, String user, TableName t,
      NavigableMap<byte[], NavigableSet<byte[]>> asked) {
    if (asked.isEmpty()) {
      return cache.anywhereIn(user, t, Action.READ);
    }
    for (Map.Entry<byte[], NavigableSet<byte[]>> e : asked.entrySet()) {
      if (cache.family(user, t, e.getKey(), Action.READ)) {
        return true;
      }
      if (e.getValue().isEmpty()) {
        if (cache.anywhereInFamily(user, t, e.getKey(), Action.READ)) {
          return true;
        }
        continue;
      }
      for (byte[] q : e.getValue()) {
        if (cache.column(user, t, e.getKey(), q, Action.READ)) {
          return true;
        }
      }
    }
    return false;
  }

  @Override
  public Predicate<Cell> visibleCells(Map<String, byte[]> attributes) throws IOException {
    String user = AccessChecker.caller();
    return AccessChecker.internal(user) ? null : Visibility.check(checker, user, attributes);
  }

  @Override
  public List<Tag> writeTags(String request, Map<String, byte[]> attributes)
      throws IOException {
    byte[] visibility = attributes.get(CellAcls.VISIBILITY_ATTRIBUTE);
    byte[] acl = attributes.get(CellAcls.ACL_ATTRIBUTE);
    if (visibility == null && acl == null) {
      return List.of();
    }
    if (request.equals("delete")) {
      throw new BadRequestException("a delete carries no cell visibility or ACL: it masks the "
          + "cells it names whatever theirs; remove setCellVisibility and setACL from the delete");
    }
    List<Tag> tags = new ArrayList<>(2);
    if (visibility != null) {
      tags.add(Visibility.tag(checker, Bytes.toString(visibility)));
    }
    if (acl != null) {
      tags.add(CellAcl.tag(acl));
    }
    return tags;
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
    // An increment or append answers with the value it made from the current one: a read too.
    boolean reads = request.equals("increment") || request.equals("append");
    if (!cache.table(user, t, Action.WRITE)) {
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
        if (!cache.column(user, t, cell, Action.WRITE)) {
          throw AccessChecker.denied(user, request, new Action[] {Action.WRITE},
              columnOf(t, cell));
        }
      }
    }
    if (reads && !cache.table(user, t, Action.READ)) {
      for (Cell cell : cells) {
        if (!cache.column(user, t, cell, Action.READ)) {
          throw AccessChecker.denied(user, request, new Action[] {Action.READ},
              columnOf(t, cell));
        }
      }
    }
    AccessChecker.allowed(user, request + " (of the columns granted)", Action.WRITE,
        Permission.newBuilder(t).build());
  }

  /** The scope of the column a cell is in, for a denial. */
  private static Permission columnOf(TableName t, Cell c) {
    return Permission.newBuilder(t).withFamily(Bytes.copy(c.getFamilyArray(),
        c.getFamilyOffset(), c.getFamilyLength())).withQualifier(Bytes.copy(
        c.getQualifierArray(), c.getQualifierOffset(), c.getQualifierLength())).build();
  }

  // ---- the master's DDL ----

  @Override
  public void preCreateTable(ObserverContext<MasterCoprocessorEnvironment> c,
      TableDescriptor desc, List<byte[]> splitKeys) throws IOException {
    checker.requireNamespace("create table " + desc.getTableName(),
        desc.getTableName().getNamespace(), Action.CREATE, Action.ADMIN);
    if (!desc.getCoprocessors().isEmpty()) { // code running inside the region servers
      checker.requireGlobal("load coprocessors on table " + desc.getTableName(), Action.ADMIN);
    }
  }

  @Override
  public TableDescriptor preModifyTable(ObserverContext<MasterCoprocessorEnvironment> c,
      TableName tableName, TableDescriptor current, TableDescriptor next) throws IOException {
    checker.requireTable("modify table " + tableName, tableName, Action.ADMIN, Action.CREATE);
    if (!next.getCoprocessors().equals(current == null ? java.util.List.of()
        : current.getCoprocessors())) { // code running inside the region servers
      checker.requireGlobal("change the coprocessors of table " + tableName, Action.ADMIN);
    }
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
