package com.example;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.client.Get;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.Table;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;

public class QuickStart {
  public static void main(String[] args) throws Exception {
    // Reads strata-site.xml from $STRATA_CONF_DIR, -Dstrata.conf.dir, the classpath or ./conf/,
    // and logs which; without one it uses the defaults: a standalone Strata on this machine.
    try (Connection conn = ConnectionFactory.createConnection();
         Admin admin = conn.getAdmin()) {
      TableName name = TableName.valueOf("users");
      if (!admin.tableExists(name)) {
        admin.createTable(TableDescriptor.newBuilder(name)
            .setColumnFamily(ColumnFamilyDescriptor.of("info")).build());
      }
      try (Table users = conn.getTable(name)) {
        users.put(new Put(Bytes.toBytes("u1"))
            .addColumn(Bytes.toBytes("info"), Bytes.toBytes("name"), Bytes.toBytes("Ada")));
        Result r = users.get(new Get(Bytes.toBytes("u1")));
        System.out.println("u1 info:name = "
            + Bytes.toString(r.getValue(Bytes.toBytes("info"), Bytes.toBytes("name"))));
      }
    }
  }
}
