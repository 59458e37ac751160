package io.strata.mapreduce;

import io.strata.client.Result;
import io.strata.common.cell.Cell;
import io.strata.common.rpc.CellBlock;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.serializer.Deserializer;
import org.apache.hadoop.io.serializer.Serialization;
import org.apache.hadoop.io.serializer.Serializer;

/**
 * {@link Result}s in MapReduce files and shuffles, as HBase's ResultSerialization: each a
 * version byte, its cell count, and its cells in the key encoding (docs/formats/export.md).
 * {@link #register} adds it to a job's {@code io.serializations}.
 */
public class ResultSerialization implements Serialization<Result> {
  /** The only version written. */
  static final int VERSION = 1;

  /** Adds this serialization to {@code conf}'s, once. */
  public static void register(Configuration conf) {
    String[] now = conf.getStrings("io.serializations");
    String me = ResultSerialization.class.getName();
    if (now == null) {
      conf.setStrings("io.serializations", "org.apache.hadoop.io.serializer.WritableSerialization",
          me);
    } else if (!Arrays.asList(now).contains(me)) {
      String[] more = Arrays.copyOf(now, now.length + 1);
      more[now.length] = me;
      conf.setStrings("io.serializations", more);
    }
  }

  @Override
  public boolean accept(Class<?> c) {
    return Result.class.isAssignableFrom(c);
  }

  @Override
  public Serializer<Result> getSerializer(Class<Result> c) {
    return new Serializer<>() {
      private DataOutputStream out;

      @Override
      public void open(OutputStream o) {
        out = new DataOutputStream(o);
      }

      @Override
      public void serialize(Result r) throws IOException {
        CellBlock.Writer cells = new CellBlock.Writer(256);
        Cell[] all = r.rawCells();
        cells.addAll(Arrays.asList(all));
        byte[] bytes = cells.toBytes();
        out.writeByte(VERSION);
        out.writeInt(all.length);
        out.writeInt(bytes.length);
        out.write(bytes);
      }

      @Override
      public void close() throws IOException {
        out.close();
      }
    };
  }

  @Override
  public Deserializer<Result> getDeserializer(Class<Result> c) {
    return new Deserializer<>() {
      private DataInputStream in;

      @Override
      public void open(InputStream i) {
        in = new DataInputStream(i);
      }

      @Override
      public Result deserialize(Result reuse) throws IOException {
        int version = in.readByte();
        if (version != VERSION) {
          throw new IOException("a Result of version " + version + "; this release reads "
              + "version " + VERSION + " (docs/formats/export.md)");
        }
        int count = in.readInt();
        byte[] bytes = new byte[in.readInt()];
        in.readFully(bytes);
        return Result.create(new CellBlock.Reader(bytes).next(count));
      }

      @Override
      public void close() throws IOException {
        in.close();
      }
    };
  }
}
