package io.strata.server.region;

import io.strata.server.blockfile.BlockFileReader;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A block file of a store, reference counted: the store's file list holds one reference and each
 * open scanner one more. A compaction that replaces the file drops the list's reference; the
 * reader closes when the last scanner lets go, so scanners open across compactions keep reading.
 */
final class StoreFile {
  private static final Logger LOG = LoggerFactory.getLogger(StoreFile.class);

  private final BlockFileReader reader;
  private final AtomicInteger refs = new AtomicInteger(1);

  StoreFile(BlockFileReader reader) {
    this.reader = reader;
  }

  BlockFileReader reader() {
    return reader;
  }

  long maxSequenceId() {
    return reader.maxSequenceId();
  }

  boolean retain() {
    while (true) {
      int n = refs.get();
      if (n == 0) {
        return false;
      }
      if (refs.compareAndSet(n, n + 1)) {
        return true;
      }
    }
  }

  void release() {
    if (refs.decrementAndGet() == 0) {
      try {
        reader.close();
      } catch (IOException e) {
        LOG.warn("closing {} failed", reader.path(), e);
      }
    }
  }
}
