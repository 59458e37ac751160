package io.strata.server.regionserver;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.WireFormat;
import io.strata.common.proto.ClientProtos.DurabilityProto;
import io.strata.common.proto.ClientProtos.MultiRequest;
import io.strata.common.proto.ClientProtos.MutationProto;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link MultiRequest} whose every action is a plain put or delete (row, type, durability
 * and cell count, nothing else: a write buffer's batch), read straight from its bytes into one
 * small record per action. The generated parser made two builders and two messages per action
 * and copied each row twice: about 5% of a server's CPU in a buffered write, on the network
 * thread.
 *
 * <p>{@link #read} answers null for anything else (a get, an increment, a field it does not
 * know, a message field given twice, an enum number it does not know), and the caller parses
 * the request the generated way; so what it does read means exactly what the generated
 * message would.
 */
record PlainMulti(List<Region> regions, boolean succeededAsIndexes) {
  /** One region's actions. */
  record Region(String encodedName, List<Action> actions) {}

  /**
   * A put or delete of {@code row}: its next {@code cellCount} cells of the cell block. A
   * PutBatch's puts have a null row: theirs is their cells'.
   */
  record Action(int index, byte[] row, MutationProto.Type type, DurabilityProto durability,
      int cellCount) {}

  // MultiRequest
  private static final int REGION_ACTIONS = 1;
  private static final int SUCCEEDED_AS_INDEXES = 2;
  // RegionActionProto
  private static final int REGION = 1;
  private static final int ACTIONS = 2;
  // RegionSpecifierProto
  private static final int ENCODED_NAME = 1;
  // ActionProto
  private static final int INDEX = 1;
  private static final int MUTATION = 2;
  // MutationProto
  private static final int ROW = 1;
  private static final int TYPE = 2;
  private static final int DURABILITY = 3;
  private static final int CELL_COUNT = 4;

  private static final byte[] NO_ROW = new byte[0];

  /**
   * The request in {@code bytes} if all its actions are plain puts and deletes, else null.
   * Throws for bytes that are no protobuf message (the generated parser then says why).
   */
  static PlainMulti read(byte[] bytes) throws InvalidProtocolBufferException {
    try {
      CodedInputStream in = CodedInputStream.newInstance(bytes);
      List<Region> regions = new ArrayList<>();
      boolean asIndexes = false;
      for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
        if (tag == lengthDelimited(REGION_ACTIONS)) {
          Region r = embedded(in, PlainMulti::region);
          if (r == null) {
            return null;
          }
          regions.add(r);
        } else if (tag == varint(SUCCEEDED_AS_INDEXES)) {
          asIndexes = in.readBool();
        } else {
          return null;
        }
      }
      return new PlainMulti(regions, asIndexes);
    } catch (InvalidProtocolBufferException e) {
      throw e;
    } catch (java.io.IOException e) {
      throw new InvalidProtocolBufferException(e);
    }
  }

  // PutBatchRequest
  private static final int PUT_REGIONS = 1;
  // PutBatchRegionProto
  private static final int PUT_REGION = 1;
  private static final int PUT_INDEXES = 2;
  private static final int PUT_CELL_COUNTS = 3;
  private static final int PUT_DURABILITY = 4;

  /**
   * A {@code PutBatchRequest}: every action a put, of its region's durability, whose row is
   * its cells' ({@link Action#row()} null). Fields it does not know are skipped, as any proto3
   * reader does; a region whose indexes and cell counts differ in number is refused.
   */
  static PlainMulti readPutBatch(byte[] bytes) throws InvalidProtocolBufferException {
    try {
      CodedInputStream in = CodedInputStream.newInstance(bytes);
      List<Region> regions = new ArrayList<>();
      for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
        if (tag == lengthDelimited(PUT_REGIONS)) {
          int limit = in.pushLimit(in.readRawVarint32());
          regions.add(putRegion(in));
          in.popLimit(limit);
        } else {
          in.skipField(tag);
        }
      }
      return new PlainMulti(regions, true);
    } catch (InvalidProtocolBufferException e) {
      throw e;
    } catch (java.io.IOException e) {
      throw new InvalidProtocolBufferException(e);
    }
  }

  private static Region putRegion(CodedInputStream in) throws java.io.IOException {
    String name = "";
    Ints indexes = new Ints();
    Ints counts = new Ints();
    int durability = 0;
    while (!in.isAtEnd()) {
      int tag = in.readTag();
      if (tag == lengthDelimited(PUT_REGION)) {
        int limit = in.pushLimit(in.readRawVarint32());
        while (!in.isAtEnd()) {
          int t = in.readTag();
          if (t == lengthDelimited(ENCODED_NAME)) {
            name = in.readStringRequireUtf8();
          } else {
            in.skipField(t);
          }
        }
        in.popLimit(limit);
      } else if (tag == lengthDelimited(PUT_INDEXES) || tag == varint(PUT_INDEXES)) {
        indexes.read(in, tag);
      } else if (tag == lengthDelimited(PUT_CELL_COUNTS) || tag == varint(PUT_CELL_COUNTS)) {
        counts.read(in, tag);
      } else if (tag == varint(PUT_DURABILITY)) {
        durability = in.readEnum();
      } else {
        in.skipField(tag);
      }
    }
    DurabilityProto d = DurabilityProto.forNumber(durability);
    if (d == null) {
      throw new InvalidProtocolBufferException("region '" + name + "' has durability "
          + durability + ", which this server does not know");
    }
    if (indexes.size != counts.size) {
      throw new InvalidProtocolBufferException("region '" + name + "' has " + indexes.size
          + " put indexes and " + counts.size + " cell counts; give one cell count a put");
    }
    List<Action> actions = new ArrayList<>(indexes.size);
    for (int i = 0; i < indexes.size; i++) {
      actions.add(new Action(indexes.values[i], null, MutationProto.Type.PUT, d,
          counts.values[i]));
    }
    return new Region(name, actions);
  }

  /** The values of a repeated uint32 field, as they are read. */
  private static final class Ints {
    int[] values = new int[64];
    int size;

    /**
     * Reads the field whose {@code tag} was just read: a packed run of values, or (as a proto3
     * reader must also take) one value.
     */
    void read(CodedInputStream in, int tag) throws java.io.IOException {
      boolean packed = (tag & 7) == WireFormat.WIRETYPE_LENGTH_DELIMITED;
      int limit = packed ? in.pushLimit(in.readRawVarint32()) : -1;
      do {
        if (size == values.length) {
          values = java.util.Arrays.copyOf(values, size * 2);
        }
        values[size++] = in.readUInt32();
      } while (packed && !in.isAtEnd());
      if (packed) {
        in.popLimit(limit);
      }
    }
  }

  private static Region region(CodedInputStream in) throws java.io.IOException {
    String name = null;
    List<Action> actions = new ArrayList<>();
    while (!in.isAtEnd()) {
      int tag = in.readTag();
      if (tag == lengthDelimited(REGION) && name == null) {
        name = embedded(in, PlainMulti::encodedName);
        if (name == null) {
          return null;
        }
      } else if (tag == lengthDelimited(ACTIONS)) {
        Action a = embedded(in, PlainMulti::action);
        if (a == null) {
          return null;
        }
        actions.add(a);
      } else {
        return null;
      }
    }
    return new Region(name == null ? "" : name, actions);
  }

  private static Action action(CodedInputStream in) throws java.io.IOException {
    int index = 0;
    Action mutation = null;
    while (!in.isAtEnd()) {
      int tag = in.readTag();
      if (tag == varint(INDEX)) {
        index = in.readUInt32();
      } else if (tag == lengthDelimited(MUTATION) && mutation == null) {
        int indexSoFar = index;
        mutation = embedded(in, m -> mutation(m, indexSoFar));
        if (mutation == null) {
          return null;
        }
      } else {
        return null; // a get, a second mutation (merged into the first), or unknown
      }
    }
    if (mutation == null || mutation.index() == index) {
      return mutation;
    }
    return new Action(index, mutation.row(), mutation.type(), mutation.durability(),
        mutation.cellCount()); // the index came after the mutation
  }

  /** A plain put or delete, action {@code index} (as read so far), or null. */
  private static Action mutation(CodedInputStream in, int index) throws java.io.IOException {
    byte[] row = NO_ROW;
    int type = 0;
    int durability = 0;
    int cellCount = 0;
    while (!in.isAtEnd()) {
      int tag = in.readTag();
      if (tag == lengthDelimited(ROW)) {
        row = in.readByteArray();
      } else if (tag == varint(TYPE)) {
        type = in.readEnum();
      } else if (tag == varint(DURABILITY)) {
        durability = in.readEnum();
      } else if (tag == varint(CELL_COUNT)) {
        cellCount = in.readUInt32();
      } else {
        return null;
      }
    }
    MutationProto.Type t = MutationProto.Type.forNumber(type);
    DurabilityProto d = DurabilityProto.forNumber(durability);
    if (d == null || (t != MutationProto.Type.PUT && t != MutationProto.Type.DELETE)) {
      return null;
    }
    return new Action(index, row, t, d, cellCount);
  }

  /** The RegionSpecifierProto's encoded name ("" when absent), or null for any other field. */
  private static String encodedName(CodedInputStream in) throws java.io.IOException {
    String name = "";
    while (!in.isAtEnd()) {
      if (in.readTag() != lengthDelimited(ENCODED_NAME)) {
        return null;
      }
      name = in.readStringRequireUtf8();
    }
    return name;
  }

  /** Reads one part of the request, from its bytes on. */
  @FunctionalInterface
  private interface Part<T> {
    /** The part, or null when it is not one this reader takes. */
    T read(CodedInputStream in) throws java.io.IOException;
  }

  /**
   * The message of the length-delimited field whose tag was just read, as {@code part} reads
   * it within the field's length; null when {@code part} refuses it.
   */
  private static <T> T embedded(CodedInputStream in, Part<T> part) throws java.io.IOException {
    int limit = in.pushLimit(in.readRawVarint32());
    T t = part.read(in);
    if (t != null) {
      in.popLimit(limit);
    }
    return t;
  }

  private static int lengthDelimited(int field) {
    return field << 3 | WireFormat.WIRETYPE_LENGTH_DELIMITED;
  }

  private static int varint(int field) {
    return field << 3 | WireFormat.WIRETYPE_VARINT;
  }
}
