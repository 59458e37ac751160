package io.strata.common.security;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TokenFileTest {
  @TempDir
  Path dir;

  private static Token token() throws IOException {
    return Token.of(Token.identifier("alice", 42, 1_000, 2_000), new byte[] {1, 2, 3});
  }

  @Test
  void aWrittenTokenReadsBackAndOnlyItsOwnerMayReadIt() throws IOException {
    Path file = dir.resolve("alice.token");
    TokenFile.write(file, token());
    Token t = TokenFile.read(file);
    assertEquals("alice", t.user());
    assertEquals(42, t.id());
    assertEquals(1_000, t.issuedMillis());
    assertEquals(2_000, t.expiresMillis());
    assertArrayEquals(new byte[] {1, 2, 3}, t.password());
    assertArrayEquals(token().identifier(), t.identifier());
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    assertEquals("strata-token 1", Files.readAllLines(file).get(0));
  }

  @Test
  void whatIsNotAReadableTokenIsRefusedSayingWhatToDo() {
    assertEquals("f is not a Strata token file; create one with bin/strata token create USER",
        bad("strata-cluster-secret 1\nabcd\n"));
    assertEquals("f: token file format version 2 is not known to this release (which reads 1); "
        + "create a new token with it", bad("strata-token 2\nAAAA\n"));
    assertEquals("f holds no readable token (Illegal base64 character 21); create a new one "
        + "with bin/strata token create USER", bad("strata-token 1\n!!!!\n"));
    assertEquals(true, assertThrows(IOException.class, () -> TokenFile.read(dir.resolve("none")))
        .getMessage().startsWith("cannot read the token file "));
  }

  @Test
  void anIdentifierOfAnotherVersionIsRefused() {
    byte[] v2 = io.strata.common.proto.RpcProtos.TokenIdentifierProto.newBuilder().setVersion(2)
        .setUser("bob").build().toByteArray();
    assertEquals("token format version 2 is not known to this release (which reads 1); create "
        + "a new token with this release's bin/strata token create",
        assertThrows(IOException.class, () -> Token.of(v2, new byte[0])).getMessage());
  }

  private static String bad(String contents) {
    return assertThrows(IOException.class, () -> TokenFile.parse("f",
        contents.getBytes(StandardCharsets.US_ASCII))).getMessage();
  }
}
