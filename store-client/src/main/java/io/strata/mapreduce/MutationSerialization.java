package io.strata.mapreduce;

import io.strata.client.Mutation;
import io.strata.client.internal.OperationProtos;
import io.strata.common.proto.ClientProtos.MutationProto;
import io.strata.common.rpc.CellBlock;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.hadoop.io.serializer.Deserializer;
import org.apache.hadoop.io.serializer.Serialization;
import org.apache.hadoop.io.serializer.Serializer;

/**
 * Puts and deletes in MapReduce shuffles, as HBase's MutationSerialization: each a version byte,
 * its message (as a client sends it) and its cells in the key encoding. {@link #register} adds
 * it to a job's {@code io.serializations}.
 */
public class MutationSerialization implements Serialization<Mutation> {
  static final int VERSION = 1;

  /** Adds this serialization (and ResultSerialization) to {@code conf}'s, once. */
  public static void register(org.apache.hadoop.conf.Configuration conf) {
    ResultSerialization.register(conf);
    String[] now = conf.getStrings("io.serializations");
    String me = MutationSerialization.class.getName();
    if (!java.util.Arrays.asList(now).contains(me)) {
      String[] more = java.util.Arrays.copyOf(now, now.length + 1);
      more[now.length] = me;
      conf.setStrings("io.serializations", more);
    }
  }

  @Override
  public boolean accept(Class<?> c) {
    return Mutation.class.isAssignableFrom(c);
  }

  @Override
  public Serializer<Mutation> getSerializer(Class<Mutation> c) {
    return new Serializer<>() {
      private DataOutputStream out;

      @Override
      public void open(OutputStream o) {
        out = new DataOutputStream(o);
      }

      @Override
      public void serialize(Mutation m) throws IOException {
        CellBlock.Writer cells = new CellBlock.Writer(256);
        byte[] message = OperationProtos.toProto(m, cells).toByteArray();
        byte[] block = cells.toBytes();
        out.writeByte(VERSION);
        out.writeInt(message.length);
        out.write(message);
        out.writeInt(block.length);
        out.write(block);
      }

      @Override
      public void close() throws IOException {
        out.close();
      }
    };
  }

  @Override
  public Deserializer<Mutation> getDeserializer(Class<Mutation> c) {
    return new Deserializer<>() {
      private DataInputStream in;

      @Override
      public void open(InputStream i) {
        in = new DataInputStream(i);
      }

      @Override
      public Mutation deserialize(Mutation reuse) throws IOException {
        int version = in.readByte();
        if (version != VERSION) {
          throw new IOException("a mutation of version " + version + "; this release reads "
              + "version " + VERSION);
        }
        byte[] message = new byte[in.readInt()];
        in.readFully(message);
        byte[] block = new byte[in.readInt()];
        in.readFully(block);
        return OperationProtos.toMutation(MutationProto.parseFrom(message),
            new CellBlock.Reader(block));
      }

      @Override
      public void close() throws IOException {
        in.close();
      }
    };
  }
}
