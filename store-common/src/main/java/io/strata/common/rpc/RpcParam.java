package io.strata.common.rpc;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.MessageLite;
import java.io.IOException;

/**
 * A call's parameter as a frame carries it: the protobuf encoding of its request message, of a
 * size known before it is written. Usually a message itself ({@link #of}); a hot path may
 * write the same bytes without building the message first (a write buffer's Multi of 2,000
 * puts was 6,000 message objects to build, size and write).
 */
public interface RpcParam {
  /** Bytes {@link #writeTo} writes. */
  int serializedSize();

  /** Writes exactly {@link #serializedSize} bytes; may be called again, writing the same. */
  void writeTo(CodedOutputStream out) throws IOException;

  /** The encoding of {@code message}. */
  static RpcParam of(MessageLite message) {
    return new RpcParam() {
      @Override
      public int serializedSize() {
        return message.getSerializedSize();
      }

      @Override
      public void writeTo(CodedOutputStream out) throws IOException {
        message.writeTo(out);
      }
    };
  }
}
