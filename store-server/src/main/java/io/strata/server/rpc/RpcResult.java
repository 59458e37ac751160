package io.strata.server.rpc;

import com.google.protobuf.MessageLite;

/**
 * What a method returns: a protobuf result, an optional cell block (raw cells), optional work to
 * run on the same thread once the answer is written (null for none), off the call's own
 * latency, and whether nothing holds on to the request's cell block any more, so its array may
 * be reused ({@link RequestArrays}); a method that cannot tell says it is not free.
 */
public record RpcResult(MessageLite result, byte[] cellBlock, Runnable after,
    boolean requestFree) {
  public RpcResult(MessageLite result, byte[] cellBlock) {
    this(result, cellBlock, null);
  }

  public RpcResult(MessageLite result, byte[] cellBlock, Runnable after) {
    this(result, cellBlock, after, false);
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
