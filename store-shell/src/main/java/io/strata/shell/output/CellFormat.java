package io.strata.shell.output;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellType;
import io.strata.common.util.Bytes;
import java.util.Map;

/**
 * A cell as the HBase shell prints it: {@code column=f:q, timestamp=T, value=V} in scans,
 * {@code timestamp=T, value=V} beside the column in gets, and {@code type=Delete} in place of
 * the value for a delete marker (raw scans). Values print with the converter given for their
 * column ({@code 'f:q' -> toLong}) or the default one.
 */
public final class CellFormat {
  private final ValueFormat defaultFormat;
  private final Map<String, ValueFormat> byColumn;

  public CellFormat(ValueFormat defaultFormat, Map<String, ValueFormat> byColumn) {
    this.defaultFormat = defaultFormat;
    this.byColumn = byColumn;
  }

  public static CellFormat plain() {
    return new CellFormat(ValueFormat.TO_STRING_BINARY, Map.of());
  }

  public static String row(Cell c) {
    return Bytes.toStringBinary(c.getRowArray(), c.getRowOffset(), c.getRowLength());
  }

  public static String column(Cell c) {
    return Bytes.toStringBinary(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength()) + ":"
        + Bytes.toStringBinary(c.getQualifierArray(), c.getQualifierOffset(), c.getQualifierLength());
  }

  /** The scan form: {@code column=f:q, timestamp=T, value=V}. */
  public String scanCell(Cell c) {
    return "column=" + column(c) + ", " + getCell(c);
  }

  /** The get form: {@code timestamp=T, value=V}. */
  public String getCell(Cell c) {
    String s = "timestamp=" + c.getTimestamp() + ", ";
    if (c.getType() != CellType.PUT) {
      return s + "type=" + typeName(c.getType());
    }
    return s + "value=" + value(c);
  }

  public String value(Cell c) {
    ValueFormat f = byColumn.isEmpty() ? null : byColumn.get(column(c));
    if (f == null) {
      f = defaultFormat;
    }
    return f.format(c.getValueArray(), c.getValueOffset(), c.getValueLength());
  }

  /** HBase's names of cell types. */
  public static String typeName(CellType t) {
    return switch (t) {
      case PUT -> "Put";
      case DELETE -> "Delete";
      case DELETE_COLUMN -> "DeleteColumn";
      case DELETE_FAMILY -> "DeleteFamily";
      case DELETE_FAMILY_VERSION -> "DeleteFamilyVersion";
      default -> t.name();
    };
  }
}
