package io.strata.server.rpc;

import com.google.protobuf.MessageLite;
import com.google.protobuf.Parser;
import java.io.IOException;

/**
 * One method of a service: how to parse its parameter, which handler pool serves it, and what it
 * does. A handler that throws a {@link io.strata.common.error.StrataException} answers with that
 * typed error; anything else becomes a ServerErrorException naming the method.
 */
public record RpcMethod(Parser<? extends MessageLite> parser, CallKind kind, Handler handler) {
  /** Serves one call; runs on a handler thread of the method's kind. */
  @FunctionalInterface
  public interface Handler {
    RpcResult call(MessageLite param, byte[] cellBlock) throws IOException;
  }
}
