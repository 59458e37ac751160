package io.strata.server.fs;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;

/**
 * What writing and reading around the page cache (O_DIRECT) share: the refusal of a file system
 * that takes no O_DIRECT, and the block size every such read and write aligns to.
 */
final class DirectIo {
  private DirectIo() {}

  /**
   * The file system of a file takes no O_DIRECT (older tmpfs, some FUSE and overlay file
   * systems, other systems than Linux): the caller goes through the page cache instead.
   */
  static final class Refused extends IOException {
    Refused(File path, String why, Throwable cause) {
      super(path + " takes no direct I/O: " + why, cause);
    }
  }

  /**
   * The block size of {@code path}'s file system, to which O_DIRECT wants buffers, file
   * positions and lengths aligned; refused when it is unknown or does not divide
   * {@code bufferBytes}.
   */
  static int alignment(File path, int bufferBytes) throws Refused {
    long blockSize;
    try {
      blockSize = Files.getFileStore(path.toPath()).getBlockSize();
    } catch (IOException | UnsupportedOperationException e) {
      throw new Refused(path, "its file system's block size is unknown: " + e, e);
    }
    if (blockSize <= 0 || blockSize > bufferBytes || bufferBytes % blockSize != 0) {
      throw new Refused(path, "its file system has blocks of " + blockSize + " bytes, which "
          + bufferBytes + "-byte buffers cannot align to", null);
    }
    return (int) blockSize;
  }
}
