package io.strata.common.error;

import java.util.Map;

/** The server refuses work for now (memstore over its limit, too many files, queue full). */
public final class ServerBusyException extends RetryableException {
  public ServerBusyException(String server, String reason) {
    this("server " + server + " is too busy: " + reason + "; retry after backing off", Map.of("server", server, "reason", reason));
  }

  ServerBusyException(String message, Map<String, String> details) {
    super(ErrorCode.SERVER_BUSY, message, details);
  }
}
