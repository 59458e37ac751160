package io.strata.shell.chaos;

import io.strata.client.Admin;
import io.strata.client.ClusterStatus;
import io.strata.client.Connection;
import io.strata.client.Get;
import io.strata.client.Table;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableName;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The cluster as the chaos tools see it through the client: live servers, who holds which
 * region, and waits for states (polled, with a deadline), such as every region of a killed
 * server answering reads again.
 */
public final class ClusterView implements AutoCloseable {
  private static final long POLL_MILLIS = 50;

  private final Connection conn;
  private final Admin admin;
  private final Map<TableName, Table> probes = new HashMap<>();

  public ClusterView(Connection conn) throws IOException {
    this.conn = conn;
    this.admin = conn.getAdmin();
  }

  public Admin admin() {
    return admin;
  }

  public Connection connection() {
    return conn;
  }

  public ClusterStatus status() throws IOException {
    return admin.getClusterStatus();
  }

  public List<ServerName> liveRegionServers() throws IOException {
    List<ServerName> out = new ArrayList<>();
    status().liveServers().forEach(s -> out.add(s.server()));
    out.sort(null);
    return out;
  }

  /** The live region server on {@code host}, or null. */
  public ServerName regionServerOn(String host) throws IOException {
    for (ServerName s : liveRegionServers()) {
      if (s.host().equals(host)) {
        return s;
      }
    }
    return null;
  }

  /** The regions the master has open on {@code server}. */
  public List<RegionInfo> regionsOn(ServerName server) throws IOException {
    List<RegionInfo> out = new ArrayList<>();
    for (ClusterStatus.ServerLoad s : status().liveServers()) {
      if (s.server().equals(server)) {
        s.regionLoads().forEach(r -> out.add(r.region()));
      }
    }
    return out;
  }

  /** The enabled user tables (not the system namespace's), in name order. */
  public List<TableName> userTables() throws IOException {
    List<TableName> out = new ArrayList<>();
    for (TableName t : admin.listTableNames()) {
      if (!t.isSystemTable() && admin.isTableEnabled(t)) {
        out.add(t);
      }
    }
    out.sort(null);
    return out;
  }

  /** The regions of the enabled user tables. */
  public List<RegionInfo> userRegions() throws IOException {
    List<RegionInfo> out = new ArrayList<>();
    for (TableName t : userTables()) {
      out.addAll(admin.getRegions(t));
    }
    return out;
  }

  /**
   * Waits until a read of each region succeeds (each region is probed until it answers once);
   * returns the time it took, or throws when {@code timeout} passes first.
   */
  public Duration awaitServed(List<RegionInfo> regions, Duration timeout) throws IOException {
    long start = System.nanoTime();
    List<RegionInfo> left = new ArrayList<>(regions);
    while (!left.isEmpty()) {
      left.removeIf(this::answers);
      if (left.isEmpty()) {
        break;
      }
      if (System.nanoTime() - start > timeout.toNanos()) {
        throw new IOException(left.size() + " region(s) still not served after "
            + timeout.toSeconds() + " s, " + left.get(0).getRegionNameAsString() + " first");
      }
      pause();
    }
    return Duration.ofNanos(System.nanoTime() - start);
  }

  /** Whether a read in the region succeeds now (the region is open and reachable). */
  public boolean answers(RegionInfo r) {
    try {
      Table t = probes.get(r.getTable());
      if (t == null) {
        t = conn.getTableBuilder(r.getTable()).setOperationTimeout(Duration.ofSeconds(2))
            .setRpcTimeout(Duration.ofSeconds(1)).build();
        probes.put(r.getTable(), t);
      }
      byte[] row = r.getStartKey().length == 0 ? new byte[] {0} : r.getStartKey();
      t.get(new Get(row));
      return true;
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  /** Polls {@code condition} until it holds; throws naming {@code what} when time runs out. */
  public static void await(String what, Duration timeout, IoCondition condition)
      throws IOException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.holds()) {
      if (System.nanoTime() > deadline) {
        throw new IOException("timed out after " + timeout.toSeconds() + " s waiting for "
            + what);
      }
      pause();
    }
  }

  /** A condition whose check may fail: a failed check counts as not holding yet. */
  @FunctionalInterface
  public interface IoCondition {
    boolean check() throws IOException;

    default boolean holds() {
      try {
        return check();
      } catch (IOException | RuntimeException e) {
        return false;
      }
    }
  }

  private static void pause() throws IOException {
    try {
      Thread.sleep(POLL_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted while waiting");
    }
  }

  @Override
  public void close() throws IOException {
    for (Table t : probes.values()) {
      t.close();
    }
    admin.close();
  }
}
