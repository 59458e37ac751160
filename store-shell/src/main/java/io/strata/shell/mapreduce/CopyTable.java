package io.strata.shell.mapreduce;

import io.strata.client.Mutation;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.Scan;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellUtil;
import io.strata.common.conf.MapReduceKeys;
import io.strata.common.util.Bytes;
import io.strata.mapreduce.ImmutableBytesWritable;
import io.strata.mapreduce.JobTool;
import io.strata.mapreduce.TableMapReduceUtil;
import io.strata.mapreduce.TableMapper;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;

/**
 * Copies a table's rows into another table, of this cluster or another, as HBase's CopyTable:
 * {@code bin/strata copytable [--new.name=NEW] [--peer.adr=QUORUM] [--starttime=T]
 * [--endtime=T] [--versions=N] [--families=a,b:c] [--startrow=R] [--stoprow=R] TABLE}. Cells
 * keep their timestamps; the target table must exist with the families copied into.
 */
public final class CopyTable extends JobTool {
  /** The counter of rows copied. */
  public enum Counters { ROWS }

  static final String FAMILY_RENAMES = MapReduceKeys.COPYTABLE_FAMILIES.name();

  /** Each row as one put, its families renamed as asked. */
  public static class CopyMapper extends TableMapper<ImmutableBytesWritable, Mutation> {
    private final Map<String, byte[]> renames = new HashMap<>();

    @Override
    protected void setup(Context context) {
      for (String f : context.getConfiguration().getTrimmedStrings(FAMILY_RENAMES)) {
        int colon = f.indexOf(':');
        if (colon > 0) {
          renames.put(f.substring(0, colon), Bytes.toBytes(f.substring(colon + 1)));
        }
      }
    }

    @Override
    protected void map(ImmutableBytesWritable row, Result value, Context context)
        throws IOException, InterruptedException {
      Put put = new Put(row.copyBytes());
      for (Cell c : value.rawCells()) {
        byte[] to = renames.get(Bytes.toString(CellUtil.cloneFamily(c)));
        if (to == null) {
          put.add(c);
        } else {
          put.addColumn(to, CellUtil.cloneQualifier(c), c.getTimestamp(), CellUtil.cloneValue(c));
        }
      }
      if (!put.isEmpty()) {
        context.getCounter(Counters.ROWS).increment(1);
        context.write(row, put);
      }
    }
  }

  @Override
  protected String usage() {
    return "Usage: bin/strata copytable [--new.name=NEW] [--peer.adr=QUORUM] [--starttime=MS] "
        + "[--endtime=MS] [--versions=N]\n"
        + "                           [--families=FAMILY[:NEWFAMILY],...] [--startrow=ROW] "
        + "[--stoprow=ROW] TABLE\n"
        + "  Copies TABLE's rows into NEW (default: a table of the same name, which needs "
        + "--peer.adr)\n  on the cluster whose ZooKeeper quorum is QUORUM (host:port,..., "
        + "default: this one). The target must exist.";
  }

  @Override
  protected Job createJob(Configuration conf, String[] args) throws Exception {
    Options o = new Options(args, List.of("new.name", "peer.adr", "starttime", "endtime",
        "versions", "families", "startrow", "stoprow"));
    if (o.positional.size() != 1) {
      throw new UsageException("copytable takes one TABLE after its options; it was given "
          + o.positional);
    }
    String table = o.positional.get(0);
    String target = o.named.getOrDefault("new.name", table);
    String peer = o.named.getOrDefault("peer.adr", "");
    if (target.equals(table) && peer.isEmpty()) {
      throw new UsageException("copying " + table + " onto itself: give --new.name=NEW or "
          + "--peer.adr=QUORUM of another cluster");
    }
    Scan scan = new Scan().setTimeRange(o.time("starttime", 0),
        o.time("endtime", Long.MAX_VALUE));
    String versions = o.named.get("versions");
    if (versions != null) {
      try {
        scan.readVersions(Integer.parseInt(versions));
      } catch (IllegalArgumentException e) {
        throw new UsageException("--versions=" + versions + " is not a number of versions");
      }
    }
    scan.withStartRow(Bytes.toBytesBinary(o.named.getOrDefault("startrow", "")))
        .withStopRow(Bytes.toBytesBinary(o.named.getOrDefault("stoprow", "")));
    Job job = Job.getInstance(conf, "copytable_" + table + "_to_" + target);
    job.setJarByClass(CopyTable.class);
    String families = o.named.getOrDefault("families", "");
    for (String f : families.split(",")) {
      if (!f.isBlank()) {
        scan.addFamily(Bytes.toBytes(f.contains(":") ? f.substring(0, f.indexOf(':')) : f));
      }
    }
    job.getConfiguration().set(FAMILY_RENAMES, families);
    TableMapReduceUtil.initTableMapperJob(table, scan, CopyMapper.class,
        ImmutableBytesWritable.class, Mutation.class, job);
    TableMapReduceUtil.initTableReducerJob(target, null, job);
    if (!peer.isEmpty()) {
      job.getConfiguration().set(MapReduceKeys.OUTPUT_QUORUM.name(), peer);
    }
    job.setNumReduceTasks(0);
    return job;
  }

  public static void main(String[] args) throws Exception {
    JobTool.main(new CopyTable(), args);
  }
}
