package io.strata.shell.verify;

import io.strata.client.Admin;
import io.strata.client.Put;
import io.strata.common.error.TableExistsException;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import java.io.IOException;
import java.io.PrintStream;

/**
 * The atomicity table: rows {@code test_row_0}.. with families A, B and C, each written with
 * qualifiers {@code col0..col9}: a whole row is these 30 cells, all with one value.
 */
final class AcidTable {
  static final String DEFAULT_NAME = "TestAcidGuarantees";
  static final byte[][] FAMILIES = {Bytes.toBytes("A"), Bytes.toBytes("B"), Bytes.toBytes("C")};
  static final byte[][] QUALIFIERS = new byte[10][];
  static final int COLUMNS = FAMILIES.length * QUALIFIERS.length;

  static {
    for (int i = 0; i < QUALIFIERS.length; i++) {
      QUALIFIERS[i] = Bytes.toBytes("col" + i);
    }
  }

  private AcidTable() {}

  static byte[] row(int i) {
    return Bytes.toBytes("test_row_" + i);
  }

  /** A Put of the whole row: every one of its 30 cells holds {@code value}. */
  static Put wholeRow(byte[] row, byte[] value) {
    Put p = new Put(row);
    for (byte[] family : FAMILIES) {
      for (byte[] qualifier : QUALIFIERS) {
        p.addColumn(family, qualifier, value);
      }
    }
    return p;
  }

  /** Creates the table unless it exists; an existing one must have families A, B and C. */
  static void createIfAbsent(Admin admin, TableName name, PrintStream out) throws IOException {
    if (admin.tableExists(name)) {
      TableDescriptor d = admin.getDescriptor(name);
      for (byte[] family : FAMILIES) {
        if (!d.hasColumnFamily(family)) {
          throw new IOException("table '" + name + "' exists without family '"
              + Bytes.toString(family) + "'; give another --table, or drop this one");
        }
      }
      out.println("acid: using existing table '" + name + "'");
      return;
    }
    TableDescriptor.Builder b = TableDescriptor.newBuilder(name);
    for (byte[] family : FAMILIES) {
      b.setColumnFamily(ColumnFamilyDescriptor.of(Bytes.toString(family)));
    }
    try {
      admin.createTable(b.build());
      out.println("acid: created table '" + name + "'");
    } catch (TableExistsException e) {
      // Another run created it at the same moment; share it.
      out.println("acid: table '" + name + "' was created meanwhile; using it");
    }
  }
}
