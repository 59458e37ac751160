package io.strata.server.bulkload;

import io.strata.client.Put;
import io.strata.client.RegionLocation;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellUtil;
import io.strata.common.cell.KeyValue;
import io.strata.common.conf.MapReduceKeys;
import io.strata.common.proto.SchemaProtos.TableDescriptorProto;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.SchemaCodec;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.util.Bytes;
import io.strata.mapreduce.ImmutableBytesWritable;
import io.strata.mapreduce.MutationSerialization;
import io.strata.server.blockfile.BlockFileOptions;
import io.strata.server.blockfile.BlockFileWriter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.partition.TotalOrderPartitioner;

/**
 * Writes a job's sorted cells as block files to load into a table, as HBase's
 * HFileOutputFormat2: {@code OUTDIR/<family>/<file>}, each family's files with its compression,
 * encoding and bloom filter. {@link #configureIncrementalLoad} sets a job up so that each
 * reducer gets one region's rows in order (a total-order partition at the regions' start keys),
 * making one file per family per region; {@code bin/strata completebulkload OUTDIR TABLE} then
 * loads them.
 */
public class BlockFileOutputFormat extends FileOutputFormat<ImmutableBytesWritable, Cell> {
  /**
   * Sets {@code job} up to write block files for {@code table}: the map output must be (row,
   * {@link Put}); a reducer per region sorts each row's cells; the files go to {@code output}.
   */
  public static void configureIncrementalLoad(Job job, TableDescriptor table,
      List<RegionLocation> regions, Path output) throws IOException {
    Configuration conf = job.getConfiguration();
    if (job.getMapOutputValueClass() != Put.class) {
      throw new IOException("a bulk-load job's mappers write (row, Put), not "
          + job.getMapOutputValueClass().getName());
    }
    MutationSerialization.register(conf);
    job.setMapOutputKeyClass(ImmutableBytesWritable.class);
    job.setReducerClass(PutSortReducer.class);
    job.setOutputKeyClass(ImmutableBytesWritable.class);
    job.setOutputValueClass(KeyValue.class);
    job.setOutputFormatClass(BlockFileOutputFormat.class);
    conf.set(MapReduceKeys.BULKLOAD_TABLE.name(), Base64.getEncoder().encodeToString(
        SchemaCodec.toProto(table).toByteArray()));
    List<byte[]> starts = new ArrayList<>();
    regions.forEach(r -> starts.add(r.region().getStartKey()));
    starts.sort(Comparator.comparing(k -> k, Bytes.BYTES_COMPARATOR));
    job.setNumReduceTasks(starts.size());
    job.setPartitionerClass(TotalOrderPartitioner.class);
    Path partitions = new Path(conf.get("hadoop.tmp.dir", "/tmp"),
        "strata-partitions-" + UUID.randomUUID());
    FileSystem fs = partitions.getFileSystem(conf);
    try (SequenceFile.Writer w = SequenceFile.createWriter(conf,
        SequenceFile.Writer.file(fs.makeQualified(partitions)),
        SequenceFile.Writer.keyClass(ImmutableBytesWritable.class),
        SequenceFile.Writer.valueClass(NullWritable.class))) {
      for (byte[] start : starts.subList(1, starts.size())) {
        w.append(new ImmutableBytesWritable(start), NullWritable.get());
      }
    }
    fs.deleteOnExit(partitions);
    TotalOrderPartitioner.setPartitionFile(conf, fs.makeQualified(partitions));
    FileOutputFormat.setOutputPath(job, output);
  }

  @Override
  public RecordWriter<ImmutableBytesWritable, Cell> getRecordWriter(TaskAttemptContext context)
      throws IOException {
    Configuration conf = context.getConfiguration();
    String encoded = conf.get(MapReduceKeys.BULKLOAD_TABLE.name(), "");
    if (encoded.isEmpty()) {
      throw new IOException("the job names no table to write block files for; set it up with "
          + "BlockFileOutputFormat.configureIncrementalLoad");
    }
    TableDescriptor table = SchemaCodec.fromProto(TableDescriptorProto.parseFrom(
        Base64.getDecoder().decode(encoded)));
    Path work = ((FileOutputCommitter) getOutputCommitter(context)).getWorkPath();
    FileSystem fs = work.getFileSystem(conf);
    return new RecordWriter<>() {
      private final Map<String, BlockFileWriter> writers = new HashMap<>();

      @Override
      public void write(ImmutableBytesWritable row, Cell cell) throws IOException {
        String family = Bytes.toString(CellUtil.cloneFamily(cell));
        BlockFileWriter w = writers.get(family);
        if (w == null) {
          ColumnFamilyDescriptor f = table.getColumnFamily(Bytes.toBytes(family));
          if (f == null) {
            throw new IOException("a cell of family " + family + ", which table "
                + table.getTableName() + " does not have; its families are "
                + table.getColumnFamilyNames());
          }
          w = BlockFileWriter.create(fs, new Path(new Path(work, family),
              UUID.randomUUID().toString().replace("-", "")), BlockFileOptions.forFamily(f));
          writers.put(family, w);
        }
        w.appendIfNewKey(cell);
      }

      @Override
      public void close(TaskAttemptContext c) throws IOException {
        for (BlockFileWriter w : writers.values()) {
          w.close();
        }
      }
    };
  }
}
