package io.strata.common.security;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.strata.common.proto.RpcProtos.TokenIdentifierProto;
import io.strata.common.proto.RpcProtos.TokenProto;
import java.io.IOException;
import java.time.Instant;

/**
 * A token a cluster issued to a user: what it says (user, id, when issued, when it expires) in
 * {@code identifier}'s bytes, and the {@code password} that signs them, which only the
 * cluster's servers can compute (docs/formats/token.md).
 */
public record Token(String user, long id, long issuedMillis, long expiresMillis,
    boolean renewable, byte[] identifier, byte[] password) {
  /** The version of the identifier's format this release writes and reads. */
  public static final int VERSION = 1;

  /** The identifier's bytes for a token with these fields. */
  public static byte[] identifier(String user, long id, long issuedMillis, long expiresMillis) {
    return identifier(user, id, issuedMillis, expiresMillis, false);
  }

  /**
   * The identifier's bytes; a {@code renewable} token (a delegation token) is valid only while
   * its cluster records it, until the recorded expiry, never past {@code expiresMillis}.
   */
  public static byte[] identifier(String user, long id, long issuedMillis, long expiresMillis,
      boolean renewable) {
    return TokenIdentifierProto.newBuilder().setVersion(VERSION).setUser(user).setId(id)
        .setIssuedMillis(issuedMillis).setExpiresMillis(expiresMillis).setRenewable(renewable)
        .build().toByteArray();
  }

  /** The token whose identifier is {@code identifier}; an IOException says what is wrong. */
  public static Token of(byte[] identifier, byte[] password) throws IOException {
    TokenIdentifierProto id;
    try {
      id = TokenIdentifierProto.parseFrom(identifier);
    } catch (InvalidProtocolBufferException e) {
      throw new IOException("not a Strata token: " + e.getMessage());
    }
    if (id.getVersion() != VERSION) {
      throw new IOException("token format version " + id.getVersion() + " is not known to this "
          + "release (which reads " + VERSION + "); create a new token with this release's "
          + "bin/strata token create");
    }
    if (id.getUser().isEmpty()) {
      throw new IOException("the token names no user");
    }
    return new Token(id.getUser(), id.getId(), id.getIssuedMillis(), id.getExpiresMillis(),
        id.getRenewable(), identifier.clone(), password.clone());
  }

  public static Token fromProto(TokenProto proto) throws IOException {
    return of(proto.getIdentifier().toByteArray(), proto.getPassword().toByteArray());
  }

  public TokenProto toProto() {
    return TokenProto.newBuilder().setIdentifier(ByteString.copyFrom(identifier))
        .setPassword(ByteString.copyFrom(password)).build();
  }

  public boolean expiredAt(long millis) {
    return millis >= expiresMillis;
  }

  @Override
  public String toString() {
    return (renewable ? "delegation token " : "token ") + Long.toUnsignedString(id) + " of user "
        + user + ", issued " + Instant.ofEpochMilli(issuedMillis) + ", "
        + (renewable ? "renewable until " : "expires ") + Instant.ofEpochMilli(expiresMillis);
  }
}
