package io.strata.client.internal.rpc;

import com.google.protobuf.CodedOutputStream;
import io.strata.common.proto.RpcProtos.RequestHeaderProto;
import io.strata.common.rpc.RpcParam;
import java.io.IOException;

/**
 * A call's {@link RequestHeaderProto} written straight from its four fields, byte for byte what
 * the generated builder writes (fields in number order, zeros left out). Every call has one:
 * building the message, sizing it and writing it through a second output stream was about 1 µs
 * of a cached get's client work in pe (under C1).
 */
final class RequestHeaderEncoder implements RpcParam {
  private static final int CALL_ID = 1;
  private static final int METHOD = 2;
  private static final int TIMEOUT_MILLIS = 3;
  private static final int PRIORITY = 4;

  private final int callId;
  private final String method;
  private final int timeoutMillis;
  private final int priority;
  private final int size;

  RequestHeaderEncoder(int callId, String method, int timeoutMillis, int priority) {
    this.callId = callId;
    this.method = method;
    this.timeoutMillis = timeoutMillis;
    this.priority = priority;
    this.size = (callId == 0 ? 0 : CodedOutputStream.computeUInt32Size(CALL_ID, callId))
        + (method.isEmpty() ? 0 : CodedOutputStream.computeStringSize(METHOD, method))
        + (timeoutMillis == 0 ? 0
            : CodedOutputStream.computeUInt32Size(TIMEOUT_MILLIS, timeoutMillis))
        + (priority == 0 ? 0 : CodedOutputStream.computeUInt32Size(PRIORITY, priority));
  }

  @Override
  public int serializedSize() {
    return size;
  }

  @Override
  public void writeTo(CodedOutputStream out) throws IOException {
    if (callId != 0) {
      out.writeUInt32(CALL_ID, callId);
    }
    if (!method.isEmpty()) {
      out.writeString(METHOD, method);
    }
    if (timeoutMillis != 0) {
      out.writeUInt32(TIMEOUT_MILLIS, timeoutMillis);
    }
    if (priority != 0) {
      out.writeUInt32(PRIORITY, priority);
    }
  }
}
