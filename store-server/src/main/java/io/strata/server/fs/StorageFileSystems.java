package io.strata.server.fs;

import io.strata.common.conf.CoreKeys;
import io.strata.common.conf.StrataConfiguration;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Opens the Hadoop {@link FileSystem} that holds Strata's root directory. Every byte Strata
 * persists goes through the file system returned here.
 *
 * <p>For {@code file://} it returns Hadoop's raw local file system ({@link LocalFiles}), not the
 * checksummed one: Strata's block files and WAL carry their own checksums, and the checksummed
 * wrapper neither passes hflush/hsync through nor avoids writing {@code .crc} side files.
 */
public final class StorageFileSystems {
  private StorageFileSystems() {}

  /**
   * HDFS client settings Strata's servers need, where the site does not set them:
   * <ul>
   *   <li>a NameNode that restarts (or stays in safe mode while its DataNodes report) is waited
   *       out, its calls retried every second for 30 s and then every 10 s for 5 minutes,
   *       rather than failing a flush or a WAL roll at once (Hadoop's own default);
   *   <li>a write pipeline that loses a DataNode goes on with the others, as HBase asks of
   *       HDFS, rather than stalling the writer while the block so far is copied to a
   *       replacement: the WAL then rolls to a new file with a whole pipeline (see Wal), and
   *       the NameNode brings a closed block file back to full replication by itself.
   * </ul>
   */
  static final java.util.Map<String, String> HDFS_DEFAULTS = java.util.Map.of(
      "dfs.client.retry.policy.enabled", "true",
      "dfs.client.retry.policy.spec", "1000,30,10000,30",
      "dfs.client.block.write.replace-datanode-on-failure.enable", "false");

  /**
   * Hadoop configuration: Hadoop's defaults, then {@link #HDFS_DEFAULTS}, then every
   * non-{@code strata.} key that was set.
   */
  public static Configuration toHadoop(StrataConfiguration conf) {
    Configuration hadoop = new Configuration();
    HDFS_DEFAULTS.forEach(hadoop::set);
    conf.overrides().forEach((k, v) -> {
      if (!k.startsWith("strata.")) {
        hadoop.set(k, conf.getRaw(k));
      }
    });
    return hadoop;
  }

  /** The root directory as a qualified path, from {@code strata.rootdir}. */
  public static Path rootDir(StrataConfiguration conf) {
    String root = conf.get(CoreKeys.ROOT_DIR);
    try {
      URI uri = new URI(root);
      if (uri.getScheme() == null) {
        throw new IllegalArgumentException("strata.rootdir '" + root + "' has no scheme; write "
            + "file:///path for a local directory or hdfs://namenode:port/path for HDFS");
      }
      return new Path(uri);
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("strata.rootdir '" + root + "' is not a valid URI ("
          + e.getMessage() + "); write file:///path or hdfs://namenode:port/path", e);
    }
  }

  /**
   * Makes {@code dir} and its parents unless it is a directory already; an IOException names it
   * when the file system refuses (Hadoop's mkdirs says so only by returning false).
   */
  public static void mkdirs(FileSystem fs, Path dir) throws IOException {
    if (!fs.mkdirs(dir)) {
      throw new IOException("cannot create the directory " + dir + "; check that the root"
          + " directory is writable by this user and that a file does not stand in its way");
    }
  }

  /** The file system of the root directory. */
  public static FileSystem forRoot(StrataConfiguration conf) throws IOException {
    return forPath(rootDir(conf), toHadoop(conf));
  }

  /**
   * Creates {@code path} for writing, as {@link FileSystem#create(Path, boolean)}, with the
   * local file system's write errors thrown as IOException ({@link FsErrorTranslatingStream}).
   * Every file Strata writes is created here.
   */
  public static FSDataOutputStream create(FileSystem fs, Path path, boolean overwrite)
      throws IOException {
    FSDataOutputStream out = fs.create(path, overwrite);
    return new FSDataOutputStream(new FsErrorTranslatingStream(out), null);
  }

  /**
   * Opens {@code path} for reading, as {@link FileSystem#open(Path)}, with the local file
   * system's read errors thrown as IOException ({@link FsErrorTranslatingInputStream}). Every
   * file Strata reads is opened here.
   */
  public static FSDataInputStream open(FileSystem fs, Path path) throws IOException {
    return new FSDataInputStream(new FsErrorTranslatingInputStream(fs.open(path)));
  }

  /**
   * The DataNodes now in the write pipeline of {@code out}'s current block, or -1 when the file
   * system has no pipeline (local files) or cannot say. A WAL whose pipeline lost a DataNode
   * rolls to a new file, whose pipeline is whole again.
   */
  public static int pipelineReplicas(FSDataOutputStream out) {
    java.io.OutputStream s = out;
    while (true) {
      if (s instanceof org.apache.hadoop.hdfs.client.HdfsDataOutputStream hdfs) {
        try {
          return hdfs.getCurrentBlockReplication();
        } catch (IOException closed) {
          return -1;
        }
      } else if (s instanceof FSDataOutputStream data) {
        s = data.getWrappedStream();
      } else if (s instanceof FsErrorTranslatingStream translating) {
        s = translating.wrapped();
      } else {
        return -1;
      }
    }
  }

  public static FileSystem forPath(Path path, Configuration hadoop) throws IOException {
    FileSystem fs = path.getFileSystem(hadoop);
    if (fs instanceof LocalFileSystem) {
      LocalFiles local = new LocalFiles(); // one per caller: Hadoop's cache keeps its own
      local.initialize(fs.getUri(), hadoop);
      return local;
    }
    return fs;
  }
}
