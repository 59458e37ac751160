package io.strata.shell.pe;

import io.strata.client.Admin;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import java.io.IOException;
import java.io.PrintStream;

/**
 * Makes sure the table a pe run needs is there, as HBase's tool does: write commands create it
 * (with the schema options and {@code --presplit} regions) and recreate it when {@code
 * --presplit} is given or its families differ; read commands need it to exist. The table is
 * never deleted afterwards, so a read can follow a write.
 */
final class PeTable {
  private PeTable() {}

  static TableName prepare(Admin admin, PeOptions o, PrintStream log) throws IOException {
    TableName name;
    try {
      name = TableName.valueOf(o.table);
    } catch (IllegalArgumentException e) {
      throw new PeUsageException("--table=" + o.table + ": " + e.getMessage());
    }
    boolean exists = admin.tableExists(name);
    if (!o.command.writes()) {
      if (!exists) {
        throw new PeUsageException("table '" + o.table + "' does not exist; " + o.command
            .commandName() + " reads rows a write command wrote first, e.g. bin/strata pe"
            + " --rows=" + o.rows + " sequentialWrite " + o.clients);
      }
      if (o.presplit > 0) {
        throw new PeUsageException("--presplit recreates the table, which would leave "
            + o.command.commandName() + " nothing to read; give it to the write command");
      }
      checkFamilies(admin.getDescriptor(name), o, true);
      return name;
    }
    if (exists && (o.presplit > 0 || !checkFamilies(admin.getDescriptor(name), o, false))) {
      log.println("pe: recreating table '" + o.table + "'" + (o.presplit > 0 ? " with "
          + o.presplit + " regions" : " with " + o.families + " families"));
      if (admin.isTableEnabled(name)) {
        admin.disableTable(name);
      }
      admin.deleteTable(name);
      exists = false;
    }
    if (!exists) {
      admin.createTable(descriptor(name, o), splits(o));
    }
    return name;
  }

  /** Whether the table has exactly the families info0.. the run uses; reads insist. */
  private static boolean checkFamilies(TableDescriptor d, PeOptions o, boolean insist) {
    byte[][] want = o.familyNames();
    boolean same = d.getColumnFamilies().size() == want.length;
    for (byte[] f : want) {
      same &= d.hasColumnFamily(f);
    }
    if (!same && insist) {
      throw new PeUsageException("table '" + o.table + "' has families "
          + d.getColumnFamilyNames() + ", not the " + want.length + " this run reads (info0.."
          + "info" + (want.length - 1) + "); give the --families the write used");
    }
    return same;
  }

  private static TableDescriptor descriptor(TableName name, PeOptions o) {
    TableDescriptor.Builder b = TableDescriptor.newBuilder(name);
    for (byte[] f : o.familyNames()) {
      b.setColumnFamily(ColumnFamilyDescriptor.newBuilder(f).setCompression(o.compress)
          .setDataBlockEncoding(o.blockEncoding).setBloomFilterType(o.bloomFilter)
          .setBlockSize(o.blockSize).setInMemory(o.inMemory).build());
    }
    return b.build();
  }

  /** {@code presplit - 1} keys dividing the key space evenly, as HBase's tool splits it. */
  static byte[][] splits(PeOptions o) {
    if (o.presplit <= 1) {
      return new byte[0][];
    }
    long jump = o.totalRows / o.presplit;
    if (jump == 0) {
      throw new PeUsageException("--presplit=" + o.presplit + " is more regions than the "
          + o.totalRows + " rows; ask for at most " + o.totalRows);
    }
    byte[][] keys = new byte[o.presplit - 1][];
    for (int k = 0; k < keys.length; k++) {
      keys[k] = RowKeys.format(jump * (k + 1));
    }
    return keys;
  }
}
