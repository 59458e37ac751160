package io.strata.client.internal;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.WireFormat;
import io.strata.common.proto.ClientProtos.RegionSpecifierProto;
import io.strata.common.rpc.RpcParam;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** Pieces the request encoders share: a length-delimited field, a region's specifier. */
final class RequestEncoding {
  /** The fields a request has after its region specifier. */
  @FunctionalInterface
  interface Fields {
    void writeTo(CodedOutputStream out) throws IOException;
  }

  static final int LENGTH_DELIMITED = WireFormat.WIRETYPE_LENGTH_DELIMITED;
  // RegionSpecifierProto
  private static final int ENCODED_NAME = 1;

  private RequestEncoding() {}

  /** Bytes of a length prefix and {@code length} bytes. */
  static int lengthDelimited(int length) {
    return CodedOutputStream.computeUInt32SizeNoTag(length) + length;
  }

  /** The UTF-8 bytes of a region's encoded name. */
  static byte[] regionName(String encodedName) {
    return encodedName.getBytes(StandardCharsets.UTF_8);
  }

  /** Bytes of a {@link RegionSpecifierProto} field {@code field} naming {@code name}. */
  static int regionSize(int field, byte[] name) {
    return CodedOutputStream.computeTagSize(field) + lengthDelimited(specSize(name));
  }

  /**
   * Starts field {@code field} of a batch request (one region's part, {@code size} bytes),
   * with its region specifier, field 1, naming {@code name}; the part's other fields follow.
   */
  static void startRegionPart(CodedOutputStream out, int field, int size, byte[] name)
      throws IOException {
    out.writeTag(field, LENGTH_DELIMITED);
    out.writeUInt32NoTag(size);
    writeRegion(out, 1, name);
  }

  /** Writes the {@link RegionSpecifierProto} field {@code field} naming {@code name}. */
  static void writeRegion(CodedOutputStream out, int field, byte[] name) throws IOException {
    out.writeTag(field, LENGTH_DELIMITED);
    out.writeUInt32NoTag(specSize(name));
    if (name.length > 0) {
      out.writeByteArray(ENCODED_NAME, name);
    }
  }

  /**
   * A request to the region {@code encodedName}: its specifier as field {@code field} (field 1
   * of every single-region request, so first), then {@code fieldsSize} bytes of {@code fields}.
   */
  static RpcParam toRegion(int field, String encodedName, int fieldsSize, Fields fields) {
    byte[] name = regionName(encodedName);
    int size = regionSize(field, name) + fieldsSize;
    return new RpcParam() {
      @Override
      public int serializedSize() {
        return size;
      }

      @Override
      public void writeTo(CodedOutputStream out) throws IOException {
        writeRegion(out, field, name);
        fields.writeTo(out);
      }
    };
  }

  private static int specSize(byte[] name) {
    return name.length == 0 ? 0 : CodedOutputStream.computeByteArraySize(ENCODED_NAME, name);
  }
}
