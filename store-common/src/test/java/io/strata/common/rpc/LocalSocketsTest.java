package io.strata.common.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.conf.RpcKeys;
import io.strata.common.conf.StrataConfiguration;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalSocketsTest {
  @TempDir
  Path tmp;

  @Test
  void theDirectoryIsConfiguredOrTheUsersOwnInTheTemporaryDirectoryOrNoneWhenOff() {
    StrataConfiguration conf = StrataConfiguration.defaults();
    assertEquals(Path.of(System.getProperty("java.io.tmpdir"),
        "strata-" + System.getProperty("user.name")), LocalSockets.directory(conf));
    conf.set(RpcKeys.LOCAL_SOCKET_DIR.name(), tmp.resolve("s").toString());
    assertEquals(tmp.resolve("s"), LocalSockets.directory(conf));
    conf.set(RpcKeys.LOCAL_SOCKETS.name(), "false");
    assertNull(LocalSockets.directory(conf));
    assertEquals(tmp.resolve("rpc-127.0.0.1-16020.sock"),
        LocalSockets.socket(tmp, new InetSocketAddress("127.0.0.1", 16020)));
    assertEquals(tmp.resolve("rpc-127.0.0.2-16020.sock"),
        LocalSockets.socket(tmp, new InetSocketAddress("127.0.0.2", 16020)));
    assertEquals(tmp.resolve("rpc-0_0_0_0_0_0_0_1-16020.sock"),
        LocalSockets.socket(tmp, new InetSocketAddress("::1", 16020)));
  }

  @Test
  void aMissingDirectoryIsMadeClosedToOthers() throws IOException {
    Path dir = tmp.resolve("a/b");
    assertFalse(LocalSockets.isPrivate(dir));
    LocalSockets.prepare(dir);
    assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
    assertTrue(LocalSockets.isPrivate(dir));
    LocalSockets.prepare(dir); // again: already there
  }

  /** Another user who could enter the directory could plant a socket answering for a server. */
  @Test
  void aDirectoryOpenToOthersOrAFileIsRefusedSayingWhy() throws IOException {
    Path open = Files.createDirectory(tmp.resolve("open"));
    Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxr-xr-x"));
    assertFalse(LocalSockets.isPrivate(open));
    IOException e = assertThrows(IOException.class, () -> LocalSockets.prepare(open));
    assertTrue(e.getMessage().contains("open to other users (rwxr-xr-x); chmod 700 it"),
        e.getMessage());

    Path file = Files.createFile(tmp.resolve("file"));
    e = assertThrows(IOException.class, () -> LocalSockets.prepare(file));
    assertTrue(e.getMessage().contains("is not a directory"), e.getMessage());
    assertFalse(LocalSockets.isPrivate(file));

    Path link = Files.createSymbolicLink(tmp.resolve("link"), Files.createDirectory(
        tmp.resolve("target"), PosixFilePermissions.asFileAttribute(
            PosixFilePermissions.fromString("rwx------"))));
    assertFalse(LocalSockets.isPrivate(link), "a link may be changed to point elsewhere");
  }

  @Test
  void loopbackAndThisMachinesAddressesAreLocalOthersAreNot() throws IOException {
    assertTrue(LocalSockets.isThisMachine(InetAddress.getByName("127.0.0.1")));
    assertTrue(LocalSockets.isThisMachine(InetAddress.getByName("::1")));
    assertFalse(LocalSockets.isThisMachine(InetAddress.getByName("192.0.2.1"))); // TEST-NET-1
    assertFalse(LocalSockets.isThisMachine(null));
  }
}
