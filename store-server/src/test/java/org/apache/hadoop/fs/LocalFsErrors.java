package org.apache.hadoop.fs;

import java.io.IOException;

/**
 * Makes the FSError Hadoop's local file system throws for a failed write (its constructor is
 * package-private), so that fault injection fails a write exactly as a full local disk does.
 */
public final class LocalFsErrors {
  private LocalFsErrors() {}

  public static FSError of(IOException cause) {
    return new FSError(cause);
  }
}
