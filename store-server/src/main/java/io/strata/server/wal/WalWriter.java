package io.strata.server.wal;

import io.strata.common.cell.Cell;
import io.strata.common.cell.KeyValue;
import io.strata.common.proto.WalProtos.WalHeaderProto;
import io.strata.common.util.ByteOutput;
import io.strata.server.fs.RecycledFiles;
import java.io.Closeable;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.List;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Writes one WAL file: the header, then encoded entries, sealed with the file's salt; flushes
 * and syncs on request. The file may be a recycled one, written over from its first byte: what
 * it held before stays after the entries until it is closed, and readers tell it apart by the
 * salt.
 */
final class WalWriter implements Closeable {
  private final Path path;
  private final FSDataOutputStream out;
  private final long createdMillis;
  private final int salt;
  /** DataNodes in the pipeline when the file was made (-1: not HDFS). */
  private final int replicas;
  private long length;

  private WalWriter(Path path, FSDataOutputStream out, long createdMillis, int salt) {
    this.path = path;
    this.out = out;
    this.createdMillis = createdMillis;
    this.salt = salt;
    this.replicas = io.strata.server.fs.StorageFileSystems.pipelineReplicas(out);
  }

  /**
   * Creates {@code path}, over a file of {@code recycled}'s pool when it has one; the file
   * appears with its header already written (see {@link RecycledFiles#create(FileSystem, Path,
   * byte[])}).
   */
  static WalWriter create(FileSystem fs, RecycledFiles recycled, Path path, String server,
      long nowMillis) throws IOException {
    int salt = new SecureRandom().nextInt();
    byte[] header = WalFormat.fileHeader(WalHeaderProto.newBuilder().setServer(server)
        .setCreatedMillis(nowMillis).setKeyEncodingVersion(KeyValue.ENCODING_VERSION)
        .setSalt(salt).build());
    WalWriter w = new WalWriter(path, recycled.create(fs, path, header), nowMillis, salt);
    w.length = header.length;
    return w;
  }

  /** Writes whole entries of {@link WalFormat#writeEntry}, sealing them for this file. */
  void write(ByteOutput entries) throws IOException {
    WalFormat.seal(entries.array(), entries.size(), salt);
    write(entries.array(), 0, entries.size());
  }

  /**
   * Writes the one entry whose head {@link WalFormat#appendEntry} put in {@code head}, sealing
   * it for this file, and then its cells' bytes from where they lie.
   */
  void write(ByteOutput head, List<? extends Cell> cells) throws IOException {
    write(head, new int[] {head.size()}, List.of(cells), 1);
  }

  /**
   * Writes a batch of entries sealed for this file: the first {@code count} pieces of {@code
   * batch}, piece {@code i} ending at {@code ends[i]} and followed, when {@code cells.get(i)} is
   * not null, by those cells' bytes from where they lie (it is then the head {@link
   * WalFormat#appendEntry} made for them); a null is a whole entry of {@link
   * WalFormat#writeEntry}.
   */
  void write(ByteOutput batch, int[] ends, List<List<? extends Cell>> cells, int count)
      throws IOException {
    byte[] b = batch.array();
    int from = 0;
    for (int i = 0; i < count; i++) {
      WalFormat.seal(b, from, ends[i], salt);
      write(b, from, ends[i] - from);
      List<? extends Cell> inPlace = cells.get(i);
      if (inPlace != null) {
        WalFormat.forEachRun(inPlace, this::write);
      }
      from = ends[i];
    }
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

  /**
   * Whether the file's write pipeline has fewer DataNodes than when it was made: one died, and
   * until the WAL rolls its edits live on fewer machines than the site asked for (HBase's
   * low-replication roll).
   */
  boolean pipelineShrank() {
    if (replicas < 0) {
      return false;
    }
    int now = io.strata.server.fs.StorageFileSystems.pipelineReplicas(out);
    return now >= 0 && now < replicas;
  }

  int replicas() {
    return replicas;
  }

  long createdMillis() {
    return createdMillis;
  }

  @Override
  public void close() throws IOException {
    out.close();
  }
}
