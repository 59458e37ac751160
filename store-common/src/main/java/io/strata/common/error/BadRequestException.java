package io.strata.common.error;

import java.util.Map;

/** The request itself is wrong (empty row key, oversized cell, malformed message); the message says what to change. */
public final class BadRequestException extends DoNotRetryException {
  public BadRequestException(String problem) {
    this("bad request: " + problem, Map.of());
  }

  BadRequestException(String message, Map<String, String> details) {
    super(ErrorCode.BAD_REQUEST, message, details);
  }
}
