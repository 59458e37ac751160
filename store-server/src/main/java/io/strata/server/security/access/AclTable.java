package io.strata.server.security.access;

import io.strata.client.Connection;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.client.security.AccessCodec;
import io.strata.client.security.Permission;
import io.strata.client.security.UserPermission;
import io.strata.common.cell.Cell;
import io.strata.common.error.TableNotFoundException;
import io.strata.common.proto.AccessProtos.AclEntryProto;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The layout of strata:acl (docs/formats/acl.md): a row per scope ({@code !global},
 * {@code @namespace}, or a table's name), a cell per user and narrower scope in family
 * {@code l}, holding an {@link AclEntryProto}.
 */
public final class AclTable {
  public static final TableName TABLE = TableName.valueOf(TableName.SYSTEM_NAMESPACE, "acl");
  public static final byte[] FAMILY = Bytes.toBytes("l");
  /** The global scope's row: '!' is in no namespace's or table's name. */
  static final byte[] GLOBAL_ROW = Bytes.toBytes("!global");
  static final int VERSION = 1;

  private AclTable() {}

  public static TableDescriptor descriptor() {
    return TableDescriptor.newBuilder(TABLE).setColumnFamily(ColumnFamilyDescriptor
        .newBuilder(FAMILY).setMaxVersions(1).setInMemory(true).build()).build();
  }

  /** The row of a permission's scope. */
  static byte[] row(Permission p) {
    return switch (p.getAccessScope()) {
      case GLOBAL -> GLOBAL_ROW;
      case NAMESPACE -> Bytes.toBytes("@" + p.getNamespace());
      case TABLE -> Bytes.toBytes(p.getTableName().getNameAsString());
    };
  }

  /**
   * The qualifier of a user's permission within its row: the user, then NUL and the family,
   * then NUL and the qualifier, as far as the permission is narrowed. A user name holds no NUL
   * (UserPermission refuses one), nor does a family name, so the parts split apart again.
   */
  static byte[] column(String user, Permission p) {
    byte[] u = Bytes.toBytes(user);
    byte[] f = p.getFamily();
    if (f == null) {
      return u;
    }
    byte[] q = p.getQualifier();
    byte[] out = new byte[u.length + 1 + f.length + (q == null ? 0 : 1 + q.length)];
    System.arraycopy(u, 0, out, 0, u.length);
    System.arraycopy(f, 0, out, u.length + 1, f.length);
    if (q != null) {
      System.arraycopy(q, 0, out, u.length + 2 + f.length, q.length);
    }
    return out;
  }

  static byte[] value(UserPermission u) {
    return AclEntryProto.newBuilder().setVersion(VERSION).setPermission(AccessCodec.toProto(u))
        .build().toByteArray();
  }

  /** A cell's permission; throws naming the cell when it cannot be read. */
  static UserPermission parse(Cell c) throws IOException {
    byte[] v = Bytes.copy(c.getValueArray(), c.getValueOffset(), c.getValueLength());
    try {
      AclEntryProto e = AclEntryProto.parseFrom(v);
      if (e.getVersion() != VERSION) {
        throw new IOException("an entry of " + TABLE + " in row " + Bytes.toStringBinary(
            c.getRowArray(), c.getRowOffset(), c.getRowLength()) + " is of version "
            + e.getVersion() + "; this server reads version " + VERSION + ": upgrade it");
      }
      return AccessCodec.fromProto(e.getPermission());
    } catch (com.google.protobuf.InvalidProtocolBufferException | IllegalArgumentException e) {
      throw new IOException("an entry of " + TABLE + " in row " + Bytes.toStringBinary(
          c.getRowArray(), c.getRowOffset(), c.getRowLength()) + " cannot be read: " + e);
    }
  }

  /** Every permission strata:acl holds; none when the table is not made yet. */
  static List<UserPermission> readAll(Connection connection) throws IOException {
    List<UserPermission> all = new ArrayList<>();
    Table table = connection.getTable(TABLE);
    try (ResultScanner s = table.getScanner(new Scan().addFamily(FAMILY))) {
      for (Result r : s) {
        for (Cell c : r.rawCells()) {
          all.add(parse(c));
        }
      }
    } catch (TableNotFoundException none) {
      // the master has not made it yet: nothing is granted
    } catch (java.io.UncheckedIOException e) { // a scanner's iteration wraps what it meets
      if (!(e.getCause() instanceof TableNotFoundException)) {
        throw e.getCause();
      }
    }
    return all;
  }
}
