package io.strata.shell.commands.snapshots;

import io.strata.client.SnapshotDescription;
import java.io.PrintStream;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/** How the snapshot commands print snapshots: HBase's two columns, name and table + time. */
final class SnapshotList {
  private static final String ROW = "%-40s %s%n";
  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss Z").withZone(ZoneId.systemDefault());

  private SnapshotList() {}

  /** Prints the header and a line per snapshot; returns their names. */
  static List<Object> print(PrintStream out, List<SnapshotDescription> snapshots) {
    out.printf(ROW, "SNAPSHOT", "TABLE + CREATION TIME");
    List<Object> names = new ArrayList<>();
    for (SnapshotDescription s : snapshots) {
      String missing = s.getMissingFiles().isEmpty() ? ""
          : " MISSING " + s.getMissingFiles().size() + " FILE(S): "
              + String.join(", ", s.getMissingFiles());
      out.printf(ROW, " " + s.getName(), s.getTableNameAsString() + " ("
          + TIME.format(Instant.ofEpochMilli(s.getCreationTime())) + ")" + missing);
      names.add(s.getName());
    }
    return names;
  }
}
