package io.strata.common.error;

import java.util.Map;

/**
 * A write refused because its table is over its space quota and the quota's policy forbids it,
 * as HBase's SpaceLimitingException. Retrying cannot help until the table is within its limit.
 */
public final class SpaceLimitingException extends DoNotRetryException {
  public SpaceLimitingException(String table, String policy, String message) {
    this(message, Map.of("table", table, "policy", policy));
  }

  SpaceLimitingException(String message, Map<String, String> details) {
    super(ErrorCode.SPACE_LIMITED, message, details);
  }

  /** The table written to, namespace:qualifier. */
  public String table() {
    return detail("table");
  }

  /** The policy that refused the write, such as NO_INSERTS. */
  public String policy() {
    return detail("policy");
  }
}
