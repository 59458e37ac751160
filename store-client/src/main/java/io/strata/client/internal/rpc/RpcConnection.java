package io.strata.client.internal.rpc;

import com.google.protobuf.MessageLite;
import com.google.protobuf.Parser;
import io.strata.common.rpc.CellBlock;
import io.strata.common.rpc.RpcParam;
import io.strata.common.error.CallTimeoutException;
import io.strata.common.error.ServerErrorException;
import java.io.Closeable;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * One connection to one service of one server. Calls are multiplexed by call id and answered as
 * futures: with the result, with the same typed exception the server threw, with a
 * {@link CallTimeoutException} when the timeout passes first, or with a retryable
 * {@link ServerErrorException} when the connection is lost. Thread-safe.
 *
 * <p>Two kinds: {@link NettyConnection}, whose event loop moves the bytes, and
 * {@link DirectConnection}, where the thread waiting for an answer reads it itself.
 */
public interface RpcConnection extends Closeable {
  /**
   * Calls {@code method} with {@code param} (and optional cells, encoded as the frame is
   * written, on each attempt that sends it); the answer's result is
   * parsed with {@code parser}. {@code timeout} zero waits forever; {@code priority} above 0
   * asks for the server's priority handlers.
   */
  default <T> CompletableFuture<RpcResponse<T>> call(String method, MessageLite param,
      CellBlock.Writer cells, Parser<T> parser, Duration timeout, int priority) {
    return callEncoded(method, param == null ? null : RpcParam.of(param), cells, parser,
        timeout, priority);
  }

  /** As {@link #call}, with a parameter that writes its own encoding. */
  <T> CompletableFuture<RpcResponse<T>> callEncoded(String method, RpcParam param,
      CellBlock.Writer cells, Parser<T> parser, Duration timeout, int priority);

  /** Whether the connection runs through the server's local socket rather than TCP. */
  boolean isLocal();

  /** Whether the connection still works. */
  boolean isOpen();

  /**
   * Completed once the connection has closed, from either end. An event-loop connection sees
   * the peer's close as it happens (a master learns at once that a region server's process is
   * gone); a direct one when it next reads the socket.
   */
  CompletableFuture<Void> closed();

  @Override
  void close();
}
