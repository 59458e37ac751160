package io.strata.shell.pe;

import java.util.Arrays;
import java.util.Random;

/**
 * The length of each value written: fixed ({@code --valueSize}), uniform in [0, valueSize)
 * ({@code --valueRandom}), or Zipf-distributed over [1, valueSize) with exponent 1.2 so that
 * short values are the most common ({@code --valueZipf}).
 */
final class ValueSizes {
  private static final double ZIPF_EXPONENT = 1.2;

  private final int valueSize;
  private final boolean random;
  /** Zipf: cumulative probability of each length 1..valueSize-1; null otherwise. */
  private final double[] zipfCumulative;

  ValueSizes(PeOptions o) {
    this.valueSize = o.valueSize;
    this.random = o.valueRandom;
    this.zipfCumulative = o.valueZipf && o.valueSize > 1 ? zipf(o.valueSize - 1) : null;
  }

  private static double[] zipf(int n) {
    double[] c = new double[n];
    double sum = 0;
    for (int k = 1; k <= n; k++) {
      sum += Math.pow(k, -ZIPF_EXPONENT);
      c[k - 1] = sum;
    }
    for (int i = 0; i < n; i++) {
      c[i] /= sum;
    }
    c[n - 1] = 1.0; // exactly, whatever the rounding
    return c;
  }

  int next(Random rand) {
    if (zipfCumulative != null) {
      int i = Arrays.binarySearch(zipfCumulative, rand.nextDouble());
      return (i >= 0 ? i : -i - 1) + 1;
    }
    if (random) {
      return rand.nextInt(valueSize);
    }
    return valueSize;
  }
}
