package io.strata.common.cell;

/**
 * The type byte of a cell. Codes are durable (they are written into block files and the WAL)
 * and follow HBase's values so that sorting by code descending puts deletes before puts at equal
 * timestamps: MAXIMUM, DELETE_FAMILY, DELETE_COLUMN, DELETE_FAMILY_VERSION, DELETE, PUT, MINIMUM.
 * MINIMUM and MAXIMUM never reach storage; they build seek keys that sort after or before every
 * real cell of the same coordinates.
 */
public enum CellType {
  MINIMUM(0),
  PUT(4),
  /** Deletes one version of one column: the version at exactly this timestamp. */
  DELETE(8),
  /** Deletes every column of the family at exactly this timestamp. */
  DELETE_FAMILY_VERSION(10),
  /** Deletes every version of one column at or below this timestamp. */
  DELETE_COLUMN(12),
  /** Deletes every column of the family at or below this timestamp. */
  DELETE_FAMILY(14),
  MAXIMUM(255);

  private static final CellType[] BY_CODE = new CellType[256];

  static {
    for (CellType t : values()) {
      BY_CODE[t.code] = t;
    }
  }

  private final int code;

  CellType(int code) {
    this.code = code;
  }

  /** The unsigned byte written to storage. */
  public int code() {
    return code;
  }

  public boolean isDelete() {
    return this == DELETE || this == DELETE_FAMILY_VERSION || this == DELETE_COLUMN
        || this == DELETE_FAMILY;
  }

  public static CellType fromCode(int code) {
    CellType t = (code >= 0 && code < 256) ? BY_CODE[code] : null;
    if (t == null) {
      throw new IllegalArgumentException("unknown cell type code " + code
          + "; known codes are 0, 4, 8, 10, 12, 14 and 255 (the data is corrupt or newer)");
    }
    return t;
  }
}
