package io.strata.client;

import io.strata.common.schema.TableName;
import java.util.List;
import java.util.Objects;

/**
 * A snapshot of a table, as HBase's SnapshotDescription: its name, the table, when it was taken
 * and how. As listed ({@link Admin#listSnapshots()}) it also says the bytes of its block files
 * and which of them are missing (a snapshot missing files cannot be cloned or restored).
 */
public final class SnapshotDescription {
  private final String name;
  private final TableName table;
  private final SnapshotType type;
  private final long creationTime;
  private final long size;
  private final List<String> missingFiles;

  /** A snapshot to take of {@code table}, flushing it first. */
  public SnapshotDescription(String name, TableName table) {
    this(name, table, SnapshotType.FLUSH);
  }

  public SnapshotDescription(String name, TableName table, SnapshotType type) {
    this(name, table, type, -1, -1, List.of());
  }

  public SnapshotDescription(String name, TableName table, SnapshotType type,
      long creationTime, long size, List<String> missingFiles) {
    this.name = Objects.requireNonNull(name, "name");
    this.table = Objects.requireNonNull(table, "table");
    this.type = Objects.requireNonNull(type, "type");
    this.creationTime = creationTime;
    this.size = size;
    this.missingFiles = List.copyOf(missingFiles);
  }

  public String getName() {
    return name;
  }

  public TableName getTableName() {
    return table;
  }

  public String getTableNameAsString() {
    return table.getNameAsString();
  }

  public SnapshotType getType() {
    return type;
  }

  /** When it was taken, in milliseconds since the epoch; -1 for one not taken yet. */
  public long getCreationTime() {
    return creationTime;
  }

  /** Bytes of the block files it names; -1 for one not taken yet. */
  public long getSize() {
    return size;
  }

  /** Block files it names that are gone, relative to the root's data directory. */
  public List<String> getMissingFiles() {
    return missingFiles;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SnapshotDescription d && d.name.equals(name) && d.table.equals(table)
        && d.type == type && d.creationTime == creationTime;
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, table, type, creationTime);
  }

  @Override
  public String toString() {
    return "{ name=" + name + ", table=" + table + ", type=" + type
        + (creationTime >= 0 ? ", creationTime=" + creationTime : "") + " }";
  }
}
