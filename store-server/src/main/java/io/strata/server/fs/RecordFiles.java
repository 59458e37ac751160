package io.strata.server.fs;

import io.strata.common.error.CorruptFileException;
import java.io.FileNotFoundException;
import java.io.IOException;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Reading and writing the small one-message files of a region directory ({@code .regioninfo},
 * reference files, the split record): whole-file reads, synced writes, and the errors that name
 * the file when its content is not what it should be.
 */
public final class RecordFiles {
  private RecordFiles() {}

  /** A protobuf parser, as {@code SomeProto::parseFrom}. */
  @FunctionalInterface
  public interface Parser<T> {
    T parse(byte[] data) throws com.google.protobuf.InvalidProtocolBufferException;
  }

  /** The file's bytes. */
  public static byte[] read(FileSystem fs, Path path) throws IOException {
    try (var in = StorageFileSystems.open(fs, path)) {
      return in.readAllBytes();
    }
  }

  /** The file's bytes, or null if it does not exist. */
  public static byte[] readIfPresent(FileSystem fs, Path path) throws IOException {
    try {
      return read(fs, path);
    } catch (FileNotFoundException e) {
      return null;
    }
  }

  /** Writes the bytes as the whole file and syncs them to disk before closing. */
  public static void writeSynced(FileSystem fs, Path path, byte[] data, boolean overwrite)
      throws IOException {
    try (FSDataOutputStream out = StorageFileSystems.create(fs, path, overwrite)) {
      out.write(data);
      out.hsync();
    }
  }

  /**
   * Writes {@code data} to {@code tmp}, syncs it, and renames it to {@code target}: a record
   * that appears whole or not at all (a commit record). {@code what} names it in the error.
   */
  public static void commit(FileSystem fs, Path tmp, Path target, byte[] data, String what)
      throws IOException {
    writeSynced(fs, tmp, data, true);
    if (!fs.rename(tmp, target)) {
      throw new IOException("could not move " + what + " " + tmp + " to " + target);
    }
  }

  /** Parses a record named {@code what}, refusing bytes that are not one. */
  public static <T> T parse(Path path, String what, byte[] data, Parser<T> parser)
      throws CorruptFileException {
    try {
      return parser.parse(data);
    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
      throw new CorruptFileException(path.toString(), "not a " + what + ": " + e.getMessage());
    }
  }

  /** Refuses a format version this code does not know, rather than guessing. */
  public static void checkVersion(Path path, String what, int version, int known)
      throws CorruptFileException {
    if (version != known) {
      throw new CorruptFileException(path.toString(), what + " format version " + version
          + " is not known to this version (which reads " + known + "); open it with the "
          + "Strata version that wrote it");
    }
  }
}
