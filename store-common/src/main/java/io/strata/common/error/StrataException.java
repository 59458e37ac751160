package io.strata.common.error;

import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;

/**
 * Base of every error Strata reports to a caller. Each carries a stable {@link ErrorCode} (the
 * number that crosses the wire), a message naming the object and the fix, and named details
 * (region, server, wait time...) from which the same exception is rebuilt on the other side.
 * {@link #isRetryable()} tells a client whether the same call may succeed later.
 */
public abstract class StrataException extends IOException {
  private final ErrorCode code;
  private final Map<String, String> details;

  protected StrataException(ErrorCode code, String message, Map<String, String> details) {
    super(message);
    this.code = code;
    this.details = Map.copyOf(new TreeMap<>(details));
  }

  public ErrorCode code() {
    return code;
  }

  public boolean isRetryable() {
    return code.retryable();
  }

  /** Structured fields of the error, as sent on the wire. */
  public Map<String, String> details() {
    return details;
  }

  protected String detail(String name) {
    return details.get(name);
  }

  /**
   * Rebuilds the exception that a peer sent as {@code (code, message, details)}. An unknown code
   * (a newer peer) becomes a {@link ServerErrorException} that keeps the message.
   */
  public static StrataException fromWire(int code, String message, Map<String, String> details) {
    ErrorCode c = ErrorCode.fromCode(code);
    if (c == null) {
      return new ServerErrorException("error code " + code + " from a newer server: " + message,
          Map.of());
    }
    return c.rebuild(message, details);
  }
}
