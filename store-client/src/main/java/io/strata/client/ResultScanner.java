package io.strata.client;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * The rows of a scan, fetched from the servers in batches as they are read. Close it (or read
 * it to the end) so the server frees the scanner.
 *
 * <pre>{@code
 * try (ResultScanner rs = table.getScanner(new Scan().withStartRow(from).withStopRow(to))) {
 *   for (Result r : rs) { ... }
 * }
 * }</pre>
 */
public interface ResultScanner extends Closeable, Iterable<Result> {
  /** The next row, or null at the end. */
  Result next() throws IOException;

  /** Up to {@code n} next rows; fewer only at the end. */
  default Result[] next(int n) throws IOException {
    List<Result> rows = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      Result r = next();
      if (r == null) {
        break;
      }
      rows.add(r);
    }
    return rows.toArray(new Result[0]);
  }

  @Override
  void close();

  /** The scan's counters, or null unless {@link Scan#setScanMetricsEnabled} was set. */
  default ScanMetrics getScanMetrics() {
    return null;
  }

  /** Iterates with {@link #next()}; an IOException surfaces as an UncheckedIOException. */
  @Override
  default Iterator<Result> iterator() {
    return new Iterator<>() {
      private Result next;

      @Override
      public boolean hasNext() {
        if (next == null) {
          try {
            next = ResultScanner.this.next();
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }
        return next != null;
      }

      @Override
      public Result next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        Result r = next;
        next = null;
        return r;
      }
    };
  }
}
