package io.strata.common.rpc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;

/**
 * The cluster secret's file format (docs/formats/cluster-secret.md, version 1): two ASCII lines,
 * {@code strata-cluster-secret 1} and the secret's 32 bytes in hex. Shared by the daemons that
 * make and read it and by operator tools that present a copy of it.
 */
public final class ClusterToken {
  /** The file's name in the root directory. */
  public static final String FILE = "cluster.secret";
  public static final int VERSION = 1;
  public static final int BYTES = 32;
  private static final String MAGIC = "strata-cluster-secret";

  private ClusterToken() {}

  public static byte[] format(byte[] token) {
    return (MAGIC + " " + VERSION + "\n" + HexFormat.of().formatHex(token) + "\n")
        .getBytes(StandardCharsets.US_ASCII);
  }

  /** The secret in {@code data}, the contents of {@code source}; an IOException says why not. */
  public static byte[] parse(String source, byte[] data) throws IOException {
    String[] lines = new String(data, StandardCharsets.US_ASCII).split("\n");
    if (lines.length < 2 || !lines[0].startsWith(MAGIC + " ")) {
      throw new IOException(source + " is not a Strata cluster secret; delete it to have the "
          + "next daemon to start make a new one (then restart every daemon)");
    }
    int version;
    try {
      version = Integer.parseInt(lines[0].substring(MAGIC.length() + 1).trim());
    } catch (NumberFormatException e) {
      throw new IOException(source + " has no version in its first line");
    }
    if (version != VERSION) {
      throw new IOException(source + ": cluster secret format version " + version
          + " is not known to this version (which reads " + VERSION + "); use the Strata"
          + " version that wrote it");
    }
    try {
      byte[] token = HexFormat.of().parseHex(lines[1].trim());
      if (token.length != BYTES) {
        throw new IllegalArgumentException(token.length + " bytes");
      }
      return token;
    } catch (IllegalArgumentException e) {
      throw new IOException(source + " holds no secret of " + BYTES + " bytes in hex ("
          + e.getMessage() + ")");
    }
  }

  /** The secret in the local file {@code file}. */
  public static byte[] read(Path file) throws IOException {
    return parse(file.toString(), Files.readAllBytes(file));
  }
}
