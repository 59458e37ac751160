package io.strata.server.bulkload;

import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.TableName;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * {@code bin/strata completebulkload DIR TABLE}: loads the block files a bulk-load job wrote
 * to DIR ({@code DIR/<family>/<file>}) into TABLE, as HBase's completebulkload.
 */
public final class CompleteBulkLoad {
  static final String USAGE = "Usage: bin/strata completebulkload DIR TABLE\n"
      + "  Adds the block files under DIR (DIR/<family>/<file>, as a bulk-load job writes them) "
      + "to TABLE,\n  cutting any that straddles a region boundary. The files leave DIR.";

  private CompleteBulkLoad() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      System.err.println("ERROR: completebulkload takes DIR and TABLE; it was given "
          + args.length + " arguments");
      System.err.println(USAGE);
      System.exit(2);
    }
    TableName table = TableName.valueOf(args[1]);
    try (Connection conn = ConnectionFactory.createConnection(StrataConfiguration.create())) {
      int n = BulkLoad.load(conn, table, new Path(args[0]), new Configuration());
      System.out.println("loaded " + n + " file(s) into " + table);
    }
  }
}
