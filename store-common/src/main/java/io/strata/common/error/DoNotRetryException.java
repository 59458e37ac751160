package io.strata.common.error;

import java.util.Map;

/** An error that retrying cannot fix: the client reports it at once. */
public abstract class DoNotRetryException extends StrataException {
  protected DoNotRetryException(ErrorCode code, String message, Map<String, String> details) {
    super(code, message, details);
  }
}
