package io.strata.common.error;

import java.util.Map;

/** A call got no answer within its deadline. */
public final class CallTimeoutException extends RetryableException {
  public CallTimeoutException(String call, String server, long timeoutMillis) {
    this("call " + call + " to " + server + " timed out after " + timeoutMillis + " ms; retry, or raise the timeout if the server is overloaded", Map.of("call", call, "server", server, "timeout.millis", Long.toString(timeoutMillis)));
  }

  CallTimeoutException(String message, Map<String, String> details) {
    super(ErrorCode.CALL_TIMEOUT, message, details);
  }
}
