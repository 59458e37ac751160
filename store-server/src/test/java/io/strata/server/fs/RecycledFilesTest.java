package io.strata.server.fs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecycledFilesTest {
  @TempDir
  java.nio.file.Path tmp;

  private FileSystem fs;
  private Path archive;

  @BeforeEach
  void setUp() throws IOException {
    fs = FileSystem.getLocal(new Configuration()).getRaw();
    archive = new Path(tmp.toUri().toString(), "archive");
  }

  private Path file(String name, int bytes, long seed) throws IOException {
    Path p = new Path(tmp.toUri().toString(), "data/" + name);
    Files.createDirectories(local(p).getParent());
    Files.write(local(p), bytes(bytes, seed));
    return p;
  }

  private static byte[] bytes(int n, long seed) {
    byte[] b = new byte[n];
    new Random(seed).nextBytes(b);
    return b;
  }

  private java.nio.file.Path local(Path p) {
    return java.nio.file.Path.of(p.toUri());
  }

  private Object inode(Path p) throws IOException {
    return Files.getAttribute(local(p), "unix:ino");
  }

  private byte[] write(RecycledFiles pool, Path p, int bytes, long seed) throws IOException {
    byte[] data = bytes(bytes, seed);
    try (FSDataOutputStream out = pool.create(fs, p)) {
      // Odd pieces and a flush midway, so writes straddle the stream's buffer.
      int half = bytes / 2;
      for (int off = 0; off < half; off += 1000) {
        out.write(data, off, Math.min(1000, half - off));
      }
      out.hflush();
      out.write(data, half, bytes - half);
      assertEquals(bytes, out.getPos());
    }
    return data;
  }

  @Test
  void aNewFileIsWrittenOverARecycledOneAndCutToWhatWasWritten() throws IOException {
    RecycledFiles pool = RecycledFiles.in(fs, archive, 1 << 20);
    Path dead = file("dead", 300_000, 1);
    Object ino = inode(dead);
    assertTrue(pool.recycle(dead));
    assertFalse(Files.exists(local(dead)));
    assertEquals(300_000, pool.pooledBytes());

    Path fresh = new Path(tmp.toUri().toString(), "tmp/new"); // its directory is made too
    byte[] data = write(pool, fresh, 100_001, 2);
    assertEquals(ino, inode(fresh), "the dead file's inode, so its pages, were reused");
    assertArrayEquals(data, Files.readAllBytes(local(fresh)));
    assertEquals(0, pool.pooledBytes());
  }

  @Test
  void aFileMadeWithAHeadAppearsWithItOverTheRecycledFilesOldBytes() throws IOException {
    RecycledFiles pool = RecycledFiles.in(fs, archive, 1 << 20);
    Path dead = file("dead", 50_000, 6);
    byte[] old = Files.readAllBytes(local(dead));
    Object ino = inode(dead);
    assertTrue(pool.recycle(dead));
    java.nio.file.Path poolDir = local(archive).resolve(RecycledFiles.DIR);

    Path wal = new Path(tmp.toUri().toString(), "wals/wal.1");
    byte[] head = bytes(100, 7);
    FSDataOutputStream out = pool.create(fs, wal, head);
    // Before anything more is written (as after a crash here): the head, zeros to the end of
    // its page (written whole, so the kernel need not read it first), then the old bytes.
    byte[] now = Files.readAllBytes(local(wal));
    assertEquals(ino, inode(wal));
    int page = OverwritingOutputStream.PAGE;
    assertArrayEquals(head, java.util.Arrays.copyOf(now, 100));
    assertArrayEquals(new byte[page - 100], java.util.Arrays.copyOfRange(now, 100, page));
    assertArrayEquals(java.util.Arrays.copyOfRange(old, page, old.length),
        java.util.Arrays.copyOfRange(now, page, now.length));
    try (var left = Files.list(poolDir)) {
      assertEquals(0, left.count(), "nothing claimed is left in the pool");
    }
    out.write(bytes(10, 8));
    out.close();
    assertEquals(110, Files.size(local(wal)), "cut to the head and what followed");

    // Without a pooled file the head is written into a new file.
    Path other = new Path(tmp.toUri().toString(), "wals/wal.2");
    pool.create(fs, other, head).close();
    assertArrayEquals(head, Files.readAllBytes(local(other)));
  }

  @Test
  void noFlushLeavesAPageItEndsInPartlyOld() throws IOException {
    int page = OverwritingOutputStream.PAGE;
    int buffer = OverwritingOutputStream.BUFFER;
    java.nio.file.Path f = tmp.resolve("over");
    byte[] old = new byte[6 * buffer + 1234];
    java.util.Arrays.fill(old, (byte) 0xFF);
    Files.write(f, old);
    Random rnd = new Random(5);
    java.io.ByteArrayOutputStream model = new java.io.ByteArrayOutputStream();
    int flushes = 0;
    try (OverwritingOutputStream out = new OverwritingOutputStream(f.toFile())) {
      while (model.size() < 5 * buffer) {
        byte[] piece = new byte[rnd.nextInt(3) == 0 ? rnd.nextInt(20_000) : rnd.nextInt(300)];
        rnd.nextBytes(piece);
        out.write(piece);
        model.write(piece);
        if (rnd.nextInt(4) != 0) {
          continue;
        }
        out.flush();
        flushes++;
        byte[] now = Files.readAllBytes(f);
        int n = model.size();
        int pageEnd = (n + page - 1) / page * page;
        assertArrayEquals(model.toByteArray(), java.util.Arrays.copyOf(now, n), "flush " + flushes);
        // Had the flush written only its data, the rest of its last page would be old bytes,
        // which the kernel reads from disk before such a write.
        assertArrayEquals(new byte[pageEnd - n], java.util.Arrays.copyOfRange(now, n, pageEnd),
            "flush " + flushes + " at " + n + ": its last page written whole, zeros after");
        assertArrayEquals(java.util.Arrays.copyOfRange(old, pageEnd, old.length),
            java.util.Arrays.copyOfRange(now, pageEnd, now.length),
            "flush " + flushes + ": no page after it touched");
      }
    }
    assertTrue(flushes > 20, "flushes: " + flushes);
    assertArrayEquals(model.toByteArray(), Files.readAllBytes(f), "cut to what was written");
  }

  @Test
  void aClaimedFileLeftInThePoolIsNeverTaken() throws IOException {
    RecycledFiles pool = RecycledFiles.in(fs, archive, 1 << 20);
    java.nio.file.Path poolDir = local(archive).resolve(RecycledFiles.DIR);
    Files.createDirectories(poolDir);
    // As a crash between claiming a pooled file and moving it into place leaves it.
    java.nio.file.Path claimed = poolDir.resolve(RecycledFiles.CLAIMED + "x");
    Files.write(claimed, bytes(20_000, 9));
    assertEquals(0, pool.pooledBytes());
    Path fresh = new Path(tmp.toUri().toString(), "fresh");
    write(pool, fresh, 1_000, 10);
    assertTrue(Files.exists(claimed));
    assertEquals(1_000, Files.size(local(fresh)));
  }

  @Test
  void aFileLongerThanTheRecycledOneIsWholeAndWithAnEmptyPoolFilesAreNew() throws IOException {
    RecycledFiles pool = RecycledFiles.in(fs, archive, 1 << 20);
    assertTrue(pool.recycle(file("small", 5_000, 3)));
    Path first = new Path(tmp.toUri().toString(), "first");
    byte[] data = write(pool, first, 250_000, 4);
    assertArrayEquals(data, Files.readAllBytes(local(first)));
    assertEquals(0, pool.pooledBytes());

    Path second = new Path(tmp.toUri().toString(), "second");
    byte[] more = write(pool, second, 70_000, 5);
    assertArrayEquals(more, Files.readAllBytes(local(second)));
  }

  @Test
  void theLargestPooledFileIsTakenFirst() throws IOException {
    RecycledFiles pool = RecycledFiles.in(fs, archive, 1 << 20);
    Path small = file("small", 10_000, 6);
    Path large = file("large", 90_000, 7);
    Object largeIno = inode(large);
    assertTrue(pool.recycle(small));
    assertTrue(pool.recycle(large));
    Path p = new Path(tmp.toUri().toString(), "p");
    write(pool, p, 1_000, 8);
    assertEquals(largeIno, inode(p));
    assertEquals(10_000, pool.pooledBytes());
  }

  @Test
  void aFileThatWouldOverfillThePoolStaysWhereItIs() throws IOException {
    RecycledFiles pool = RecycledFiles.in(fs, archive, 150_000);
    assertTrue(pool.recycle(file("a", 100_000, 9)));
    Path b = file("b", 60_000, 10);
    assertFalse(pool.recycle(b));
    assertTrue(Files.exists(local(b)));
    assertEquals(100_000, pool.pooledBytes());
    assertFalse(pool.recycle(new Path(tmp.toUri().toString(), "data/missing")));
  }

  @Test
  void anExistingFileIsNeitherReplacedNorTheRecycledOneLost() throws IOException {
    RecycledFiles pool = RecycledFiles.in(fs, archive, 1 << 20);
    assertTrue(pool.recycle(file("dead", 1_000, 11)));
    Path existing = file("existing", 500, 12);
    assertThrows(FileAlreadyExistsException.class, () -> pool.create(fs, existing));
    assertArrayEquals(bytes(500, 12), Files.readAllBytes(local(existing)));
    assertEquals(1_000, pool.pooledBytes());
  }

  @Test
  void hsyncWritesThroughAndAClosedStreamRefusesWrites() throws IOException {
    RecycledFiles pool = RecycledFiles.in(fs, archive, 1 << 20);
    assertTrue(pool.recycle(file("dead", 200_000, 13)));
    Path p = new Path(tmp.toUri().toString(), "synced");
    FSDataOutputStream out = pool.create(fs, p);
    out.write(new byte[] {1, 2, 3});
    out.hsync();
    // Synced bytes are in the file; the old content after them is still there until close.
    byte[] now = Files.readAllBytes(local(p));
    assertEquals(200_000, now.length);
    assertArrayEquals(new byte[] {1, 2, 3}, java.util.Arrays.copyOf(now, 3));
    out.close();
    assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(local(p)));
    IOException e = assertThrows(IOException.class, () -> out.write(4));
    assertTrue(e.getMessage().contains("is closed"), e.getMessage());
  }

  @Test
  void offOrNotLocalMeansNoPool() throws IOException {
    assertSame(RecycledFiles.NONE, RecycledFiles.in(fs, archive, 0));
    assertSame(RecycledFiles.NONE, RecycledFiles.in(new FaultInjectingFileSystem(fs), archive,
        1 << 20));
    Path dead = file("dead", 1_000, 14);
    assertFalse(RecycledFiles.NONE.recycle(dead));
    assertTrue(Files.exists(local(dead)));
    Path p = new Path(tmp.toUri().toString(), "plain");
    try (FSDataOutputStream out = RecycledFiles.NONE.create(fs, p)) {
      out.write(7);
    }
    assertArrayEquals(new byte[] {7}, Files.readAllBytes(local(p)));
  }

  @Test
  void directBlockFilesAreNewFilesAndLeaveThePoolToWalFiles() throws IOException {
    RecycledFiles pool = RecycledFiles.in(fs, archive, 1 << 20, true);
    Path dead = file("dead", 300_000, 20);
    Object ino = inode(dead);
    assertTrue(pool.recycle(dead));

    Path block = new Path(tmp.toUri().toString(), "tmp/block");
    try (FSDataOutputStream out = pool.create(fs, new Path(tmp.toUri().toString(), "probe"))) {
      assertTrue(out.getWrappedStream() instanceof DirectOutputStream, "written around the cache");
    }
    byte[] data = write(pool, block, 100_001, 21);
    assertArrayEquals(data, Files.readAllBytes(local(block)));
    assertEquals(300_000, pool.pooledBytes(), "the pooled file is still there");

    Path wal = new Path(tmp.toUri().toString(), "wal");
    try (FSDataOutputStream out = pool.create(fs, wal, new byte[] {1, 2})) {
      out.write(3);
    }
    assertEquals(ino, inode(wal), "a WAL file still takes the pooled one");
    assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(local(wal)));
  }

  @Test
  void directWritesNeedNoPool() throws IOException {
    RecycledFiles direct = RecycledFiles.in(fs, archive, 0, true);
    assertFalse(direct.enabled(), "no pool");
    Path dead = file("dead", 1_000, 22);
    assertFalse(direct.recycle(dead));
    Path block = new Path(tmp.toUri().toString(), "block");
    try (FSDataOutputStream out = direct.create(fs, new Path(tmp.toUri().toString(), "probe"))) {
      assertTrue(out.getWrappedStream() instanceof DirectOutputStream, "written around the cache");
    }
    assertArrayEquals(write(direct, block, 70_000, 23), Files.readAllBytes(local(block)));
    assertSame(RecycledFiles.NONE, RecycledFiles.in(new FaultInjectingFileSystem(fs), archive,
        1 << 20, true));
  }

  /** A file system that refuses O_DIRECT gets block files written through the page cache. */
  @Test
  void aFileSystemWithoutDirectWritesGetsBufferedOnes() throws IOException {
    int[] refused = {0};
    RecycledFiles pool = RecycledFiles.in(fs, archive, 1 << 20, true, file -> {
      refused[0]++;
      throw new DirectIo.Refused(file, "injected", null);
    });
    Path dead = file("dead", 200_000, 24);
    Object ino = inode(dead);
    assertTrue(pool.recycle(dead));
    for (int i = 0; i < 2; i++) { // the second after direct writes were given up
      Path block = new Path(tmp.toUri().toString(), "tmp/block" + i);
      assertArrayEquals(write(pool, block, 90_000, 25 + i), Files.readAllBytes(local(block)));
      if (i == 0) {
        assertEquals(ino, inode(block), "written over the pooled file instead");
      }
    }
    assertEquals(1, refused[0], "tried once, then given up");
  }
}
