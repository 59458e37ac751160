package io.strata.server.rpc;

/**
 * Told of every call a server answers: what the metrics of calls are made from. Runs on the
 * thread that served the call, after the answer is written, so it must be quick.
 */
@FunctionalInterface
public interface CallListener {
  /**
   * One answered call.
   *
   * @param method the method's name, or the operation its handler named
   *     ({@link RpcServer#nameOperation})
   * @param queuedNanos from its frame read to a handler taking it
   * @param servedNanos from a handler taking it to its answer written
   * @param requestBytes its parameter and cell block
   * @param responseBytes its answer's frame
   * @param error the error code it was answered with (ErrorCode's name), or null
   */
  void answered(String method, long queuedNanos, long servedNanos, int requestBytes,
      int responseBytes, String error);

  CallListener NONE = (m, q, s, in, out, e) -> {};
}
