package io.strata.common.error;

import java.util.Map;

/**
 * No server serves the region right now: it is being opened, closed, moved or split. The
 * client waits and looks it up again.
 */
public final class RegionInTransitionException extends RetryableException {
  public RegionInTransitionException(String region, String state) {
    this("region " + region + " is " + state + ", not open; the client retries until the "
        + "master has opened it", Map.of("region", region, "state", state));
  }

  RegionInTransitionException(String message, Map<String, String> details) {
    super(ErrorCode.REGION_IN_TRANSITION, message, details);
  }

  public String region() {
    return detail("region");
  }
}
