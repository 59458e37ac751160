package io.strata.server.rpc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.strata.common.rpc.RpcFrame;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The reader against frames written out whole and fed back in pieces of every size: each frame
 * arrives once, in order, its cell block in the array the sink chose and nowhere else.
 */
class FrameReaderTest {
  private static final byte[] PREAMBLE = {'S', 'T', 'R', 'A', RpcFrame.VERSION};

  /**
   * What the sink saw, as text, and the arrays it lent; frames whose parameter starts with 's'
   * have their cell block skipped.
   */
  private static final class Recorder implements FrameReader.Sink {
    final List<String> events = new ArrayList<>();
    final List<byte[]> lent = new ArrayList<>();
    final List<byte[]> cellBlocks = new ArrayList<>();
    int pendingLength;
    FrameReader reader;
    boolean stopOnMessages;

    @Override
    public boolean preamble(byte[] preamble) {
      events.add("preamble " + Arrays.equals(preamble, PREAMBLE));
      return preamble[0] == 'S';
    }

    @Override
    public void tooLarge(long length) {
      events.add("too large " + length);
    }

    /** Frames longer than this are not admitted. */
    long admitUpTo = Long.MAX_VALUE;

    @Override
    public boolean admit(long length) {
      return length <= admitUpTo;
    }

    @Override
    public void refused(byte[] header) {
      events.add("refused " + new String(header));
    }

    @Override
    public void malformed(String why) {
      events.add("malformed: " + why);
    }

    @Override
    public byte[] messages(byte[] header, byte[] param, int cellsLength) {
      events.add("frame " + new String(header) + " " + new String(param) + " " + cellsLength);
      if (stopOnMessages) {
        reader.stop();
        return null;
      }
      if (param.length > 0 && param[0] == 's') {
        return null;
      }
      // Larger than the block, as a lent array may be: only the block's bytes are written.
      byte[] into = new byte[cellsLength + 3];
      Arrays.fill(into, (byte) 7);
      lent.add(into);
      pendingLength = cellsLength;
      return into;
    }

    @Override
    public void cells() {
      byte[] into = lent.get(lent.size() - 1);
      for (int i = pendingLength; i < into.length; i++) {
        assertEquals(7, into[i], "a byte past the block was written");
      }
      cellBlocks.add(Arrays.copyOf(into, pendingLength));
      events.add("cells " + pendingLength);
    }
  }

  private static byte[] frame(String header, String param, byte[] cells) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeInt(4 + header.length() + 4 + param.length() + cells.length);
    out.writeInt(header.length());
    out.writeBytes(header);
    out.writeInt(param.length());
    out.writeBytes(param);
    out.write(cells);
    return bytes.toByteArray();
  }

  private static Recorder feed(byte[] stream, Random rnd, int maxPiece, long maxFrame) {
    Recorder sink = new Recorder();
    FrameReader reader = new FrameReader(sink, maxFrame);
    sink.reader = reader;
    feed(reader, stream, rnd, maxPiece);
    return sink;
  }

  private static void feed(FrameReader reader, byte[] stream, Random rnd, int maxPiece) {
    for (int at = 0; at < stream.length; ) {
      int n = Math.min(stream.length - at, 1 + rnd.nextInt(maxPiece));
      ByteBuf piece = Unpooled.wrappedBuffer(stream, at, n);
      reader.read(piece);
      assertEquals(0, piece.readableBytes(), "the reader takes every byte it is given");
      at += n;
    }
  }

  @Test
  void framesInPiecesOfEverySizeArriveWholeAndInOrder() throws IOException {
    Random rnd = new Random(20261127);
    for (int round = 0; round < 200; round++) {
      ByteArrayOutputStream stream = new ByteArrayOutputStream();
      stream.write(PREAMBLE);
      List<String> expected = new ArrayList<>(List.of("preamble true"));
      List<byte[]> blocks = new ArrayList<>();
      int frames = 1 + rnd.nextInt(8);
      for (int f = 0; f < frames; f++) {
        String header = "h".repeat(rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(40)) + f;
        boolean skip = rnd.nextInt(4) == 0;
        String param = (skip ? "s" : "p") + "x".repeat(rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(300));
        int length = switch (rnd.nextInt(4)) {
          case 0 -> 0;
          case 1 -> rnd.nextInt(100);
          case 2 -> rnd.nextInt(70_000);
          default -> 200_000 + rnd.nextInt(400_000);
        };
        byte[] cells = new byte[length];
        rnd.nextBytes(cells);
        stream.write(frame(header, param, cells));
        expected.add("frame " + header + " " + param + " " + length);
        if (!skip) {
          expected.add("cells " + length);
          blocks.add(cells);
        }
      }
      int maxPiece = switch (round % 4) {
        case 0 -> 1;
        case 1 -> 7;
        case 2 -> 4096;
        default -> 70_000;
      };
      Recorder sink = feed(stream.toByteArray(), rnd, maxPiece, Integer.MAX_VALUE);
      assertEquals(expected, sink.events, "round " + round);
      assertEquals(blocks.size(), sink.cellBlocks.size());
      for (int i = 0; i < blocks.size(); i++) {
        assertArrayEquals(blocks.get(i), sink.cellBlocks.get(i), "round " + round + " block " + i);
      }
    }
  }

  @Test
  void aFrameLongerThanAllowedIsRefusedAtItsLengthAndNothingAfterIsRead() throws IOException {
    byte[] small = frame("a", "p", new byte[10]);
    byte[] large = frame("b", "p", new byte[1000]);
    byte[] stream = concat(PREAMBLE, small, large, small);
    Recorder sink = feed(stream, new Random(1), 3, 500);
    assertEquals(List.of("preamble true", "frame a p 10", "cells 10",
        "too large " + (large.length - 4)), sink.events);
  }

  @Test
  void lengthsThatDoNotAddUpAreRefusedSayingWhich() throws IOException {
    assertEquals(List.of("preamble true",
        "malformed: an RPC frame of 7 bytes is too short for its two length fields"),
        feed(concat(PREAMBLE, ints(7, 0)), new Random(2), 2, 1 << 20).events);
    assertEquals(List.of("preamble true",
        "malformed: an RPC frame of 20 bytes says its header has 13"),
        feed(concat(PREAMBLE, ints(20, 13), new byte[20]), new Random(3), 5, 1 << 20).events);
    assertEquals(List.of("preamble true",
        "malformed: an RPC frame of 20 bytes says its header has -1"),
        feed(concat(PREAMBLE, ints(20, -1), new byte[20]), new Random(3), 5, 1 << 20).events);
    assertEquals(List.of("preamble true",
        "malformed: an RPC frame of 20 bytes says its parameter has 11"),
        feed(concat(PREAMBLE, ints(20, 2), new byte[] {'h', 'h'}, ints(11), new byte[20]),
            new Random(4), 5, 1 << 20).events);
  }

  @Test
  void aFrameNotAdmittedHasItsHeaderReadAndTheRestSkipped() throws IOException {
    Random rnd = new Random(7);
    for (int maxPiece : new int[] {1, 5, 4096}) {
      Recorder sink = new Recorder();
      sink.admitUpTo = 500;
      FrameReader reader = new FrameReader(sink, 1 << 20);
      sink.reader = reader;
      feed(reader, concat(PREAMBLE, frame("a", "p", new byte[10]),
          frame("b", "q".repeat(300), new byte[1000]), frame("c", "p", new byte[20])), rnd,
          maxPiece);
      assertEquals(List.of("preamble true", "frame a p 10", "cells 10", "refused b",
          "frame c p 20", "cells 20"), sink.events, "pieces of up to " + maxPiece);
    }
  }

  @Test
  void aHeaderLongerThan64KiBIsMalformed() throws IOException {
    int h = FrameReader.MAX_HEADER + 1;
    assertEquals(List.of("preamble true", "malformed: a request header of 65537 bytes is longer"
        + " than the 65536 bytes a header may have"),
        feed(concat(PREAMBLE, ints(h + 8, h)), new Random(8), 3, 1 << 20).events);
  }

  @Test
  void theReaderSaysWhetherAFrameIsPartlyReadAndHowMuchCame() throws IOException {
    Recorder sink = new Recorder();
    FrameReader reader = new FrameReader(sink, 1 << 20);
    byte[] whole = concat(PREAMBLE, frame("a", "p", new byte[100]));
    reader.read(Unpooled.wrappedBuffer(PREAMBLE));
    assertEquals(false, reader.midFrame());
    reader.read(Unpooled.wrappedBuffer(whole, 5, 2));
    assertEquals(true, reader.midFrame(), "half a length field");
    reader.read(Unpooled.wrappedBuffer(whole, 7, whole.length - 8));
    assertEquals(true, reader.midFrame());
    reader.read(Unpooled.wrappedBuffer(whole, whole.length - 1, 1));
    assertEquals(false, reader.midFrame());
    assertEquals(whole.length, reader.bytesRead());
  }

  @Test
  void aPreambleTheSinkRefusesEndsReading() throws IOException {
    byte[] stream = concat(new byte[] {'G', 'E', 'T', ' ', '/'}, frame("a", "p", new byte[4]));
    assertEquals(List.of("preamble false"), feed(stream, new Random(5), 2, 1 << 20).events);
  }

  @Test
  void aSinkThatStopsOnAFrameGetsNothingMore() throws IOException {
    Recorder sink = new Recorder();
    FrameReader reader = new FrameReader(sink, 1 << 20);
    sink.reader = reader;
    sink.stopOnMessages = true;
    feed(reader, concat(PREAMBLE, frame("a", "p", new byte[9]), frame("b", "p", new byte[0])),
        new Random(6), 64);
    assertEquals(List.of("preamble true", "frame a p 9"), sink.events);
  }

  @Test
  void aCellBlockIsDoneOnlyWithItsLastByte() throws IOException {
    Recorder sink = new Recorder();
    FrameReader reader = new FrameReader(sink, 1 << 20);
    byte[] whole = concat(PREAMBLE, frame("a", "p", new byte[100]));
    reader.read(Unpooled.wrappedBuffer(whole, 0, whole.length - 1));
    assertEquals(List.of("preamble true", "frame a p 100"), sink.events);
    reader.read(Unpooled.wrappedBuffer(whole, whole.length - 1, 1));
    assertEquals(List.of("preamble true", "frame a p 100", "cells 100"), sink.events);
  }

  private static byte[] ints(int... values) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    for (int v : values) {
      out.writeInt(v);
    }
    return bytes.toByteArray();
  }

  private static byte[] concat(byte[]... parts) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      bytes.write(p);
    }
    return bytes.toByteArray();
  }
}
