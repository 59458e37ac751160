package io.strata.server.security;

import io.strata.common.rpc.ClusterToken;
import io.strata.server.fs.RecordFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Id;
import org.apache.zookeeper.server.auth.DigestAuthenticationProvider;

/**
 * The secret a cluster's own processes share, so that a region server can tell its master from
 * any client, until users are authenticated: 32 random bytes in {@code <root>/cluster.secret}
 * (docs/formats/cluster-secret.md), made by whichever daemon starts first, readable by its owner
 * alone. Daemons present it in their connection headers (calls only the master may make:
 * opening, closing and splitting regions, writing strata:meta, load reports), and prove it to
 * ZooKeeper as a digest identity, so only they may change the cluster's znodes.
 */
public final class ClusterSecret {
  static final String FILE = ClusterToken.FILE;
  private static final int BYTES = ClusterToken.BYTES;
  /** The user name of the digest identity every daemon proves to ZooKeeper. */
  private static final String ZK_USER = "strata";

  private final byte[] token;

  private ClusterSecret(byte[] token) {
    this.token = token;
  }

  /** The cluster's secret from {@code root}, made there first if no daemon made it yet. */
  public static ClusterSecret loadOrCreate(FileSystem fs, Path root) throws IOException {
    Path file = new Path(root, FILE);
    byte[] stored = RecordFiles.readIfPresent(fs, file);
    if (stored != null) {
      return parse(file, stored);
    }
    byte[] token = new byte[BYTES];
    new SecureRandom().nextBytes(token);
    if (!fs.mkdirs(root)) {
      throw new IOException("cannot create the root directory " + root + "; check that its "
          + "parent exists and is writable by this user");
    }
    // Written aside, then put in place only if no other daemon's file is there yet: two
    // daemons starting at once both write, one wins, and both use the file that stands.
    Path tmp = new Path(root, FILE + "." + HexFormat.of().formatHex(token, 0, 4) + ".tmp");
    boolean won = "file".equals(fs.getUri().getScheme())
        ? linkLocally(fs.makeQualified(tmp), fs.makeQualified(file), token)
        : renameIfAbsent(fs, tmp, file, token);
    if (!won) {
      return parse(file, RecordFiles.read(fs, file));
    }
    return new ClusterSecret(token);
  }

  /**
   * On a local file system a rename replaces what stands at its target; a hard link is made
   * only where nothing stands, in one step.
   */
  private static boolean linkLocally(Path tmp, Path file, byte[] token) throws IOException {
    java.nio.file.Path from = java.nio.file.Path.of(tmp.toUri());
    java.nio.file.Path to = java.nio.file.Path.of(file.toUri());
    try {
      Files.createFile(from, PosixFilePermissions.asFileAttribute(
          PosixFilePermissions.fromString("rw-------")));
      Files.write(from, format(token), StandardOpenOption.WRITE, StandardOpenOption.SYNC);
      Files.createLink(to, from);
      return true;
    } catch (FileAlreadyExistsException e) {
      return false;
    } finally {
      Files.deleteIfExists(from);
    }
  }

  /** HDFS's rename does not replace its target, and is one step. */
  private static boolean renameIfAbsent(FileSystem fs, Path tmp, Path file, byte[] token)
      throws IOException {
    FsPermission ownerOnly = new FsPermission((short) 0600);
    try (FSDataOutputStream out = fs.create(tmp, ownerOnly, false, 4096,
        fs.getDefaultReplication(tmp), fs.getDefaultBlockSize(tmp), null)) {
      out.write(format(token));
      out.hsync();
    }
    fs.setPermission(tmp, ownerOnly); // whatever the umask took away
    if (fs.rename(tmp, file)) {
      return true;
    }
    fs.delete(tmp, false);
    return false;
  }

  static byte[] format(byte[] token) {
    return ClusterToken.format(token);
  }

  static ClusterSecret parse(Path file, byte[] data) throws IOException {
    return new ClusterSecret(ClusterToken.parse(file.toString(), data));
  }

  /** What a daemon presents in its connection headers. */
  public byte[] token() {
    return token.clone();
  }

  /** Whether {@code presented} is this secret, in time that does not depend on where it differs. */
  public boolean matches(byte[] presented) {
    return MessageDigest.isEqual(token, presented);
  }

  /** The digest identity a daemon adds to its ZooKeeper session. */
  public byte[] zkAuth() {
    return (ZK_USER + ":" + HexFormat.of().formatHex(token)).getBytes(StandardCharsets.UTF_8);
  }

  /** The ACL of every znode a daemon creates: anyone reads, only the cluster's daemons change. */
  public List<ACL> zkAcl() {
    try {
      String digest = DigestAuthenticationProvider.generateDigest(
          new String(zkAuth(), StandardCharsets.UTF_8));
      // A mutable list: ZooKeeper asks it whether it contains null, which List.of refuses.
      return new ArrayList<>(List.of(new ACL(ZooDefs.Perms.READ, ZooDefs.Ids.ANYONE_ID_UNSAFE),
          new ACL(ZooDefs.Perms.ALL, new Id("digest", digest))));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("this JVM has no SHA-1 for ZooKeeper's digests", e);
    }
  }
}
