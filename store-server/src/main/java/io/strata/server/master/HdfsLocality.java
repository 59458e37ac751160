package io.strata.server.master;

import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.TableDescriptor;
import io.strata.server.region.RegionLayout;
import java.io.IOException;
import java.net.InetAddress;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where a region's data lies on HDFS, for the balancer's locality cost (HBase's HDFS block
 * distribution): the share of the bytes of its block files with a replica on each host. Hosts
 * are compared by address, so a DataNode and a region server may go by different names. Each
 * region's answer is kept for ten minutes; on the local file system every host is alike and the
 * answer is empty.
 */
final class HdfsLocality {
  private static final Logger LOG = LoggerFactory.getLogger(HdfsLocality.class);
  private static final long KEEP_MILLIS = 10 * 60_000;

  private record Known(Map<String, Double> byAddress, long atMillis) {}

  private final FileSystem fs;
  private final Path root;
  private final boolean local;
  private final Map<String, Known> known = new ConcurrentHashMap<>();
  private final Map<String, String> addresses = new ConcurrentHashMap<>();

  private HdfsLocality(FileSystem fs, Path root, boolean local) {
    this.fs = fs;
    this.root = root;
    this.local = local;
  }

  static HdfsLocality of(FileSystem fs, Path root) {
    return new HdfsLocality(fs, root, "file".equals(fs.getUri().getScheme()));
  }

  /** The region's share of bytes on each of {@code hosts}; empty when not known. */
  Map<String, Double> byHost(RegionInfo region, TableDescriptor table, List<String> hosts) {
    if (local || table == null) {
      return Map.of();
    }
    long now = System.currentTimeMillis();
    Known k = known.get(region.getEncodedName());
    if (k == null || now - k.atMillis() > KEEP_MILLIS) {
      k = new Known(read(region, table), now);
      known.put(region.getEncodedName(), k);
    }
    Map<String, Double> out = new HashMap<>();
    for (String h : hosts) {
      Double share = k.byAddress().get(address(h));
      if (share != null) {
        out.put(h, share);
      }
    }
    return out;
  }

  private Map<String, Double> read(RegionInfo region, TableDescriptor table) {
    Map<String, Long> bytes = new HashMap<>();
    long total = 0;
    try {
      Path dir = RegionLayout.regionDir(root, region);
      for (ColumnFamilyDescriptor f : table.getColumnFamilies()) {
        for (FileStatus st : RegionLayout.familyFiles(fs, dir, f.getNameAsString())) {
          for (BlockLocation b : fs.getFileBlockLocations(st, 0, st.getLen())) {
            total += b.getLength();
            for (String h : b.getHosts()) {
              bytes.merge(address(h), b.getLength(), Long::sum);
            }
          }
        }
      }
    } catch (IOException e) {
      LOG.debug("could not read where region {} lies: {}", region.getEncodedName(), e.toString());
      return Map.of();
    }
    Map<String, Double> shares = new HashMap<>();
    long all = total;
    bytes.forEach((h, n) -> shares.put(h, all == 0 ? 0 : (double) n / all));
    return shares;
  }

  private String address(String host) {
    return addresses.computeIfAbsent(host, h -> {
      try {
        return InetAddress.getByName(h).getHostAddress();
      } catch (IOException e) {
        return h;
      }
    });
  }
}
