package io.strata.client.coprocessor;

import com.google.protobuf.RpcCallback;
import com.google.protobuf.RpcController;
import java.io.IOException;

/**
 * A controller that keeps the exception a call failed with, on the client (what the server
 * answered) and on the server (what the endpoint reported with {@link
 * CoprocessorRpcUtils#setControllerException}). Cancellation is not supported: a call, once
 * sent, runs to its end.
 */
public class CoprocessorRpcController implements RpcController {
  private volatile Throwable failed;
  private volatile String errorText;

  @Override
  public void reset() {
    failed = null;
    errorText = null;
  }

  @Override
  public boolean failed() {
    return errorText != null;
  }

  @Override
  public String errorText() {
    return errorText;
  }

  /** The exception the call failed with, or null (also for a failure given only as text). */
  public Throwable getFailed() {
    return failed;
  }

  /** The failure as an IOException, or null if the call did not fail. */
  public IOException getFailedOn() {
    if (!failed()) {
      return null;
    }
    if (failed instanceof IOException io) {
      return io;
    }
    return failed != null ? new IOException(failed.getMessage(), failed)
        : new IOException(errorText);
  }

  @Override
  public void setFailed(String reason) {
    errorText = reason == null ? "failed" : reason;
  }

  /** Fails the call with {@code error} (its message becomes the error text). */
  public void setFailed(Throwable error) {
    failed = error;
    errorText = error.getMessage() != null ? error.getMessage() : error.toString();
  }

  @Override
  public void startCancel() {
    throw new UnsupportedOperationException("an endpoint call cannot be cancelled once sent; "
        + "give it a shorter strata.client.operation.timeout instead");
  }

  @Override
  public boolean isCanceled() {
    return false;
  }

  @Override
  public void notifyOnCancel(RpcCallback<Object> callback) {
    // Never cancelled: nothing to tell.
  }
}
