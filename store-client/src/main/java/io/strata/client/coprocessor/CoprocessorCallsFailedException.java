package io.strata.client.coprocessor;

import io.strata.common.util.Bytes;
import java.io.IOException;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * An endpoint call over a key range failed on some regions: each one's error by region name,
 * and the results of the regions whose call succeeded.
 */
public class CoprocessorCallsFailedException extends IOException {
  private final transient Map<byte[], Throwable> errors;
  private final transient Map<byte[], Object> results;

  public CoprocessorCallsFailedException(String what, Map<byte[], Throwable> errors,
      Map<byte[], ?> results) {
    super(message(what, errors), errors.values().iterator().next());
    TreeMap<byte[], Throwable> e = new TreeMap<>(Bytes.BYTES_COMPARATOR);
    e.putAll(errors);
    TreeMap<byte[], Object> r = new TreeMap<>(Bytes.BYTES_COMPARATOR);
    r.putAll(results);
    this.errors = Collections.unmodifiableMap(e);
    this.results = Collections.unmodifiableMap(r);
  }

  private static String message(String what, Map<byte[], Throwable> errors) {
    StringBuilder b = new StringBuilder(what).append(" failed on ").append(errors.size())
        .append(errors.size() == 1 ? " region:" : " regions:");
    errors.forEach((region, e) -> b.append("\n  ").append(Bytes.toStringBinary(region))
        .append(": ").append(e));
    return b.toString();
  }

  /** Each failed region's error, by region name. */
  public Map<byte[], Throwable> getErrors() {
    return errors;
  }

  /** The results of the regions whose call succeeded, by region name. */
  @SuppressWarnings("unchecked")
  public <R> Map<byte[], R> getResults() {
    return (Map<byte[], R>) results;
  }
}
