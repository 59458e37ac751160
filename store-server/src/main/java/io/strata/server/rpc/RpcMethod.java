package io.strata.server.rpc;

import com.google.protobuf.MessageLite;
import com.google.protobuf.Parser;
import java.io.IOException;

/**
 * One method of a service: how to parse its parameter, which handler pool serves it, what it
 * does, and whether a write method is first tried on the network thread that read the call
 * ({@code strata.rpc.writes.on.io.thread}; reads always are, with
 * {@code strata.rpc.reads.on.io.thread}). A handler that throws a
 * {@link io.strata.common.error.StrataException} answers with that typed error; anything else
 * becomes a ServerErrorException naming the method. A method tried on a network thread must
 * return {@link RpcResult#HAND_OFF} rather than wait there.
 */
public record RpcMethod(Parser<? extends MessageLite> parser, CallKind kind, Handler handler,
    boolean triesIoThread, RawHandler raw) {
  /** A method served by its kind's handlers (reads: on the network thread, if so configured). */
  public RpcMethod(Parser<? extends MessageLite> parser, CallKind kind, Handler handler) {
    this(parser, kind, handler, false);
  }

  public RpcMethod(Parser<? extends MessageLite> parser, CallKind kind, Handler handler,
      boolean triesIoThread) {
    this(parser, kind, handler, triesIoThread, null);
  }

  /**
   * A method that reads its parameter's bytes itself, on the handler thread: one whose common
   * form is cheaper to read without the generated message. Its handler answers a malformed
   * parameter with a BadRequestException.
   */
  public static RpcMethod raw(CallKind kind, RawHandler raw) {
    return new RpcMethod(null, kind, null, false, raw);
  }

  /** Serves one call; runs on a handler thread of the method's kind. */
  @FunctionalInterface
  public interface Handler {
    RpcResult call(MessageLite param, byte[] cellBlock) throws IOException;
  }

  /**
   * Serves one call from its parameter's bytes; runs on a handler thread of the method's kind.
   * Its cell block is the first {@code cellBlockLength} bytes of {@code cellBlock}, an array
   * that may be longer and is reused after a result that says the request is free.
   */
  @FunctionalInterface
  public interface RawHandler {
    RpcResult call(byte[] param, byte[] cellBlock, int cellBlockLength) throws IOException;
  }
}
