package io.strata.common.error;

import java.util.Map;

/** The server does not host the region (closing, moved, or not yet open). */
public final class NotServingRegionException extends RetryableException {
  public NotServingRegionException(String region, String server) {
    this("region " + region + " is not online on " + server + "; look its location up again in meta and retry", Map.of("region", region, "server", server));
  }

  NotServingRegionException(String message, Map<String, String> details) {
    super(ErrorCode.NOT_SERVING_REGION, message, details);
  }

  public String region() {
    return detail("region");
  }
}
