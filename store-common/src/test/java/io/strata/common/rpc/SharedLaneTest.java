package io.strata.common.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SharedLaneTest {
  private static final int CAPACITY = SharedLane.MIN_CAPACITY;

  @TempDir
  Path dir;

  private int me() throws IOException {
    return (Integer) Files.getAttribute(dir, "unix:uid");
  }

  @Test
  void whatOneMappingWritesTheOtherReadsBothWays() throws IOException {
    SharedLane client = SharedLane.create(dir, CAPACITY);
    assertEquals("rw-------", PosixFilePermissions.toString(
        Files.getPosixFilePermissions(client.path())));
    assertEquals(SharedLane.fileBytes(CAPACITY), Files.size(client.path()));
    SharedLane server = SharedLane.open(client.path(), me(), CAPACITY);
    client.unlink();
    assertFalse(Files.exists(client.path()), "the name goes; both mappings stay");

    byte[] request = "get row 1".getBytes();
    assertEquals(request.length, client.toServer().write(request, 0, request.length));
    ByteBuffer got = ByteBuffer.allocate(100);
    assertEquals(request.length, server.toServer().read(got));
    assertEquals("get row 1", new String(got.array(), 0, got.position()));

    byte[] answer = new byte[CAPACITY];
    answer[CAPACITY - 1] = 9;
    assertEquals(CAPACITY, server.toClient().write(answer, 0, answer.length));
    assertEquals(0, client.toServer().available(), "the two pipes are apart");
    ByteBuffer back = ByteBuffer.allocate(CAPACITY);
    assertEquals(CAPACITY, client.toClient().read(back));
    assertEquals(9, back.get(CAPACITY - 1));
  }

  @Test
  void aFileThatIsNotALaneOfThisFormatIsRefusedSayingWhy() throws IOException {
    SharedLane lane = SharedLane.create(dir, CAPACITY);
    Path p = lane.path();
    try (FileChannel ch = FileChannel.open(p, StandardOpenOption.WRITE)) {
      ch.write(ByteBuffer.allocate(4).putInt(0, 2), 8); // version 2
    }
    assertMessage(p, "format version 2");
    try (FileChannel ch = FileChannel.open(p, StandardOpenOption.WRITE)) {
      ch.write(ByteBuffer.allocate(4).putInt(0, SharedLane.VERSION), 8);
      ch.write(ByteBuffer.allocate(4).putInt(0, CAPACITY * 2), 12);
    }
    assertMessage(p, "holds " + SharedLane.fileBytes(CAPACITY) + " bytes");
    try (FileChannel ch = FileChannel.open(p, StandardOpenOption.WRITE)) {
      ch.write(ByteBuffer.allocate(4).putInt(0, CAPACITY + 1), 12);
    }
    assertMessage(p, "power of two");
    try (FileChannel ch = FileChannel.open(p, StandardOpenOption.WRITE)) {
      ch.write(ByteBuffer.allocate(4).putInt(0, SharedLane.MAX_CAPACITY), 12);
    }
    IOException large = assertThrows(IOException.class, () -> SharedLane.open(p, me(), CAPACITY));
    assertTrue(large.getMessage().contains("more than the " + CAPACITY + " this end accepts"),
        large.getMessage());
    try (FileChannel ch = FileChannel.open(p, StandardOpenOption.WRITE)) {
      ch.write(ByteBuffer.wrap("NOTALANE".getBytes()), 0);
    }
    assertMessage(p, "not a shared-memory lane");

    Path small = Files.write(dir.resolve("small"), new byte[100]);
    assertMessage(small, "too few");
    Path link = Files.createSymbolicLink(dir.resolve("link"), SharedLane.create(dir, CAPACITY)
        .path());
    assertMessage(link, "not a regular file");
    assertThrows(IOException.class, () -> SharedLane.create(dir, CAPACITY + 1));
    assertThrows(IOException.class, () -> SharedLane.create(dir, SharedLane.MIN_CAPACITY / 2));
  }

  @Test
  void aLaneOfAnotherUserIsRefused() throws IOException {
    SharedLane lane = SharedLane.create(dir, CAPACITY);
    IOException e = assertThrows(IOException.class,
        () -> SharedLane.open(lane.path(), me() + 1, CAPACITY));
    assertTrue(e.getMessage().contains("belongs to user id " + me() + ", not to " + (me() + 1)),
        e.getMessage());
  }

  private void assertMessage(Path p, String part) {
    IOException e = assertThrows(IOException.class,
        () -> SharedLane.open(p, me(), SharedLane.MAX_CAPACITY));
    assertTrue(e.getMessage().contains(part), e.getMessage());
  }

  /**
   * Another JVM maps the lane and echoes what comes through one pipe into the other: the
   * counters' release and acquire order the bytes between processes, not only threads.
   */
  @Test
  void aChildProcessEchoesEveryByteThroughTheOtherPipe() throws Exception {
    SharedLane lane = SharedLane.create(dir, CAPACITY);
    long total = 4L << 20;
    String java = ProcessHandle.current().info().command().orElse("java");
    Process child = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
        SharedLaneEcho.class.getName(), lane.path().toString(), Long.toString(total)))
        .redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile()).start();
    try {
      long sent = 0;
      long got = 0;
      ByteBuffer out = ByteBuffer.allocate(5000);
      ByteBuffer in = ByteBuffer.allocate(7000);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
      while (got < total) {
        assertTrue(System.nanoTime() < deadline, "the echo stalled at " + got + " of " + total
            + ": " + Files.readString(dir.resolve("child.log")));
        assertTrue(child.isAlive() || lane.toClient().available() > 0,
            "the child ended: " + Files.readString(dir.resolve("child.log")));
        if (sent < total) {
          if (!out.hasRemaining() || out.position() == 0) {
            out.clear();
            int len = (int) Math.min(out.capacity(), total - sent);
            for (int i = 0; i < len; i++) {
              out.put(i, (byte) ((sent + i) * 13));
            }
            out.limit(len);
          }
          int n = lane.toServer().write(out);
          sent += n;
          if (!out.hasRemaining()) {
            out.position(0).limit(0);
          }
        }
        in.clear();
        int n = lane.toClient().read(in);
        for (int i = 0; i < n; i++) {
          if (in.get(i) != (byte) ((got + i) * 13)) {
            throw new AssertionError("byte " + (got + i) + " came back as " + in.get(i));
          }
        }
        got += n;
        if (n == 0) {
          Thread.yield();
        }
      }
      assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the child ends once all is echoed");
      assertEquals(0, child.exitValue(), Files.readString(dir.resolve("child.log")));
    } finally {
      child.destroyForcibly();
      lane.unlink();
    }
  }
}
