package io.strata.server.security.access;

import io.strata.client.Connection;
import io.strata.client.Delete;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.common.cell.Cell;
import io.strata.common.error.TableNotFoundException;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import java.io.IOException;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The layout of strata:labels (docs/formats/acl.md, "Visibility labels"): the row
 * {@code !labels} holds a cell per defined label, a row {@code u:<user>} a cell per label the
 * user is authorized for; every value is the version byte 1.
 */
public final class LabelTable {
  public static final TableName TABLE = TableName.valueOf(TableName.SYSTEM_NAMESPACE, "labels");
  static final byte[] FAMILY = Bytes.toBytes("l");
  static final byte[] LABELS_ROW = Bytes.toBytes("!labels");
  static final byte[] VALUE = {1};

  /** The defined labels and each user's authorizations, as read; immutable. */
  public record Labels(Set<String> defined, Map<String, Set<String>> auths) {
    public static final Labels EMPTY = new Labels(Set.of(), Map.of());

    public Set<String> authsOf(String user) {
      return auths.getOrDefault(user, Set.of());
    }
  }

  private LabelTable() {}

  public static TableDescriptor descriptor() {
    return TableDescriptor.newBuilder(TABLE).setColumnFamily(ColumnFamilyDescriptor
        .newBuilder(FAMILY).setMaxVersions(1).setInMemory(true).build()).build();
  }

  static byte[] userRow(String user) {
    return Bytes.toBytes("u:" + user);
  }

  /** Every label and authorization; none when the table is not made yet. */
  static Labels readAll(Connection connection) throws IOException {
    Set<String> defined = new TreeSet<>();
    Map<String, Set<String>> auths = new HashMap<>();
    Table table = connection.getTable(TABLE);
    try (ResultScanner s = table.getScanner(new Scan().addFamily(FAMILY))) {
      for (Result r : s) {
        String row = Bytes.toString(r.getRow());
        Set<String> into = row.equals("!labels") ? defined : row.startsWith("u:")
            ? auths.computeIfAbsent(row.substring(2), u -> new TreeSet<>()) : null;
        if (into == null) {
          continue; // not this release's
        }
        for (Cell c : r.rawCells()) {
          into.add(Bytes.toString(c.getQualifierArray(), c.getQualifierOffset(),
              c.getQualifierLength()));
        }
      }
    } catch (TableNotFoundException none) {
      // the master has not made it yet: no label
    } catch (java.io.UncheckedIOException e) {
      if (!(e.getCause() instanceof TableNotFoundException)) {
        throw e.getCause();
      }
    }
    Map<String, Set<String>> frozen = new HashMap<>();
    auths.forEach((u, l) -> frozen.put(u, Set.copyOf(l)));
    return new Labels(Set.copyOf(defined), Map.copyOf(frozen));
  }

  /** Defines labels. */
  public static void define(Connection conn, Collection<String> labels) throws IOException {
    Put p = new Put(LABELS_ROW);
    labels.forEach(l -> p.addColumn(FAMILY, Bytes.toBytes(l), VALUE));
    conn.getTable(TABLE).put(p);
  }

  /** Gives {@code user} authorizations. */
  public static void give(Connection conn, String user, Collection<String> labels)
      throws IOException {
    Put p = new Put(userRow(user));
    labels.forEach(l -> p.addColumn(FAMILY, Bytes.toBytes(l), VALUE));
    conn.getTable(TABLE).put(p);
  }

  /** Takes authorizations from {@code user}. */
  public static void take(Connection conn, String user, Collection<String> labels)
      throws IOException {
    Delete d = new Delete(userRow(user));
    labels.forEach(l -> d.addColumns(FAMILY, Bytes.toBytes(l)));
    conn.getTable(TABLE).delete(d);
  }
}
