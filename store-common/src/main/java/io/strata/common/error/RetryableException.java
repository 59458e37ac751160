package io.strata.common.error;

import java.util.Map;

/** An error that a later attempt of the same call may not meet: the client retries it. */
public abstract class RetryableException extends StrataException {
  protected RetryableException(ErrorCode code, String message, Map<String, String> details) {
    super(code, message, details);
  }
}
