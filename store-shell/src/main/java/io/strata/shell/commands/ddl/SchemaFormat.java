package io.strata.shell.commands.ddl;

import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Schemas as HBase's describe prints them. */
final class SchemaFormat {
  private SchemaFormat() {}

  /** {@code t1} or {@code t1, {TABLE_ATTRIBUTES => {...}}}. */
  static String table(TableDescriptor d) {
    List<String> attrs = new ArrayList<>();
    if (d.getMaxFileSize() != TableDescriptor.USE_SERVER_DEFAULT) {
      attrs.add("MAX_FILESIZE => '" + d.getMaxFileSize() + "'");
    }
    if (d.getMemStoreFlushSize() != TableDescriptor.USE_SERVER_DEFAULT) {
      attrs.add("MEMSTORE_FLUSHSIZE => '" + d.getMemStoreFlushSize() + "'");
    }
    if (d.getDurability() != io.strata.common.schema.Durability.USE_DEFAULT) {
      attrs.add("DURABILITY => '" + d.getDurability() + "'");
    }
    if (d.isReadOnly()) {
      attrs.add("READONLY => 'true'");
    }
    for (int i = 0; i < d.getCoprocessors().size(); i++) {
      attrs.add("coprocessor$" + (i + 1) + " => '" + d.getCoprocessors().get(i).format() + "'");
    }
    if (!d.getMetadata().isEmpty()) {
      attrs.add("METADATA => " + map(d.getMetadata()));
    }
    String name = name(d.getTableName());
    return attrs.isEmpty() ? name
        : name + ", {TABLE_ATTRIBUTES => {" + String.join(", ", attrs) + "}}";
  }

  static String name(TableName t) {
    return t.toString();
  }

  /** {@code {NAME => 'f1', BLOOMFILTER => 'ROW', ...}} in HBase 2's order. */
  static String family(ColumnFamilyDescriptor f) {
    StringBuilder sb = new StringBuilder("{NAME => '").append(Bytes.toStringBinary(f.getName()))
        .append("', BLOOMFILTER => '").append(f.getBloomFilterType())
        .append("', IN_MEMORY => '").append(f.isInMemory())
        .append("', VERSIONS => '").append(f.getMaxVersions())
        .append("', DATA_BLOCK_ENCODING => '").append(f.getDataBlockEncoding())
        .append("', COMPRESSION => '").append(f.getCompression())
        .append("', TTL => '").append(Ttl.format(f.getTimeToLive()))
        .append("', MIN_VERSIONS => '").append(f.getMinVersions())
        .append("', BLOCKCACHE => '").append(f.isBlockCacheEnabled())
        .append("', BLOCKSIZE => '").append(f.getBlockSize()).append('\'');
    if (!f.getConfiguration().isEmpty()) {
      sb.append(", CONFIGURATION => ").append(map(f.getConfiguration()));
    }
    return sb.append('}').toString();
  }

  static String map(Map<String, String> m) {
    List<String> parts = new ArrayList<>();
    m.forEach((k, v) -> parts.add("'" + k + "' => '" + v + "'"));
    return "{" + String.join(", ", parts) + "}";
  }
}
