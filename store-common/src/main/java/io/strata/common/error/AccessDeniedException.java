package io.strata.common.error;

import java.util.Map;

/** The caller lacks the permission the operation needs. */
public final class AccessDeniedException extends DoNotRetryException {
  public AccessDeniedException(String user, String action, String object) {
    this("user '" + user + "' may not " + action + " on " + object + "; ask an administrator to grant it", Map.of("user", user, "action", action, "object", object));
  }

  /** Denied for a reason the message gives, with what to do instead. */
  public AccessDeniedException(String message) {
    this(message, Map.of());
  }

  AccessDeniedException(String message, Map<String, String> details) {
    super(ErrorCode.ACCESS_DENIED, message, details);
  }
}
