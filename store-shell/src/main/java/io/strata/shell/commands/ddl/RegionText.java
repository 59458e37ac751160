package io.strata.shell.commands.ddl;

import io.strata.common.schema.RegionInfo;
import io.strata.shell.output.Printable;

/** A region as HBase's shell prints it. */
public final class RegionText {
  private RegionText() {}

  /** {@code {ENCODED => e, NAME => 't1,,1.e.', STARTKEY => '', ENDKEY => ''}}. */
  public static String describe(RegionInfo r) {
    return "{ENCODED => " + r.getEncodedName() + ", NAME => '" + name(r) + "', STARTKEY => '"
        + Printable.bytes(r.getStartKey()) + "', ENDKEY => '" + Printable.bytes(r.getEndKey())
        + "'}";
  }

  public static String name(RegionInfo r) {
    return Printable.bytes(r.getRegionName());
  }
}
