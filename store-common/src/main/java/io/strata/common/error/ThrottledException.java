package io.strata.common.error;

import java.util.Map;

/** A quota refused the request; the server says how long to wait. */
public final class ThrottledException extends RetryableException {
  public ThrottledException(String quota, long waitMillis) {
    this("request throttled by quota " + quota + "; retry after " + waitMillis + " ms", Map.of("quota", quota, "wait.millis", Long.toString(waitMillis)));
  }

  ThrottledException(String message, Map<String, String> details) {
    super(ErrorCode.THROTTLED, message, details);
  }

  /** How long the server asks the client to wait before the next attempt. */
  public long waitMillis() {
    return Long.parseLong(detail("wait.millis"));
  }
}
