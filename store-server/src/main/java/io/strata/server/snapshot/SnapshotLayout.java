package io.strata.server.snapshot;

import io.strata.common.error.BadRequestException;
import io.strata.common.schema.TableName;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.Path;

/**
 * Where snapshots live under the root: {@code .snapshots/<name>/manifest} for each complete
 * one, {@code .snapshots/.tmp/<name>/} while one is being taken (never listed as a snapshot),
 * and {@code .snapshots/.clones/<namespace>=<table>} marking a table that may still read a
 * snapshot's files through links.
 */
public final class SnapshotLayout {
  public static final String DIR = ".snapshots";
  public static final String WORKING = ".tmp";
  public static final String CLONES = ".clones";
  public static final String MANIFEST = "manifest";
  private static final Pattern NAME = Pattern.compile("[a-zA-Z0-9_][a-zA-Z0-9_.-]*");

  private SnapshotLayout() {}

  public static Path dir(Path root) {
    return new Path(root, DIR);
  }

  /** A complete snapshot's directory. */
  public static Path snapshotDir(Path root, String name) {
    return new Path(dir(root), name);
  }

  /** Where a snapshot is made before it is moved, whole, to {@link #snapshotDir}. */
  public static Path workingDir(Path root, String name) {
    return new Path(new Path(dir(root), WORKING), name);
  }

  public static Path manifest(Path snapshotDir) {
    return new Path(snapshotDir, MANIFEST);
  }

  /** The mark of a table whose regions may read a snapshot's files through links. */
  public static Path cloneMark(Path root, TableName table) {
    return new Path(new Path(dir(root), CLONES), table.getNamespace() + "=" + table.getQualifier());
  }

  /** Refuses a name a snapshot cannot have, saying what it may be. */
  public static String checkName(String name) throws BadRequestException {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new BadRequestException("'" + name + "' is not a snapshot name: use letters, "
          + "digits, '_', '-' and '.', not starting with '.' or '-'");
    }
    return name;
  }
}
