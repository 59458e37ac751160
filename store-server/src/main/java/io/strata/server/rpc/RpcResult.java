package io.strata.server.rpc;

import com.google.protobuf.MessageLite;

/** What a method returns: a protobuf result and an optional cell block (raw cells). */
public record RpcResult(MessageLite result, byte[] cellBlock) {
  public static RpcResult of(MessageLite result) {
    return new RpcResult(result, null);
  }
}
