package io.strata.common.error;

import java.util.Map;

/** An unexpected failure on the server (an I/O error, a bug); the call may succeed on retry. */
public final class ServerErrorException extends RetryableException {
  public ServerErrorException(String server, Throwable cause) {
    this("unexpected error on " + server + ": " + cause + "; the call is retried, and the server log has the stack trace", Map.of("server", server));
    initCause(cause);
  }

  ServerErrorException(String message, Map<String, String> details) {
    super(ErrorCode.SERVER_ERROR, message, details);
  }
}
