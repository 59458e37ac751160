package io.strata.server.fs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.conf.StrataConfiguration;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.StreamCapabilities;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Proves the pinned Hadoop works on this JDK for what the WAL and block files need. */
class HadoopFileSystemTest {
  @TempDir
  java.nio.file.Path tmp;

  private StrataConfiguration conf() {
    return StrataConfiguration.defaults().set("strata.rootdir", "file://" + tmp + "/root");
  }

  @Test
  void writesHflushesHsyncsAndReadsThroughTheRootFileSystem() throws Exception {
    FileSystem fs = StorageFileSystems.forRoot(conf());
    assertTrue(fs instanceof RawLocalFileSystem, fs.getClass().getName());
    Path file = new Path(StorageFileSystems.rootDir(conf()), "wals/server1/wal.1");
    byte[] first = "first entry\n".getBytes(StandardCharsets.UTF_8);
    byte[] second = "second entry\n".getBytes(StandardCharsets.UTF_8);
    try (FSDataOutputStream out = fs.create(file, false)) {
      assertTrue(out.hasCapability(StreamCapabilities.HFLUSH));
      assertTrue(out.hasCapability(StreamCapabilities.HSYNC));
      out.write(first);
      out.hflush();
      // After hflush a new reader sees the bytes while the writer still holds the file open.
      assertArrayEquals(first, readAll(fs, file));
      out.write(second);
      out.hsync();
      assertEquals(first.length + second.length, fs.getFileStatus(file).getLen());
    }
    byte[] expected = new byte[first.length + second.length];
    System.arraycopy(first, 0, expected, 0, first.length);
    System.arraycopy(second, 0, expected, first.length, second.length);
    assertArrayEquals(expected, readAll(fs, file));

    try (FSDataInputStream in = fs.open(file)) {
      byte[] part = new byte[6];
      in.readFully(first.length, part);
      assertEquals("second", new String(part, StandardCharsets.UTF_8));
    }

    Path moved = new Path(file.getParent(), "wal.1.archived");
    assertTrue(fs.rename(file, moved));
    FileStatus[] listing = fs.listStatus(file.getParent());
    assertEquals(List.of("wal.1.archived"), Stream.of(listing).map(s -> s.getPath().getName())
        .toList());
    // The raw local file system writes no .crc side files: Strata checksums its own data.
    try (Stream<java.nio.file.Path> files = Files.walk(tmp)) {
      assertFalse(files.anyMatch(p -> p.getFileName().toString().endsWith(".crc")));
    }
    assertTrue(fs.delete(moved, false));
    assertFalse(fs.exists(moved));
  }

  @Test
  void refusingToOverwriteIsAnError() throws Exception {
    FileSystem fs = StorageFileSystems.forRoot(conf());
    Path file = new Path(StorageFileSystems.rootDir(conf()), "f");
    fs.create(file, false).close();
    assertThrows(org.apache.hadoop.fs.FileAlreadyExistsException.class,
        () -> fs.create(file, false));
  }

  @Test
  void badRootDirectoriesAreExplained() {
    StrataConfiguration noScheme = StrataConfiguration.defaults().set("strata.rootdir", "/data");
    assertEquals("strata.rootdir '/data' has no scheme; write file:///path for a local directory "
        + "or hdfs://namenode:port/path for HDFS", assertThrows(IllegalArgumentException.class,
            () -> StorageFileSystems.rootDir(noScheme)).getMessage());
    StrataConfiguration bad = StrataConfiguration.defaults().set("strata.rootdir", "file://a b");
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> StorageFileSystems.rootDir(bad)).getMessage()
        .startsWith("strata.rootdir 'file://a b' is not a valid URI ("));
  }

  @Test
  void hadoopKeysPassThroughAndStrataKeysDoNot() {
    StrataConfiguration conf = conf().set("dfs.replication", "2");
    org.apache.hadoop.conf.Configuration hadoop = StorageFileSystems.toHadoop(conf);
    assertEquals("2", hadoop.get("dfs.replication"));
    assertEquals(null, hadoop.get("strata.rootdir"));
  }

  private static byte[] readAll(FileSystem fs, Path file) throws Exception {
    try (FSDataInputStream in = fs.open(file)) {
      return in.readAllBytes();
    }
  }
}
