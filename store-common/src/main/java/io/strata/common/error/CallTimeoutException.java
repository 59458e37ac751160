package io.strata.common.error;

import java.util.Map;

/** A call got no answer within its deadline. */
public final class CallTimeoutException extends RetryableException {
  public CallTimeoutException(String call, String server, long timeoutMillis) {
    this("call " + call + " to " + server + " timed out after " + timeoutMillis + " ms; retry, or raise the timeout if the server is overloaded", Map.of("call", call, "server", server, "timeout.millis", Long.toString(timeoutMillis)));
  }

  /** A call the server ended when it passed its deadline, for the reason the message gives. */
  public CallTimeoutException(String message) {
    this(message, Map.of());
  }

  CallTimeoutException(String message, Map<String, String> details) {
    super(ErrorCode.CALL_TIMEOUT, message, details);
  }
}
