package io.strata.shell.commands.ddl;

import io.strata.common.schema.BloomType;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.Compression;
import io.strata.common.schema.DataBlockEncoding;
import io.strata.common.schema.Durability;
import io.strata.common.schema.TableDescriptor;
import io.strata.shell.command.CommandException;
import io.strata.shell.command.Values;
import java.util.List;
import java.util.Map;

/** Family and table settings from the hashes create and alter take, as HBase names them. */
final class SchemaOptions {
  static final List<String> FAMILY_KEYS = List.of("NAME", "VERSIONS", "MIN_VERSIONS", "TTL",
      "BLOOMFILTER", "COMPRESSION", "DATA_BLOCK_ENCODING", "BLOCKSIZE", "IN_MEMORY",
      "BLOCKCACHE", "CONFIGURATION");
  static final List<String> TABLE_KEYS = List.of("MAX_FILESIZE", "MEMSTORE_FLUSHSIZE",
      "DURABILITY", "READONLY", "NORMALIZATION_ENABLED", "METADATA", "coprocessor");

  private SchemaOptions() {}

  /** The family the hash describes, starting from {@code base} (null: defaults). */
  static ColumnFamilyDescriptor family(Map<Object, Object> hash, ColumnFamilyDescriptor base,
      List<String> alsoAllowed) {
    ColumnFamilyDescriptor.Builder b = base == null
        ? ColumnFamilyDescriptor.newBuilder(Values.toBytes(hash.get("NAME"), "NAME"))
        : ColumnFamilyDescriptor.newBuilder(base);
    for (Map.Entry<Object, Object> e : hash.entrySet()) {
      String key = String.valueOf(e.getKey());
      Object v = e.getValue();
      switch (key) {
        case "NAME" -> { }
        case "VERSIONS" -> b.setMaxVersions(Values.toInt(v, key));
        case "MIN_VERSIONS" -> b.setMinVersions(Values.toInt(v, key));
        case "TTL" -> b.setTimeToLive(Ttl.parse(v));
        case "BLOOMFILTER" -> b.setBloomFilterType(choice(BloomType::parse, v, key));
        case "COMPRESSION" -> b.setCompression(choice(Compression::parse, v, key));
        case "DATA_BLOCK_ENCODING" ->
            b.setDataBlockEncoding(choice(DataBlockEncoding::parse, v, key));
        case "BLOCKSIZE" -> b.setBlockSize(Values.toInt(v, key));
        case "IN_MEMORY" -> b.setInMemory(Values.toBool(v, key));
        case "BLOCKCACHE" -> b.setBlockCacheEnabled(Values.toBool(v, key));
        case "CONFIGURATION" -> stringMap(v, key).forEach(b::setConfiguration);
        default -> {
          if (!alsoAllowed.contains(key)) {
            throw new CommandException("a column family has no setting " + key
                + "; its settings are " + String.join(", ", FAMILY_KEYS));
          }
        }
      }
    }
    try {
      return b.build();
    } catch (IllegalArgumentException e) {
      throw new CommandException(e.getMessage());
    }
  }

  /** True if the hash describes a family (it has NAME) rather than table settings. */
  static boolean isFamily(Map<Object, Object> hash) {
    return hash.containsKey("NAME");
  }

  /** Applies the table settings of {@code hash}; keys in {@code skip} belong to the caller. */
  static void table(TableDescriptor.Builder b, Map<Object, Object> hash, List<String> skip) {
    for (Map.Entry<Object, Object> e : hash.entrySet()) {
      String key = String.valueOf(e.getKey());
      Object v = e.getValue();
      switch (key) {
        case "MAX_FILESIZE" -> b.setMaxFileSize(positive(v, key));
        case "MEMSTORE_FLUSHSIZE" -> b.setMemStoreFlushSize(positive(v, key));
        case "DURABILITY" -> b.setDurability(choice(Durability::parse, v, key));
        case "READONLY" -> b.setReadOnly(Values.toBool(v, key));
        case "NORMALIZATION_ENABLED" -> b.setNormalizationEnabled(Values.toBool(v, key));
        case "METADATA" -> stringMap(v, key).forEach(b::setValue);
        case "coprocessor", "COPROCESSOR" -> {
          try {
            b.addCoprocessor(io.strata.common.schema.CoprocessorSpec.parse(Values.toText(v,
                key)));
          } catch (IllegalArgumentException bad) {
            throw new CommandException(bad.getMessage());
          }
        }
        default -> {
          if (!skip.contains(key)) {
            throw new CommandException("a table has no setting " + key + "; its settings are "
                + String.join(", ", TABLE_KEYS) + (skip.isEmpty() ? ""
                    : ", and this command also takes " + String.join(", ", skip))
                + " (a family's settings go in a hash with NAME => 'family')");
          }
        }
      }
    }
  }

  /** Removes a table setting, as alter's table_att_unset does. */
  static void unset(TableDescriptor.Builder b, TableDescriptor current, String key) {
    if (key.startsWith("coprocessor$")) {
      int n = coprocessorNumber(current, key);
      b.removeCoprocessor(current.getCoprocessors().get(n - 1).className());
      return;
    }
    if (!TABLE_KEYS.contains(key) && !current.getMetadata().containsKey(key)) {
      throw new CommandException("table " + current.getTableName() + " has no setting or "
          + "metadata key '" + key + "' to unset; its settings are " + String.join(", ",
          TABLE_KEYS) + (current.getMetadata().isEmpty() ? ""
          : " and its metadata keys " + String.join(", ", current.getMetadata().keySet())));
    }
    switch (key) {
      case "MAX_FILESIZE" -> b.setMaxFileSize(TableDescriptor.USE_SERVER_DEFAULT);
      case "MEMSTORE_FLUSHSIZE" -> b.setMemStoreFlushSize(TableDescriptor.USE_SERVER_DEFAULT);
      case "DURABILITY" -> b.setDurability(Durability.USE_DEFAULT);
      case "READONLY" -> b.setReadOnly(false);
      case "coprocessor" -> throw new CommandException("unset a coprocessor by its number, as"
          + " describe shows it: NAME => 'coprocessor$1'");
      default -> b.setValue(key, null);
    }
  }

  /** The N of {@code coprocessor$N}, as describe numbers the table's coprocessors. */
  private static int coprocessorNumber(TableDescriptor current, String key) {
    int count = current.getCoprocessors().size();
    try {
      int n = Integer.parseInt(key.substring("coprocessor$".length()));
      if (n >= 1 && n <= count) {
        return n;
      }
    } catch (NumberFormatException e) {
      // named below
    }
    throw new CommandException("table " + current.getTableName() + " has no " + key + "; "
        + (count == 0 ? "it has no coprocessors" : "its coprocessors are coprocessor$1"
            + (count > 1 ? " to coprocessor$" + count : "") + ", as describe numbers them"));
  }

  private static long positive(Object v, String key) {
    long n = Values.toLong(v, key);
    if (n < 1) {
      throw new CommandException(key + " must be a positive number of bytes, got " + n
          + " (METHOD => 'table_att_unset', NAME => '" + key + "' returns to the default)");
    }
    return n;
  }

  /** One of an enum's names, parsed by the schema's own parser (which names the choices). */
  static <E> E choice(java.util.function.Function<String, E> parse, Object v, String key) {
    try {
      return parse.apply(Values.toText(v, key));
    } catch (IllegalArgumentException e) {
      throw new CommandException(key + ": " + e.getMessage());
    }
  }

  private static Map<String, String> stringMap(Object v, String key) {
    if (!(v instanceof Map<?, ?> m)) {
      throw new CommandException(key + " must be a hash such as {'key' => 'value'}, got "
          + Values.inspect(v));
    }
    Map<String, String> out = new java.util.LinkedHashMap<>();
    m.forEach((k, x) -> out.put(String.valueOf(k), Values.toText(x, key + " value")));
    return out;
  }
}
