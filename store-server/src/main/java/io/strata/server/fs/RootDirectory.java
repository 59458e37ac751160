package io.strata.server.fs;

import java.io.FileNotFoundException;
import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsAction;
import org.apache.hadoop.security.AccessControlException;

/**
 * The root directory a daemon is about to use, checked before anything is written there: it
 * exists (or its parent does, and it is made), it is a directory, and this user may write in
 * it. A mistyped strata.rootdir must not quietly grow a new tree of directories, and an
 * unwritable one must say so rather than fail later on some file "that does not exist".
 */
public final class RootDirectory {
  private RootDirectory() {}

  /** Checks {@code root}, making it if only it is missing; an IOException says what to fix. */
  public static void prepare(FileSystem fs, Path root) throws IOException {
    if (!fs.exists(root)) {
      Path parent = root.getParent();
      if (parent != null && !fs.exists(parent)) {
        throw new IOException("the parent of strata.rootdir " + root + " does not exist; create"
            + " " + parent + " first, or point strata.rootdir at an existing directory");
      }
      writable(fs, parent, "the parent of strata.rootdir " + root);
      if (!fs.mkdirs(root) && !fs.getFileStatus(root).isDirectory()) {
        throw new IOException("cannot create strata.rootdir " + root);
      }
      return;
    }
    if (!fs.getFileStatus(root).isDirectory()) {
      throw new IOException("strata.rootdir " + root + " is a file, not a directory; point"
          + " strata.rootdir at a directory");
    }
    writable(fs, root, "strata.rootdir " + root);
  }

  private static void writable(FileSystem fs, Path dir, String what) throws IOException {
    if ("file".equals(fs.getUri().getScheme())) { // the kernel's answer, which knows root
      if (!java.nio.file.Files.isWritable(java.nio.file.Path.of(fs.makeQualified(dir)
          .toUri()))) {
        throw new IOException(what + " is not writable by " + System.getProperty("user.name")
            + "; give this user write permission on it, or run the daemons as its owner");
      }
      return;
    }
    try {
      fs.access(dir, FsAction.WRITE);
    } catch (AccessControlException e) {
      throw new IOException(what + " is not writable by "
          + System.getProperty("user.name") + "; give this user write permission on it, or"
          + " run the daemons as its owner", e);
    } catch (FileNotFoundException e) {
      throw new IOException(what + " disappeared while being checked", e);
    }
  }
}
