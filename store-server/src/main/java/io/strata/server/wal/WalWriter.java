package io.strata.server.wal;

import io.strata.common.cell.KeyValue;
import io.strata.common.proto.WalProtos.WalHeaderProto;
import io.strata.common.util.ByteOutput;
import io.strata.server.fs.StorageFileSystems;
import java.io.Closeable;
import java.io.IOException;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** Writes one WAL file: the header, then encoded entries; flushes and syncs on request. */
final class WalWriter implements Closeable {
  private final Path path;
  private final FSDataOutputStream out;
  private final long createdMillis;
  private long length;

  private WalWriter(Path path, FSDataOutputStream out, long createdMillis) {
    this.path = path;
    this.out = out;
    this.createdMillis = createdMillis;
  }

  static WalWriter create(FileSystem fs, Path path, String server, long nowMillis)
      throws IOException {
    FSDataOutputStream out = StorageFileSystems.create(fs, path, false);
    WalWriter w = new WalWriter(path, out, nowMillis);
    byte[] header = WalFormat.fileHeader(WalHeaderProto.newBuilder().setServer(server)
        .setCreatedMillis(nowMillis).setKeyEncodingVersion(KeyValue.ENCODING_VERSION).build());
    w.write(header, 0, header.length);
    out.hflush();
    return w;
  }

  void write(ByteOutput buf) throws IOException {
    write(buf.array(), 0, buf.size());
  }

  private void write(byte[] b, int off, int len) throws IOException {
    out.write(b, off, len);
    length += len;
  }

  /** Makes written bytes visible to readers and survive a process crash. */
  void hflush() throws IOException {
    out.hflush();
  }

  /** Forces written bytes to the disk so they survive power loss. */
  void hsync() throws IOException {
    out.hsync();
  }

  Path path() {
    return path;
  }

  long length() {
    return length;
  }

  long createdMillis() {
    return createdMillis;
  }

  @Override
  public void close() throws IOException {
    out.close();
  }
}
