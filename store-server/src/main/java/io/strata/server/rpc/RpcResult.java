package io.strata.server.rpc;

import com.google.protobuf.MessageLite;

/**
 * What a method returns: a protobuf result, an optional cell block (raw cells), and optional
 * work to run on the same thread once the answer is written (null for none), off the call's
 * own latency.
 */
public record RpcResult(MessageLite result, byte[] cellBlock, Runnable after) {
  public RpcResult(MessageLite result, byte[] cellBlock) {
    this(result, cellBlock, null);
  }

  /**
   * Returned, by identity, by a method tried on a network thread ({@link RpcMethod#triesIoThread})
   * that would have to wait there, before it changed anything: the server runs the call again on
   * a handler thread of the method's kind, where waiting holds up no other connection.
   */
  public static final RpcResult HAND_OFF = new RpcResult(null, null);

  public static RpcResult of(MessageLite result) {
    return new RpcResult(result, null);
  }
}
