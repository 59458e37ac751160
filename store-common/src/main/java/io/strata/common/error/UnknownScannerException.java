package io.strata.common.error;

import java.util.Map;

/**
 * The scanner a call names is not open on the server (it finished, its region closed or moved,
 * its lease expired, or a lost answer put the client out of step). The client opens a new
 * scanner just after the last row it returned and goes on.
 */
public final class UnknownScannerException extends RetryableException {
  public UnknownScannerException(long scannerId, String why) {
    this("scanner " + scannerId + " is not open here: " + why + "; the client opens a new "
        + "scanner after the last row it received", Map.of("scanner", Long.toString(scannerId)));
  }

  UnknownScannerException(String message, Map<String, String> details) {
    super(ErrorCode.UNKNOWN_SCANNER, message, details);
  }
}
