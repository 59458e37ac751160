package io.strata.common.schema;

import io.strata.common.util.Bytes;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The immutable schema of a table: its name, column families, table attributes, coprocessors
 * and free-form metadata.
 *
 * <pre>{@code
 * TableDescriptor t = TableDescriptor.newBuilder(TableName.valueOf("users"))
 *     .setColumnFamily(ColumnFamilyDescriptor.of("d"))
 *     .setDurability(Durability.FSYNC_WAL)
 *     .build();
 * }</pre>
 */
public final class TableDescriptor {
  /** For max file size and memstore flush size: use the server's configured value. */
  public static final long USE_SERVER_DEFAULT = -1;
  /** The metadata key of {@link #isNormalizationEnabled}. */
  public static final String NORMALIZATION_ENABLED = "NORMALIZATION_ENABLED";

  private final TableName tableName;
  private final Map<byte[], ColumnFamilyDescriptor> families;
  /** The families' names in order, for looking a name up where it lies, without copying it. */
  private final byte[][] familyNames;
  private final long maxFileSize;
  private final long memstoreFlushSize;
  private final Durability durability;
  private final boolean readOnly;
  private final List<CoprocessorSpec> coprocessors;
  private final Map<String, String> metadata;

  private TableDescriptor(Builder b) {
    this.tableName = b.tableName;
    TreeMap<byte[], ColumnFamilyDescriptor> f = new TreeMap<>(Bytes::compare);
    f.putAll(b.families);
    this.families = Collections.unmodifiableMap(f);
    this.familyNames = f.keySet().toArray(new byte[0][]);
    this.maxFileSize = b.maxFileSize;
    this.memstoreFlushSize = b.memstoreFlushSize;
    this.durability = b.durability;
    this.readOnly = b.readOnly;
    this.coprocessors = List.copyOf(b.coprocessors);
    this.metadata = Collections.unmodifiableMap(new TreeMap<>(b.metadata));
  }

  public static Builder newBuilder(TableName name) {
    return new Builder(name);
  }

  /** A builder holding everything in {@code from}, to change some of it (alter). */
  public static Builder newBuilder(TableDescriptor from) {
    return new Builder(from.tableName, from);
  }

  /** A copy of {@code from} under another name (HBase's TableDescriptorBuilder.copy). */
  public static Builder newBuilder(TableName name, TableDescriptor from) {
    return new Builder(name, from);
  }

  public TableName getTableName() {
    return tableName;
  }

  /** Families in name order. */
  public Collection<ColumnFamilyDescriptor> getColumnFamilies() {
    return families.values();
  }

  public ColumnFamilyDescriptor getColumnFamily(byte[] name) {
    return families.get(name);
  }

  public boolean hasColumnFamily(byte[] name) {
    return families.containsKey(name);
  }

  /** Whether {@code array[offset, offset + length)} names a family: a cell's, checked in place. */
  public boolean hasColumnFamily(byte[] array, int offset, int length) {
    for (byte[] name : familyNames) {
      if (Bytes.equals(name, 0, name.length, array, offset, length)) {
        return true;
      }
    }
    return false;
  }

  public List<String> getColumnFamilyNames() {
    List<String> names = new ArrayList<>();
    for (ColumnFamilyDescriptor d : families.values()) {
      names.add(d.getNameAsString());
    }
    return names;
  }

  public long getMaxFileSize() {
    return maxFileSize;
  }

  public long getMemStoreFlushSize() {
    return memstoreFlushSize;
  }

  public Durability getDurability() {
    return durability;
  }

  public boolean isReadOnly() {
    return readOnly;
  }

  public List<CoprocessorSpec> getCoprocessors() {
    return coprocessors;
  }

  public Map<String, String> getMetadata() {
    return metadata;
  }

  /**
   * Whether the master's normalizer splits and merges this table's regions (HBase's
   * NORMALIZATION_ENABLED, kept as that metadata key; off unless set).
   */
  public boolean isNormalizationEnabled() {
    return Boolean.parseBoolean(metadata.get(NORMALIZATION_ENABLED));
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof TableDescriptor d)) {
      return false;
    }
    return d.tableName.equals(tableName)
        && new ArrayList<>(d.families.values()).equals(new ArrayList<>(families.values()))
        && d.maxFileSize == maxFileSize && d.memstoreFlushSize == memstoreFlushSize
        && d.durability == durability && d.readOnly == readOnly
        && d.coprocessors.equals(coprocessors) && d.metadata.equals(metadata);
  }

  @Override
  public int hashCode() {
    return tableName.hashCode() * 31 + families.size();
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("'").append(tableName).append("'");
    List<String> attrs = new ArrayList<>();
    if (maxFileSize != USE_SERVER_DEFAULT) {
      attrs.add("MAX_FILESIZE => '" + maxFileSize + "'");
    }
    if (memstoreFlushSize != USE_SERVER_DEFAULT) {
      attrs.add("MEMSTORE_FLUSHSIZE => '" + memstoreFlushSize + "'");
    }
    if (durability != Durability.USE_DEFAULT) {
      attrs.add("DURABILITY => '" + durability + "'");
    }
    if (readOnly) {
      attrs.add("READONLY => 'true'");
    }
    for (int i = 0; i < coprocessors.size(); i++) {
      attrs.add("coprocessor$" + (i + 1) + " => '" + coprocessors.get(i).format() + "'");
    }
    metadata.forEach((k, v) -> attrs.add(k + " => '" + v + "'"));
    if (!attrs.isEmpty()) {
      sb.append(", {TABLE_ATTRIBUTES => {").append(String.join(", ", attrs)).append("}}");
    }
    for (ColumnFamilyDescriptor f : families.values()) {
      sb.append(", ").append(f);
    }
    return sb.toString();
  }

  /** Collects a table's schema; {@link #build()} validates it. */
  public static final class Builder {
    private final TableName tableName;
    private final TreeMap<byte[], ColumnFamilyDescriptor> families = new TreeMap<>(Bytes::compare);
    private long maxFileSize = USE_SERVER_DEFAULT;
    private long memstoreFlushSize = USE_SERVER_DEFAULT;
    private Durability durability = Durability.USE_DEFAULT;
    private boolean readOnly;
    private final List<CoprocessorSpec> coprocessors = new ArrayList<>();
    private final Map<String, String> metadata = new TreeMap<>();

    private Builder(TableName tableName) {
      if (tableName == null) {
        throw new IllegalArgumentException("table name must not be null");
      }
      this.tableName = tableName;
    }

    private Builder(TableName name, TableDescriptor d) {
      this(name);
      families.putAll(d.families);
      maxFileSize = d.maxFileSize;
      memstoreFlushSize = d.memstoreFlushSize;
      durability = d.durability;
      readOnly = d.readOnly;
      coprocessors.addAll(d.coprocessors);
      metadata.putAll(d.metadata);
    }

    /** Adds the family, or replaces the one of the same name. */
    public Builder setColumnFamily(ColumnFamilyDescriptor family) {
      families.put(family.getName(), family);
      return this;
    }

    public Builder setColumnFamilies(Collection<ColumnFamilyDescriptor> all) {
      all.forEach(this::setColumnFamily);
      return this;
    }

    public Builder removeColumnFamily(byte[] name) {
      if (families.remove(name) == null) {
        throw new IllegalArgumentException("column family '" + Bytes.toStringBinary(name)
            + "' does not exist in table '" + tableName + "'; its families are "
            + String.join(", ", familyNames()));
      }
      return this;
    }

    public Builder setMaxFileSize(long bytes) {
      this.maxFileSize = bytes;
      return this;
    }

    public Builder setMemStoreFlushSize(long bytes) {
      this.memstoreFlushSize = bytes;
      return this;
    }

    public Builder setDurability(Durability d) {
      this.durability = d;
      return this;
    }

    public Builder setReadOnly(boolean v) {
      this.readOnly = v;
      return this;
    }

    public Builder addCoprocessor(CoprocessorSpec spec) {
      for (CoprocessorSpec cp : coprocessors) {
        if (cp.className().equals(spec.className())) {
          throw new IllegalArgumentException("coprocessor " + spec.className()
              + " is already attached to table '" + tableName + "'");
        }
      }
      coprocessors.add(spec);
      return this;
    }

    public Builder removeCoprocessor(String className) {
      coprocessors.removeIf(cp -> cp.className().equals(className));
      return this;
    }

    /** Sets free-form metadata; a null value removes the key. */
    /** Lets the master's normalizer split and merge the table's regions (or not). */
    public Builder setNormalizationEnabled(boolean on) {
      return setValue(NORMALIZATION_ENABLED, Boolean.toString(on));
    }

    public Builder setValue(String key, String value) {
      if (key == null || key.isEmpty()) {
        throw new IllegalArgumentException("metadata key must not be empty");
      }
      if (value == null) {
        metadata.remove(key);
      } else {
        metadata.put(key, value);
      }
      return this;
    }

    private List<String> familyNames() {
      List<String> names = new ArrayList<>();
      families.values().forEach(f -> names.add(f.getNameAsString()));
      return names;
    }

    public TableDescriptor build() {
      String where = "table '" + tableName + "': ";
      if (families.isEmpty()) {
        throw new IllegalArgumentException(where
            + "a table needs at least one column family; add one, for example 'cf'");
      }
      if (maxFileSize != USE_SERVER_DEFAULT && maxFileSize <= 0) {
        throw new IllegalArgumentException(where
            + "MAX_FILESIZE must be a positive number of bytes, was " + maxFileSize);
      }
      if (memstoreFlushSize != USE_SERVER_DEFAULT && memstoreFlushSize <= 0) {
        throw new IllegalArgumentException(where
            + "MEMSTORE_FLUSHSIZE must be a positive number of bytes, was " + memstoreFlushSize);
      }
      if (durability == null) {
        throw new IllegalArgumentException(where + "DURABILITY must not be null");
      }
      return new TableDescriptor(this);
    }
  }
}
