package io.strata.mapreduce;

import io.strata.client.Result;
import io.strata.common.cell.Cell;
import io.strata.common.rpc.CellBlock;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;

/**
 * {@link Result}s in MapReduce files and shuffles, as HBase's ResultSerialization: each a
 * version byte, its cell count, and its cells in the key encoding (docs/formats/export.md).
 * {@link #register} adds it to a job's {@code io.serializations}.
 */
public class ResultSerialization extends FramedSerialization<Result> {
  public ResultSerialization() {
    super(Result.class, 1);
  }

  /** Adds this serialization to {@code conf}'s, once. */
  public static void register(Configuration conf) {
    register(conf, ResultSerialization.class);
  }

  @Override
  void write(Result r, DataOutputStream out) throws IOException {
    CellBlock.Writer cells = new CellBlock.Writer(256);
    Cell[] all = r.rawCells();
    cells.addAll(Arrays.asList(all));
    byte[] bytes = cells.toBytes();
    out.writeInt(all.length);
    out.writeInt(bytes.length);
    out.write(bytes);
  }

  @Override
  Result read(DataInputStream in) throws IOException {
    int count = in.readInt();
    byte[] bytes = new byte[in.readInt()];
    in.readFully(bytes);
    return Result.create(new CellBlock.Reader(bytes).next(count));
  }
}
