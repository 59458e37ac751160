package io.strata.common.error;

import java.util.Map;

/**
 * A throttle refused the request, as HBase's ThrottlingException: retryable, carrying how long
 * the client is to wait before its retry.
 */
public final class ThrottlingException extends RetryableException {
  public ThrottlingException(String quota, long waitMillis) {
    this("request throttled by quota " + quota + "; retry after " + waitMillis + " ms", Map.of("quota", quota, "wait.millis", Long.toString(waitMillis)));
  }

  ThrottlingException(String message, Map<String, String> details) {
    super(ErrorCode.THROTTLED, message, details);
  }

  /** How long the server asks the client to wait before the next attempt. */
  public long waitMillis() {
    return Long.parseLong(detail("wait.millis"));
  }
}
