package io.strata.client.coprocessor;

import java.io.IOException;

/**
 * A coprocessor call made on every region of a key range, as HBase's {@code Batch}: {@link Call}
 * runs once per region, on a thread of its own, with a stub bound to that region.
 */
public final class Batch {
  private Batch() {}

  /**
   * One region's call: make it through {@code instance} (a stub of the endpoint's service) and
   * return what the caller wants of the answer. An error is that region's error.
   */
  @FunctionalInterface
  public interface Call<T, R> {
    R call(T instance) throws IOException;
  }

  /** Told of each region's result as it arrives, from the thread that made the call. */
  @FunctionalInterface
  public interface Callback<R> {
    void update(byte[] region, byte[] row, R result);
  }
}
