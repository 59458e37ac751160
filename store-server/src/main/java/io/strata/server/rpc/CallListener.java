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
   * @param servedNanos from a handler taking it to its answer made
   * @param responseNanos writing its answer to the connection
   * @param requestBytes its parameter and cell block
   * @param responseBytes its answer's frame
   * @param error the error code it was answered with (ErrorCode's name), or null
   * @param param its parsed parameter (a protobuf message), or null for a raw method's
   * @param client the connection's remote address
   * @param user the user the connection named
   * @param tag what its handler tagged it with ({@link RpcServer#tagCall}), or null
   */
  void answered(String method, long queuedNanos, long servedNanos, long responseNanos,
      int requestBytes, int responseBytes, String error, Object param, String client,
      String user, Object tag);

  CallListener NONE = (m, q, s, r, in, out, e, p, c, u, t) -> {};
}
