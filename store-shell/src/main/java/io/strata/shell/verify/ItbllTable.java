package io.strata.shell.verify;

import io.strata.client.Admin;
import io.strata.common.error.TableExistsException;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import java.io.IOException;
import java.io.PrintStream;
import java.math.BigInteger;

/**
 * The linked-list table: one row a node, keyed by 8 random bytes, family {@code meta} with
 * {@code prev} (the 8-byte key of the node this one points to; empty for a node that points at
 * nothing yet), {@code client} (which generator thread wrote it) and {@code count} (the node's
 * 8-byte number within that thread's list).
 */
final class ItbllTable {
  static final String DEFAULT_NAME = "IntegrationTestBigLinkedList";
  static final byte[] FAMILY = Bytes.toBytes("meta");
  static final byte[] PREV = Bytes.toBytes("prev");
  static final byte[] CLIENT = Bytes.toBytes("client");
  static final byte[] COUNT = Bytes.toBytes("count");
  static final byte[] NO_PREV = new byte[0];

  private ItbllTable() {}

  /** Creates the table in {@code regions} regions unless it exists; says which it did. */
  static void createIfAbsent(Admin admin, TableName name, int regions, PrintStream out)
      throws IOException {
    if (admin.tableExists(name)) {
      TableDescriptor d = admin.getDescriptor(name);
      if (!d.hasColumnFamily(FAMILY)) {
        throw new IOException("table '" + name + "' exists without family 'meta'; give another "
            + "--table, or drop this one");
      }
      out.println("itbll: writing into existing table '" + name + "'");
      return;
    }
    try {
      admin.createTable(TableDescriptor.newBuilder(name)
          .setColumnFamily(ColumnFamilyDescriptor.of("meta")).build(), splitKeys(regions));
    } catch (TableExistsException e) {
      // Another generator started at the same moment and made it; write into theirs.
      out.println("itbll: table '" + name + "' was created meanwhile; writing into it");
      return;
    }
    out.println("itbll: created table '" + name + "' in " + regions + " region(s)");
  }

  /**
   * {@code regions - 1} keys cutting the 8-byte key space into equal parts. Random longs
   * written big-endian spread evenly over it read as unsigned bytes, which is how row keys
   * sort, so each region gets an equal share of the nodes.
   */
  static byte[][] splitKeys(int regions) {
    if (regions < 1) {
      throw new IllegalArgumentException("regions must be at least 1, not " + regions);
    }
    BigInteger space = BigInteger.ONE.shiftLeft(64);
    byte[][] keys = new byte[regions - 1][];
    for (int k = 1; k < regions; k++) {
      long key = space.multiply(BigInteger.valueOf(k))
          .divide(BigInteger.valueOf(regions)).longValue();
      keys[k - 1] = Bytes.toBytes(key);
    }
    return keys;
  }
}
