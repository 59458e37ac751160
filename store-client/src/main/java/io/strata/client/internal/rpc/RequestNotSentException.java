package io.strata.client.internal.rpc;

import java.io.IOException;

/**
 * The cause of a call's failure when not one byte of its request reached the connection (the
 * server had closed it): the server cannot have applied it, so even an increment may be tried
 * again rather than reported as of unknown outcome.
 */
public final class RequestNotSentException extends IOException {
  public RequestNotSentException(String address, IOException why) {
    super("the request was not sent to " + address + ": " + why.getMessage(), why);
  }

  /** Whether {@code e} is, or was caused by, a request that was not sent. */
  public static boolean in(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof RequestNotSentException) {
        return true;
      }
    }
    return false;
  }
}
