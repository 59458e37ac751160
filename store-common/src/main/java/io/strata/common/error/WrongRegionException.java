package io.strata.common.error;

import java.util.Map;

/**
 * The row is not in the region the request named: the client's location is stale (the region
 * split or merged). The client looks the row up in meta again and retries.
 */
public final class WrongRegionException extends RetryableException {
  public WrongRegionException(String row, String region) {
    this("row '" + row + "' is not in region " + region + ", whose key range has changed; the "
        + "client looks the row up in meta again and retries", Map.of("row", row,
            "region", region));
  }

  WrongRegionException(String message, Map<String, String> details) {
    super(ErrorCode.WRONG_REGION, message, details);
  }

  public String region() {
    return detail("region");
  }
}
