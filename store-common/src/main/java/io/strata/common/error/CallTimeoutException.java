package io.strata.common.error;

import java.util.Map;

/** A call got no answer within its deadline. */
public final class CallTimeoutException extends RetryableException {
  /** The detail saying whether the connection stayed silent while the call waited. */
  public static final String SILENT = "connection.silent";

  public CallTimeoutException(String call, String server, long timeoutMillis) {
    this(call, server, timeoutMillis, false);
  }

  /**
   * A call of this client's that got no answer; {@code silent} when the server answered nothing
   * at all on the connection while the call waited, which is what a dead or cut-off host looks
   * like (a busy one still answers other calls).
   */
  public CallTimeoutException(String call, String server, long timeoutMillis, boolean silent) {
    this("call " + call + " to " + server + " timed out after " + timeoutMillis + " ms"
        + (silent ? ", the server answering nothing meanwhile" : "")
        + "; retry, or raise the timeout if the server is overloaded", Map.of("call", call,
        "server", server, "timeout.millis", Long.toString(timeoutMillis), SILENT,
        Boolean.toString(silent)));
  }

  /** A call the server ended when it passed its deadline, for the reason the message gives. */
  public CallTimeoutException(String message) {
    this(message, Map.of());
  }

  CallTimeoutException(String message, Map<String, String> details) {
    super(ErrorCode.CALL_TIMEOUT, message, details);
  }

  /** Whether the server answered nothing on the connection while the call waited. */
  public boolean silent() {
    return Boolean.parseBoolean(details().get(SILENT));
  }
}
