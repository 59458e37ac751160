package io.strata.server.snapshot;

import io.strata.common.conf.CoreKeys;
import io.strata.common.error.CorruptedSnapshotException;
import io.strata.common.error.SnapshotDoesNotExistException;
import io.strata.common.error.SnapshotExistsException;
import io.strata.common.proto.SnapshotProtos.SnapshotFileProto;
import io.strata.common.proto.SnapshotProtos.SnapshotManifestProto;
import io.strata.common.proto.SnapshotProtos.SnapshotRegionProto;
import io.strata.mapreduce.JobTool;
import io.strata.server.fs.StorageFileSystems;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.CRC32C;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.NLineInputFormat;
import org.apache.hadoop.mapreduce.lib.output.NullOutputFormat;

/**
 * {@code bin/strata exportsnapshot}: copies a snapshot, its manifest and the block files it
 * names, to another root directory (another cluster's, local or on HDFS), as HBase's
 * ExportSnapshot, so it can be cloned there. A MapReduce job (the local runner unless told
 * otherwise) whose map tasks each copy a share of the files into the target's archive, at most
 * {@code -bandwidth} MB/s in all, each file's CRC32C compared between source and copy; the
 * manifest is moved into the target's {@code .snapshots/} only after every file arrived.
 */
public final class ExportSnapshot extends JobTool {
  /** The job's settings for its tasks (not user configuration). */
  static final String FROM = "snapshot.export.copy.from";
  static final String TO = "snapshot.export.copy.to";
  static final String BYTES_PER_SECOND = "snapshot.export.map.bandwidth.bytes";
  private static final String FILE_LIST = "files";

  /** What the job counts. */
  public enum Counters { FILES_COPIED, BYTES_COPIED, FILES_SKIPPED }

  private String name;
  private Path from;
  private Path to;
  private SnapshotManifestProto manifest;

  public static void main(String[] args) throws Exception {
    JobTool.main(new ExportSnapshot(), args);
  }

  @Override
  protected String usage() {
    return """
        Usage: bin/strata exportsnapshot -snapshot NAME -copy-to URI [-copy-from URI]
               [-mappers N] [-bandwidth MB/s] [-overwrite]
          -snapshot NAME   the snapshot to export
          -copy-to URI     the root directory to copy it to (another cluster's strata.rootdir,
                           such as hdfs://nn2:8020/strata or file:///backup/strata)
          -copy-from URI   the root directory it is in (default: strata.rootdir)
          -mappers N       map tasks copying files side by side (default: one per 10 files, at
                           most 16)
          -bandwidth MB/s  the most all tasks together copy per second (default: no limit)
          -overwrite       replace a snapshot of that name at the target""";
  }

  @Override
  protected Job createJob(Configuration conf, String[] args) throws Exception {
    int mappers = 0;
    long bandwidth = 0;
    boolean overwrite = false;
    String copyFrom = null;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("-overwrite")) {
        overwrite = true;
        continue;
      }
      if (i + 1 >= args.length) {
        throw new UsageException(a + " needs a value");
      }
      String v = args[++i];
      switch (a) {
        case "-snapshot" -> name = SnapshotLayout.checkName(v);
        case "-copy-to" -> to = new Path(v);
        case "-copy-from" -> copyFrom = v;
        case "-mappers" -> mappers = positive(a, v);
        case "-bandwidth" -> bandwidth = positive(a, v);
        default -> throw new UsageException("unknown option " + a);
      }
    }
    if (name == null || to == null) {
      throw new UsageException("give -snapshot and -copy-to");
    }
    from = new Path(copyFrom != null ? copyFrom
        : io.strata.mapreduce.StrataJobConfiguration.toStrata(conf).get(CoreKeys.ROOT_DIR));
    FileSystem source = from.getFileSystem(conf);
    FileSystem target = to.getFileSystem(conf);
    from = source.makeQualified(from);
    to = target.makeQualified(to);
    try {
      manifest = SnapshotManifest.read(source, SnapshotLayout.snapshotDir(from, name));
    } catch (FileNotFoundException e) {
      throw new SnapshotDoesNotExistException(name);
    }
    List<String> missing = SnapshotReferences.missingFiles(source, from, manifest);
    if (!missing.isEmpty()) {
      throw new CorruptedSnapshotException(name, missing);
    }
    Path done = SnapshotLayout.snapshotDir(to, name);
    if (target.exists(done)) {
      if (!overwrite) {
        throw new SnapshotExistsException(name);
      }
      target.delete(done, true);
    }
    Path working = SnapshotLayout.workingDir(to, name);
    target.delete(working, true);
    StorageFileSystems.mkdirs(target, working);
    int files = 0;
    try (OutputStream out = target.create(new Path(working, FILE_LIST), true)) {
      for (SnapshotRegionProto r : manifest.getRegionsList()) {
        for (SnapshotFileProto f : r.getFilesList()) {
          out.write((SnapshotManifest.relativePath(SnapshotManifest.fromProto(f)) + "\n")
              .getBytes(StandardCharsets.UTF_8));
          files++;
        }
      }
    }
    if (mappers == 0) {
      mappers = Math.max(1, Math.min(16, (files + 9) / 10));
    }
    conf.set(FROM, from.toString());
    conf.set(TO, to.toString());
    conf.setLong(BYTES_PER_SECOND, bandwidth * 1024 * 1024 / mappers);
    Job job = Job.getInstance(conf, "exportsnapshot " + name + " to " + to);
    job.setJarByClass(ExportSnapshot.class);
    job.setInputFormatClass(NLineInputFormat.class);
    NLineInputFormat.addInputPath(job, new Path(working, FILE_LIST));
    NLineInputFormat.setNumLinesPerSplit(job, Math.max(1, (files + mappers - 1) / mappers));
    job.setMapperClass(CopyMapper.class);
    job.setNumReduceTasks(0);
    job.setOutputFormatClass(NullOutputFormat.class);
    job.setOutputKeyClass(NullWritable.class);
    job.setOutputValueClass(NullWritable.class);
    return job;
  }

  /** Every file arrived: the manifest goes in, and the snapshot appears whole. */
  @Override
  protected void afterJob(Job job) throws IOException {
    FileSystem target = to.getFileSystem(job.getConfiguration());
    Path working = SnapshotLayout.workingDir(to, name);
    target.delete(new Path(working, FILE_LIST), false);
    SnapshotManifest.write(target, working, manifest);
    StorageFileSystems.mkdirs(target, SnapshotLayout.dir(to));
    if (!target.rename(working, SnapshotLayout.snapshotDir(to, name))) {
      throw new IOException("could not move the exported snapshot from " + working + " to "
          + SnapshotLayout.snapshotDir(to, name));
    }
    System.out.println("Exported snapshot '" + name + "' to " + to);
  }

  private static int positive(String option, String value) throws UsageException {
    try {
      int n = Integer.parseInt(value);
      if (n > 0) {
        return n;
      }
    } catch (NumberFormatException e) {
      // said below
    }
    throw new UsageException(option + " " + value + " is not a positive whole number");
  }

  /**
   * Copies the files its lines name ({@code <ns>/<table>/<region>/<family>/<file>}) from where
   * they are in the source to the target's archive; a file there already with the same
   * length and checksum (a task run again) is left.
   */
  public static final class CopyMapper extends Mapper<LongWritable, Text, NullWritable,
      NullWritable> {
    private FileSystem source;
    private FileSystem target;
    private Path from;
    private Path to;
    private long bytesPerSecond;

    @Override
    protected void setup(Context context) throws IOException {
      Configuration conf = context.getConfiguration();
      from = new Path(conf.get(FROM));
      to = new Path(conf.get(TO));
      source = from.getFileSystem(conf);
      target = to.getFileSystem(conf);
      bytesPerSecond = conf.getLong(BYTES_PER_SECOND, 0);
    }

    @Override
    protected void map(LongWritable offset, Text line, Context context) throws IOException {
      String rel = line.toString().trim();
      if (rel.isEmpty()) {
        return;
      }
      Path live = new Path(new Path(from, "data"), rel);
      Path src = source.exists(live) ? live : new Path(new Path(from, "archive/data"), rel);
      Path dst = new Path(new Path(to, "archive/data"), rel);
      long length = source.getFileStatus(src).getLen();
      long sourceCrc = crc(source, src, null, 0);
      if (target.exists(dst) && target.getFileStatus(dst).getLen() == length
          && crc(target, dst, null, 0) == sourceCrc) {
        context.getCounter(Counters.FILES_SKIPPED).increment(1);
        return;
      }
      StorageFileSystems.mkdirs(target, dst.getParent());
      long copiedCrc;
      try (FSDataOutputStream out = target.create(dst, true)) {
        copiedCrc = crc(source, src, out, bytesPerSecond);
      }
      long landed = crc(target, dst, null, 0);
      if (copiedCrc != sourceCrc || landed != sourceCrc) {
        target.delete(dst, false);
        throw new IOException("the copy of " + src + " to " + dst + " does not match it "
            + "(CRC32C " + Long.toHexString(sourceCrc) + " read, " + Long.toHexString(landed)
            + " written); the file changed or a disk is failing: export again");
      }
      context.getCounter(Counters.FILES_COPIED).increment(1);
      context.getCounter(Counters.BYTES_COPIED).increment(length);
    }

    /**
     * The CRC32C of {@code path}, written to {@code out} as it is read when not null, at most
     * {@code bytesPerSecond} (0: no limit).
     */
    private static long crc(FileSystem fs, Path path, OutputStream out, long bytesPerSecond)
        throws IOException {
      CRC32C crc = new CRC32C();
      byte[] buf = new byte[1 << 16];
      long start = System.nanoTime();
      long total = 0;
      try (InputStream in = fs.open(path)) {
        for (int n; (n = in.read(buf)) > 0; ) {
          crc.update(buf, 0, n);
          if (out != null) {
            out.write(buf, 0, n);
            total += n;
            pace(start, total, bytesPerSecond);
          }
        }
      }
      return crc.getValue();
    }

    /** Sleeps until {@code total} bytes since {@code start} are within the rate. */
    private static void pace(long start, long total, long bytesPerSecond) throws IOException {
      if (bytesPerSecond <= 0) {
        return;
      }
      long due = start + total * 1_000_000_000L / bytesPerSecond;
      long wait = due - System.nanoTime();
      if (wait > 0) {
        try {
          Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new java.io.InterruptedIOException("interrupted copying");
        }
      }
    }
  }
}
