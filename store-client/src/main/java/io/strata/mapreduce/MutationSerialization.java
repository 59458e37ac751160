package io.strata.mapreduce;

import io.strata.client.Mutation;
import io.strata.client.internal.OperationProtos;
import io.strata.common.proto.ClientProtos.MutationProto;
import io.strata.common.rpc.CellBlock;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;

/**
 * Puts and deletes in MapReduce shuffles, as HBase's MutationSerialization: each a version byte,
 * its message (as a client sends it) and its cells in the key encoding. {@link #register} adds
 * it (and {@link ResultSerialization}) to a job's {@code io.serializations}.
 */
public class MutationSerialization extends FramedSerialization<Mutation> {
  public MutationSerialization() {
    super(Mutation.class, 1);
  }

  /** Adds this serialization and ResultSerialization to {@code conf}'s, once each. */
  public static void register(Configuration conf) {
    ResultSerialization.register(conf);
    register(conf, MutationSerialization.class);
  }

  @Override
  void write(Mutation m, DataOutputStream out) throws IOException {
    CellBlock.Writer cells = new CellBlock.Writer(256);
    byte[] message = OperationProtos.toProto(m, cells).toByteArray();
    byte[] block = cells.toBytes();
    out.writeInt(message.length);
    out.write(message);
    out.writeInt(block.length);
    out.write(block);
  }

  @Override
  Mutation read(DataInputStream in) throws IOException {
    byte[] message = new byte[in.readInt()];
    in.readFully(message);
    byte[] block = new byte[in.readInt()];
    in.readFully(block);
    return OperationProtos.toMutation(MutationProto.parseFrom(message),
        new CellBlock.Reader(block));
  }
}
