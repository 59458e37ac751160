package io.strata.common.error;

import java.util.Map;

/**
 * A coprocessor refused a call, or could not be loaded, as HBase's CoprocessorException: not
 * retried. Observers throw it to veto an operation; the message is the coprocessor's.
 */
public class CoprocessorException extends DoNotRetryException {
  public CoprocessorException(String message) {
    this(message, Map.of());
  }

  CoprocessorException(String message, Map<String, String> details) {
    super(ErrorCode.COPROCESSOR, message, details);
  }
}
