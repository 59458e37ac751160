package io.strata.server.master;

import io.strata.server.fs.StorageFileSystems;
import io.strata.common.schema.ServerName;
import io.strata.common.proto.AdminProtos.SplitWalRequest;
import io.strata.common.proto.AdminProtos.SplitWalResponse;
import io.strata.server.region.DeadWalFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The WALs of dead region servers, split into their regions' {@code recovered.wals} so each
 * region replays its own edits wherever and whenever it opens next. A region that was on a dead
 * server must not open, or be marked closed, before that server's WALs are split: a region
 * flushed meanwhile would skip the older edits as already saved. So every transition away from
 * a dead server calls {@link #split} first; splitting is idempotent and done once per server.
 *
 * <p>Steps, each safe to repeat after a master crash: rename {@code wals/<server>} to
 * {@code wals/<server>-splitting} (a server that is only slow, not dead, can no longer roll to a
 * new file there; on HDFS its open file's lease is taken too); hand the files out to the live
 * region servers, one each at a time, so they are split in parallel ({@link DeadWalFile}); move
 * each file to {@code oldWALs} as soon as it is split, so the directory always lists exactly
 * the work left (the durable task list a new master resumes); delete the directory. A file
 * whose server fails or dies is split by the master itself.
 */
final class DeadServerWals {
  private static final Logger LOG = LoggerFactory.getLogger(DeadServerWals.class);
  static final String SPLITTING = DeadWalFile.SPLITTING;

  private final FileSystem fs;
  private final Path root;
  private final Path walsDir;
  private final ServerManager servers;
  private final Duration timeout;
  /** Where the master's own file work runs: never on the RPC event loop that answers. */
  private final java.util.concurrent.ExecutorService io =
      java.util.concurrent.Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "wal-split");
        t.setDaemon(true);
        return t;
      });

  DeadServerWals(FileSystem fs, Path root, ServerManager servers, Duration timeout) {
    this.fs = fs;
    this.root = root;
    this.walsDir = new Path(root, "wals");
    this.servers = servers;
    this.timeout = timeout;
  }
  /** Servers that left WALs behind, live or not. */
  List<ServerName> withWals() throws IOException {
    List<ServerName> out = new ArrayList<>();
    if (!fs.exists(walsDir)) {
      return out;
    }
    for (FileStatus st : fs.listStatus(walsDir)) {
      String name = st.getPath().getName();
      if (name.endsWith(SPLITTING)) {
        name = name.substring(0, name.length() - SPLITTING.length());
      }
      try {
        out.add(ServerName.parse(name));
      } catch (IllegalArgumentException e) {
        LOG.warn("ignoring {}: not a region server's WAL directory", st.getPath());
      }
    }
    return out;
  }

  /** Splits the dead server's WALs, if it left any; returns once they are split and archived. */
  synchronized void split(ServerName server) throws IOException {
    Path live = new Path(walsDir, server.toString());
    Path splitting = new Path(walsDir, server + SPLITTING);
    if (fs.exists(live)) {
      if (fs.exists(splitting)) {
        // The server, only thought dead, rolled to a new file after the rename: take it along.
        for (FileStatus st : fs.listStatus(live)) {
          fs.rename(st.getPath(), new Path(splitting, st.getPath().getName()));
        }
        fs.delete(live, true);
      } else if (!fs.rename(live, splitting)) {
        throw new IOException("could not rename " + live + " to " + splitting);
      }
    }
    if (!fs.exists(splitting)) {
      return; // nothing left behind, or split before
    }
    List<Path> files = new ArrayList<>();
    for (FileStatus st : fs.listStatus(splitting)) {
      if (st.isFile()) {
        files.add(st.getPath());
      }
    }
    files.sort(null);
    for (Path f : files) {
      recoverLease(f);
    }
    Path archive = new Path(root, "oldWALs");
    StorageFileSystems.mkdirs(fs, archive);
    long start = System.nanoTime();
    List<ServerName> workers = servers.liveServers();
    List<CompletableFuture<Void>> done = new ArrayList<>();
    Map<ServerName, CompletableFuture<Void>> lastOf = new HashMap<>();
    for (int i = 0; i < files.size(); i++) {
      Path f = files.get(i);
      // One file per worker at a time: each worker's files are chained after each other.
      ServerName worker = workers.isEmpty() ? null : workers.get(i % workers.size());
      CompletableFuture<Void> before = lastOf.getOrDefault(worker,
          CompletableFuture.completedFuture(null));
      CompletableFuture<Void> mine = before.handle((x, e) -> null)
          .thenComposeAsync(x -> splitOn(worker, f, server), io)
          .thenRunAsync(() -> archive(f, archive, server), io);
      lastOf.put(worker, mine);
      done.add(mine);
    }
    try {
      CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted splitting the WALs of " + server);
    } catch (ExecutionException e) {
      throw AssignmentManager.asIo(e);
    }
    fs.delete(splitting, true);
    LOG.info("split {} WAL file(s) of dead server {} on {} server(s) in {} ms", files.size(),
        server, Math.max(1, Math.min(workers.size(), files.size())),
        (System.nanoTime() - start) / 1_000_000);
  }

  /** Has {@code worker} split the file, or splits it here if there is none or it fails. */
  private CompletableFuture<Void> splitOn(ServerName worker, Path f, ServerName dead) {
    if (worker == null) {
      return CompletableFuture.runAsync(() -> splitHere(f, dead), io);
    }
    CompletableFuture<Void> asked;
    try {
      asked = servers.admin(worker).call("SplitWal", SplitWalRequest.newBuilder()
          .setPath(f.toString()).setServer(dead.toString()).build(), null,
          SplitWalResponse.parser(), timeout, 1).thenApply(r -> null);
    } catch (IOException e) {
      asked = CompletableFuture.failedFuture(e);
    }
    return asked.handle((x, e) -> e).thenComposeAsync(e -> {
      if (e == null) {
        return CompletableFuture.completedFuture(null);
      }
      LOG.warn("region server {} could not split {}: {}; the master splits it", worker, f,
          AssignmentManager.asIo(e).getMessage());
      return CompletableFuture.runAsync(() -> splitHere(f, dead), io);
    }, io);
  }

  private void splitHere(Path f, ServerName dead) {
    try {
      DeadWalFile.split(fs, root, f, dead.toString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void archive(Path f, Path archive, ServerName server) {
    try {
      fs.rename(f, new Path(archive, server + "." + f.getName()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * On HDFS, takes the file's lease from a server that may still be writing it: once recovered,
   * the file is closed at its synced length and that server's later writes fail, so no edit it
   * acknowledges can be missing from the split. The local file system has no leases.
   */
  private void recoverLease(Path file) throws IOException {
    if (!(fs instanceof org.apache.hadoop.hdfs.DistributedFileSystem dfs)) {
      return;
    }
    for (int attempt = 0; !dfs.recoverLease(file); attempt++) {
      if (attempt >= 600) {
        throw new IOException("the lease of " + file + " was not recovered within 10 minutes; "
            + "check HDFS");
      }
      try {
        Thread.sleep(1000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new java.io.InterruptedIOException("interrupted recovering the lease of " + file);
      }
    }
  }
}
