package io.strata.common.security;

import io.strata.common.conf.ClientKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.proto.RpcProtos.TokenProto;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;

/**
 * A token's file (docs/formats/token.md, version 1): two ASCII lines, {@code strata-token 1} and
 * the token in base64. Written readable by its owner alone, as it lets anyone who reads it act
 * as the token's user until it expires.
 */
public final class TokenFile {
  public static final int VERSION = 1;
  private static final String MAGIC = "strata-token";

  private TokenFile() {}

  public static byte[] format(Token token) {
    return (MAGIC + " " + VERSION + "\n"
        + Base64.getEncoder().encodeToString(token.toProto().toByteArray()) + "\n")
        .getBytes(StandardCharsets.US_ASCII);
  }

  /** The token in {@code data}, the contents of {@code source}; an IOException says why not. */
  public static Token parse(String source, byte[] data) throws IOException {
    String[] lines = new String(data, StandardCharsets.US_ASCII).split("\n");
    if (lines.length < 2 || !lines[0].startsWith(MAGIC + " ")) {
      throw new IOException(source + " is not a Strata token file; create one with "
          + "bin/strata token create USER");
    }
    String version = lines[0].substring(MAGIC.length() + 1).trim();
    if (!version.equals(Integer.toString(VERSION))) {
      throw new IOException(source + ": token file format version " + version + " is not known "
          + "to this release (which reads " + VERSION + "); create a new token with it");
    }
    try {
      return Token.fromProto(TokenProto.parseFrom(Base64.getDecoder().decode(lines[1].trim())));
    } catch (IllegalArgumentException | IOException e) {
      throw new IOException(source + " holds no readable token (" + e.getMessage()
          + "); create a new one with bin/strata token create USER", e);
    }
  }

  /**
   * The token file a client uses: strata.client.token.file, else the environment's
   * STRATA_TOKEN_FILE, else none (empty).
   */
  public static String configured(StrataConfiguration conf) {
    String file = conf.get(ClientKeys.TOKEN_FILE);
    if (file.isEmpty()) {
      String env = System.getenv("STRATA_TOKEN_FILE");
      file = env == null ? "" : env.trim();
    }
    return file;
  }

  public static Token read(Path file) throws IOException {
    if (!Files.isReadable(file)) {
      throw new IOException("cannot read the token file " + file + " (from "
          + "strata.client.token.file or STRATA_TOKEN_FILE); check the path and its permissions");
    }
    return parse(file.toString(), Files.readAllBytes(file));
  }

  /** Writes {@code token} to {@code file}, readable and writable by its owner alone. */
  public static void write(Path file, Token token) throws IOException {
    Path dir = file.toAbsolutePath().getParent();
    Path tmp = Files.createTempFile(dir, "." + file.getFileName(), ".tmp",
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    try {
      Files.write(tmp, format(token));
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }
}
