package io.strata.common.rpc;

import io.strata.common.conf.RpcKeys;
import io.strata.common.conf.StrataConfiguration;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;

/**
 * Where a server's same-machine socket lives ({@link RpcKeys#LOCAL_SOCKETS}): a Unix domain
 * socket beside its TCP listener, in a directory of the user's own, named after the listener's
 * IP and port. A client that would call a server on its own machine finds the socket by the
 * address it would connect to and calls there, skipping TCP on both sides. The directory must
 * be closed to other users: whoever can put a socket there can answer the client's calls.
 */
public final class LocalSockets {
  private static final Set<PosixFilePermission> OTHERS = EnumSet.of(
      PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE,
      PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_READ,
      PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

  private LocalSockets() {}

  /** The configured directory, or null when local sockets are off. */
  public static Path directory(StrataConfiguration conf) {
    if (!conf.get(RpcKeys.LOCAL_SOCKETS)) {
      return null;
    }
    String dir = conf.get(RpcKeys.LOCAL_SOCKET_DIR);
    return dir.isEmpty()
        ? Path.of(System.getProperty("java.io.tmpdir"), "strata-" + System.getProperty(
            "user.name", "strata"))
        : Path.of(dir);
  }

  /**
   * The socket of the server whose TCP listener is {@code address}: named after its IP and port,
   * since servers bound to different addresses of one machine may share a port.
   */
  public static Path socket(Path dir, InetSocketAddress address) {
    InetAddress ip = address.getAddress();
    String host = ip == null ? address.getHostString() : ip.getHostAddress();
    return dir.resolve("rpc-" + host.replace(':', '_').replace('%', '_') + "-"
        + address.getPort() + ".sock");
  }

  /**
   * Makes {@code dir} (mode 700) if it is missing; throws an IOException saying what is wrong
   * if it is not a directory of this user's closed to others.
   */
  public static void prepare(Path dir) throws IOException {
    if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
      try {
        Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(
            PosixFilePermissions.fromString("rwx------")));
      } catch (FileAlreadyExistsException raced) {
        // another server made it meanwhile; checked below
      }
    }
    String problem = problem(dir);
    if (problem != null) {
      throw new IOException(problem);
    }
  }

  /** Whether {@code dir} is a directory of this user's that no other user may enter. */
  public static boolean isPrivate(Path dir) {
    return problem(dir) == null;
  }

  private static String problem(Path dir) {
    PosixFileAttributes a;
    try {
      a = Files.readAttributes(dir, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (UnsupportedOperationException e) {
      return "the local socket directory " + dir + " is on a file system without POSIX "
          + "permissions; set " + RpcKeys.LOCAL_SOCKET_DIR.name() + " to one that has them";
    } catch (IOException e) {
      return "the local socket directory " + dir + " cannot be read: " + e.getMessage();
    }
    String user = System.getProperty("user.name", "");
    if (!a.isDirectory()) {
      return "the local socket directory " + dir + " is not a directory; remove it or set "
          + RpcKeys.LOCAL_SOCKET_DIR.name();
    }
    if (!a.owner().getName().equals(user)) {
      return "the local socket directory " + dir + " belongs to " + a.owner().getName()
          + ", not to " + user + "; set " + RpcKeys.LOCAL_SOCKET_DIR.name()
          + " to a directory of your own";
    }
    if (a.permissions().stream().anyMatch(OTHERS::contains)) {
      return "the local socket directory " + dir + " is open to other users ("
          + PosixFilePermissions.toString(a.permissions()) + "); chmod 700 it";
    }
    return null;
  }

  /** Whether {@code address} is one of this machine's own. */
  public static boolean isThisMachine(InetAddress address) {
    if (address == null) {
      return false;
    }
    if (address.isLoopbackAddress() || address.isAnyLocalAddress()) {
      return true;
    }
    try {
      return NetworkInterface.getByInetAddress(address) != null;
    } catch (SocketException e) {
      return false;
    }
  }
}
