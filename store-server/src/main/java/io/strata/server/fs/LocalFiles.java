package io.strata.server.fs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsAction;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * Hadoop's raw local file system with permissions set through java.nio instead of a
 * {@code chmod} child process. Without Hadoop's native library (which Strata does not ship),
 * {@link RawLocalFileSystem#setPermission} forks {@code chmod} for every directory it makes: a
 * region directory, a flush's temporary directory, each of a new table's regions. A table of
 * 10,000 regions took 36 s of forks to create on the test machine; through java.nio, the same
 * calls are plain system calls.
 */
public final class LocalFiles extends RawLocalFileSystem {
  @Override
  public void setPermission(Path p, FsPermission permission) throws IOException {
    Set<PosixFilePermission> perms = EnumSet.noneOf(PosixFilePermission.class);
    add(perms, permission.getUserAction(), PosixFilePermission.OWNER_READ,
        PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE);
    add(perms, permission.getGroupAction(), PosixFilePermission.GROUP_READ,
        PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE);
    add(perms, permission.getOtherAction(), PosixFilePermission.OTHERS_READ,
        PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);
    try {
      Files.setPosixFilePermissions(pathToFile(p).toPath(), perms);
    } catch (UnsupportedOperationException notPosix) {
      super.setPermission(p, permission); // a file system without POSIX permissions: Hadoop's way
    }
  }

  private static void add(Set<PosixFilePermission> perms, FsAction action,
      PosixFilePermission read, PosixFilePermission write, PosixFilePermission execute) {
    if (action.implies(FsAction.READ)) {
      perms.add(read);
    }
    if (action.implies(FsAction.WRITE)) {
      perms.add(write);
    }
    if (action.implies(FsAction.EXECUTE)) {
      perms.add(execute);
    }
  }
}
