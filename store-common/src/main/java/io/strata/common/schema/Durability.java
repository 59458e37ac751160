package io.strata.common.schema;

/**
 * How hard a write is made durable before it is acknowledged. USE_DEFAULT defers to the table
 * (and the table's USE_DEFAULT means SYNC_WAL).
 */
public enum Durability {
  USE_DEFAULT,
  /** No WAL: lost on a region server crash until flushed. */
  SKIP_WAL,
  /** WAL written in the background: a crash loses the last moments. */
  ASYNC_WAL,
  /** WAL flushed to the file system (hflush) before the answer: survives a server crash. */
  SYNC_WAL,
  /** WAL forced to disk (hsync) before the answer: survives power loss. */
  FSYNC_WAL;

  public static Durability parse(String text) {
    return SchemaEnums.parse(Durability.class, "DURABILITY", text);
  }
}
