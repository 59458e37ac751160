package io.strata.shell.commands.dml;

import io.strata.shell.command.CommandException;
import io.strata.shell.command.Values;
import io.strata.common.util.Bytes;
import io.strata.shell.output.ValueFormat;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A column as users name it: {@code 'f'} (a whole family), {@code 'f:q'}, or {@code 'f:q:toLong'}
 * with a converter for printing its values. The family ends at the first colon; a trailing
 * {@code :converter} counts only when it names one, so qualifiers may hold colons.
 */
record ColumnSpec(byte[] family, byte[] qualifier, ValueFormat format) {
  static ColumnSpec parse(Object value, String what) {
    byte[] b = nameBytes(value, what);
    int colon = indexOf(b, 0);
    if (colon == 0 || b.length == 0) {
      throw new CommandException(what + " '" + Bytes.toStringBinary(b) + "' has an empty family;"
          + " write 'family:qualifier'");
    }
    if (colon < 0) {
      return new ColumnSpec(b, null, null);
    }
    byte[] family = Arrays.copyOfRange(b, 0, colon);
    byte[] rest = Arrays.copyOfRange(b, colon + 1, b.length);
    int last = lastIndexOf(rest);
    if (last >= 0) {
      ValueFormat f = ValueFormat.byName(
          new String(rest, last + 1, rest.length - last - 1, StandardCharsets.UTF_8));
      if (f != null) {
        return new ColumnSpec(family, Arrays.copyOfRange(rest, 0, last), f);
      }
    }
    return new ColumnSpec(family, rest, null);
  }

  /**
   * A column to write: {@code 'f:q'} split at the first colon only ({@code 'f'} alone is the
   * empty qualifier, as in HBase).
   */
  static ColumnSpec exact(Object value, String what) {
    ColumnSpec c = target(value, what);
    return c.qualifier() == null ? new ColumnSpec(c.family(), new byte[0], null) : c;
  }

  /** A column or family to delete: {@code 'f:q'} split at the first colon, {@code 'f'} alone. */
  static ColumnSpec target(Object value, String what) {
    byte[] b = nameBytes(value, what);
    int colon = indexOf(b, 0);
    if (colon == 0 || b.length == 0) {
      throw new CommandException(what + " '" + Bytes.toStringBinary(b) + "' has an empty family;"
          + " write 'family:qualifier'");
    }
    if (colon < 0) {
      return new ColumnSpec(b, null, null);
    }
    return new ColumnSpec(Arrays.copyOfRange(b, 0, colon), Arrays.copyOfRange(b, colon + 1,
        b.length), null);
  }

  private static byte[] nameBytes(Object value, String what) {
    Values.toName(value, what);
    return Values.toBytes(value, what);
  }

  /** The column as printed in results ({@code f:q}), the key of its converter. */
  String printed() {
    return Bytes.toStringBinary(family) + ":" + Bytes.toStringBinary(qualifier);
  }

  private static int indexOf(byte[] b, int from) {
    for (int i = from; i < b.length; i++) {
      if (b[i] == ':') {
        return i;
      }
    }
    return -1;
  }

  private static int lastIndexOf(byte[] b) {
    for (int i = b.length - 1; i >= 0; i--) {
      if (b[i] == ':') {
        return i;
      }
    }
    return -1;
  }
}
