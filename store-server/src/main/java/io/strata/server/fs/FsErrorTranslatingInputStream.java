package io.strata.server.fs;

import java.io.IOException;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSError;
import org.apache.hadoop.fs.FSInputStream;

/**
 * A file's input stream whose read errors are IOExceptions. Hadoop's local file system reports
 * an I/O error of a read (a failing disk) as {@link FSError}, an Error, as it does for writes
 * ({@link FsErrorTranslatingStream}): a get would fail with a server error naming no file, and a
 * compaction or WAL replay would end its thread instead of failing as a read does. This stream
 * throws the IOException the FSError wraps, which every reader already handles.
 */
final class FsErrorTranslatingInputStream extends FSInputStream {
  private final FSDataInputStream in;

  FsErrorTranslatingInputStream(FSDataInputStream in) {
    this.in = in;
  }

  @Override
  public int read() throws IOException {
    try {
      return in.read();
    } catch (FSError e) {
      throw FsErrorTranslatingStream.unwrap(e);
    }
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    try {
      return in.read(b, off, len);
    } catch (FSError e) {
      throw FsErrorTranslatingStream.unwrap(e);
    }
  }

  @Override
  public int read(long position, byte[] buffer, int offset, int length) throws IOException {
    try {
      return in.read(position, buffer, offset, length);
    } catch (FSError e) {
      throw FsErrorTranslatingStream.unwrap(e);
    }
  }

  @Override
  public void readFully(long position, byte[] buffer, int offset, int length)
      throws IOException {
    try {
      in.readFully(position, buffer, offset, length);
    } catch (FSError e) {
      throw FsErrorTranslatingStream.unwrap(e);
    }
  }

  @Override
  public void seek(long pos) throws IOException {
    try {
      in.seek(pos);
    } catch (FSError e) {
      throw FsErrorTranslatingStream.unwrap(e);
    }
  }

  @Override
  public long getPos() throws IOException {
    return in.getPos();
  }

  @Override
  public boolean seekToNewSource(long targetPos) throws IOException {
    return in.seekToNewSource(targetPos);
  }

  @Override
  public long skip(long n) throws IOException {
    try {
      return in.skip(n);
    } catch (FSError e) {
      throw FsErrorTranslatingStream.unwrap(e);
    }
  }

  @Override
  public int available() throws IOException {
    try {
      return in.available();
    } catch (FSError e) {
      throw FsErrorTranslatingStream.unwrap(e);
    }
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
