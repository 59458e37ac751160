package io.strata.common.error;

import java.util.Map;

/** The region is now on another server; retry there. */
public final class RegionMovedException extends RetryableException {
  public RegionMovedException(String region, String newServer) {
    this("region " + region + " moved to " + newServer + "; the client refreshes its location and retries there", Map.of("region", region, "server", newServer));
  }

  RegionMovedException(String message, Map<String, String> details) {
    super(ErrorCode.REGION_MOVED, message, details);
  }

  public String region() {
    return detail("region");
  }

  /** The server now hosting the region, as host,port,startcode. */
  public String newServer() {
    return detail("server");
  }
}
