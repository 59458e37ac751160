package io.strata.server.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The root directory is made only where its parent stands, and must be a directory. */
class RootDirectoryTest {
  @TempDir
  java.nio.file.Path dir;

  private FileSystem fs() throws IOException {
    return FileSystem.getLocal(new Configuration()).getRaw();
  }

  @Test
  void aMissingRootIsMadeInItsParent() throws IOException {
    Path root = new Path(dir.resolve("root").toUri());
    RootDirectory.prepare(fs(), root);
    assertTrue(Files.isDirectory(dir.resolve("root")));
    RootDirectory.prepare(fs(), root); // and found the next time
  }

  @Test
  void aRootWhoseParentIsMissingIsRefusedNotMadeWithItsParents() throws IOException {
    Path root = new Path(dir.resolve("typo/root").toUri());
    IOException e = assertThrows(IOException.class, () -> RootDirectory.prepare(fs(), root));
    assertEquals("the parent of strata.rootdir " + root + " does not exist; create "
        + root.getParent() + " first, or point strata.rootdir at an existing directory",
        e.getMessage());
    assertTrue(!Files.exists(dir.resolve("typo")), "nothing was made");
  }

  @Test
  void aFileIsNotARoot() throws IOException {
    Files.writeString(dir.resolve("file"), "x");
    Path root = new Path(dir.resolve("file").toUri());
    assertEquals("strata.rootdir " + root + " is a file, not a directory; point strata.rootdir"
        + " at a directory", assertThrows(IOException.class,
            () -> RootDirectory.prepare(fs(), root)).getMessage());
  }
}
