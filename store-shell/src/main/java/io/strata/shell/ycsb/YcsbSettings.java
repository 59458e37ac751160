package io.strata.shell.ycsb;

import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.Durability;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import java.util.Properties;

/**
 * The binding's settings, read from YCSB's properties (workload files and {@code -p}), with the
 * names and defaults of HBase's YCSB binding so its command lines carry over:
 *
 * <pre>
 * table            usertable   the table to read and write
 * columnfamily     family      the one family every field is a column of
 * clientbuffering  false       true: inserts and updates go through a BufferedMutator
 * writebuffersize  12582912    that BufferedMutator's buffer, in bytes
 * durability       USE_DEFAULT SKIP_WAL, ASYNC_WAL, SYNC_WAL or FSYNC_WAL for every write
 * debug            false       true: each operation is printed to standard error
 * strata.*                     client configuration keys (docs/configuration.md), such as
 *                              strata.zookeeper.quorum; they override strata-site.xml
 * </pre>
 *
 * <pre>{@code
 * YcsbSettings s = YcsbSettings.from(props);            // bad values: IllegalArgumentException
 * Connection conn = ConnectionFactory.createConnection(YcsbSettings.configuration(props, null));
 * }</pre>
 */
record YcsbSettings(TableName table, String family, boolean clientBuffering,
    long writeBufferSize, Durability durability, boolean debug) {

  static final String TABLE = "table";
  static final String COLUMN_FAMILY = "columnfamily";
  static final String CLIENT_BUFFERING = "clientbuffering";
  static final String WRITE_BUFFER_SIZE = "writebuffersize";
  static final String DURABILITY = "durability";
  static final String DEBUG = "debug";
  /** YCSB properties with this prefix are Strata client configuration. */
  static final String STRATA_PREFIX = "strata.";

  static final String DEFAULT_TABLE = "usertable";
  static final String DEFAULT_FAMILY = "family";
  /** HBase's binding buffers 12 MiB by default; so does this one, for comparable runs. */
  static final long DEFAULT_WRITE_BUFFER_SIZE = 12L * 1024 * 1024;

  /** The settings {@code props} give; an IllegalArgumentException names a bad one. */
  static YcsbSettings from(Properties props) {
    String table = props.getProperty(TABLE, DEFAULT_TABLE);
    TableName name;
    try {
      name = TableName.valueOf(table);
    } catch (IllegalArgumentException e) {
      throw bad(TABLE, table, e.getMessage());
    }
    String family = props.getProperty(COLUMN_FAMILY, DEFAULT_FAMILY);
    if (family.isEmpty()) {
      throw bad(COLUMN_FAMILY, family, "give the name of the family to use, e.g. "
          + DEFAULT_FAMILY);
    }
    String size = props.getProperty(WRITE_BUFFER_SIZE, Long.toString(DEFAULT_WRITE_BUFFER_SIZE));
    long bufferSize;
    try {
      bufferSize = Long.parseLong(size.trim());
    } catch (NumberFormatException e) {
      bufferSize = 0;
    }
    if (bufferSize < 1) {
      throw bad(WRITE_BUFFER_SIZE, size, "give the buffer size in bytes, at least 1");
    }
    String durability = props.getProperty(DURABILITY, Durability.USE_DEFAULT.name());
    Durability d;
    try {
      d = Durability.parse(durability);
    } catch (IllegalArgumentException e) {
      throw bad(DURABILITY, durability, e.getMessage());
    }
    return new YcsbSettings(name, family, flag(props, CLIENT_BUFFERING), bufferSize, d,
        flag(props, DEBUG));
  }

  byte[] familyBytes() {
    return Bytes.toBytes(family);
  }

  /**
   * The client configuration: every {@code strata.*} property of {@code props} over
   * {@code base}, which is null for the usual {@code strata-site.xml} and {@code -D} system
   * properties.
   */
  static StrataConfiguration configuration(Properties props, StrataConfiguration base) {
    StrataConfiguration conf = base != null ? base.copy() : StrataConfiguration.create();
    for (String name : props.stringPropertyNames()) {
      if (name.startsWith(STRATA_PREFIX)) {
        String value = props.getProperty(name);
        try {
          conf.set(name, value);
        } catch (IllegalArgumentException e) {
          throw bad(name, value, e.getMessage());
        }
      }
    }
    return conf;
  }

  private static boolean flag(Properties props, String name) {
    String value = props.getProperty(name, "false").trim();
    if (value.equalsIgnoreCase("true")) {
      return true;
    }
    if (value.equalsIgnoreCase("false")) {
      return false;
    }
    throw bad(name, value, "say true or false");
  }

  private static IllegalArgumentException bad(String name, String value, String why) {
    return new IllegalArgumentException("-p " + name + "=" + value + ": " + why);
  }
}
