package io.strata.client.internal;

import com.google.protobuf.CodedOutputStream;
import io.strata.common.rpc.RpcParam;
import java.io.IOException;

/** The bytes a call parameter writes, checked to fill exactly the size it gave. */
public final class ParamBytes {
  private ParamBytes() {}

  public static byte[] of(RpcParam p) throws IOException {
    byte[] out = new byte[p.serializedSize()];
    CodedOutputStream cos = CodedOutputStream.newInstance(out);
    p.writeTo(cos);
    cos.checkNoSpaceLeft();
    return out;
  }
}
