package io.strata.client.coprocessor;

import com.google.protobuf.RpcCallback;
import com.google.protobuf.RpcController;
import java.io.IOException;

/**
 * A controller that keeps the exception a call failed with, on the client (what the server
 * answered) and on the server (what the endpoint reported with {@link
 * CoprocessorRpcUtils#setControllerException}). {@link #startCancel} is protobuf's: a call
 * not yet sent is not sent, and one whose answer has not come fails as cancelled (the server may
 * still have run it); either way its callback is told.
 */
public class CoprocessorRpcController implements RpcController {
  private volatile Throwable failed;
  private volatile String errorText;
  private final java.util.List<RpcCallback<Object>> onCancel = new java.util.ArrayList<>();
  private boolean canceled; // guarded by onCancel

  @Override
  public void reset() {
    failed = null;
    errorText = null;
    synchronized (onCancel) {
      canceled = false;
      onCancel.clear();
    }
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
    java.util.List<RpcCallback<Object>> told;
    synchronized (onCancel) {
      if (canceled) {
        return;
      }
      canceled = true;
      told = new java.util.ArrayList<>(onCancel);
      onCancel.clear();
    }
    told.forEach(c -> c.run(null));
  }

  @Override
  public boolean isCanceled() {
    synchronized (onCancel) {
      return canceled;
    }
  }

  /** Runs {@code callback} once the call is cancelled, at once if it is already. */
  @Override
  public void notifyOnCancel(RpcCallback<Object> callback) {
    synchronized (onCancel) {
      if (!canceled) {
        onCancel.add(callback);
        return;
      }
    }
    callback.run(null);
  }
}
