package io.strata.mapreduce;

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
 * A Hadoop serialization of one kind of object, each written as a version byte and the bytes
 * {@link #write} makes: what {@link ResultSerialization} and {@link MutationSerialization} share.
 */
abstract class FramedSerialization<T> implements Serialization<T> {
  private final Class<T> type;
  private final int version;

  FramedSerialization(Class<T> type, int version) {
    this.type = type;
    this.version = version;
  }

  /** Writes {@code t} after its version byte. */
  abstract void write(T t, DataOutputStream out) throws IOException;

  /** Reads what {@link #write} wrote. */
  abstract T read(DataInputStream in) throws IOException;

  /** Adds {@code serialization} to {@code conf}'s {@code io.serializations}, once. */
  static void register(Configuration conf, Class<?> serialization) {
    String[] now = conf.getStrings("io.serializations");
    String name = serialization.getName();
    if (now == null) {
      conf.setStrings("io.serializations",
          "org.apache.hadoop.io.serializer.WritableSerialization", name);
    } else if (!Arrays.asList(now).contains(name)) {
      String[] more = Arrays.copyOf(now, now.length + 1);
      more[now.length] = name;
      conf.setStrings("io.serializations", more);
    }
  }

  @Override
  public boolean accept(Class<?> c) {
    return type.isAssignableFrom(c);
  }

  @Override
  public Serializer<T> getSerializer(Class<T> c) {
    return new Serializer<>() {
      private DataOutputStream out;

      @Override
      public void open(OutputStream o) {
        out = new DataOutputStream(o);
      }

      @Override
      public void serialize(T t) throws IOException {
        out.writeByte(version);
        write(t, out);
      }

      @Override
      public void close() throws IOException {
        out.close();
      }
    };
  }

  @Override
  public Deserializer<T> getDeserializer(Class<T> c) {
    return new Deserializer<>() {
      private DataInputStream in;

      @Override
      public void open(InputStream i) {
        in = new DataInputStream(i);
      }

      @Override
      public T deserialize(T reuse) throws IOException {
        int v = in.readByte();
        if (v != version) {
          throw new IOException("a " + type.getSimpleName() + " of version " + v + "; this "
              + "release reads version " + version + " (docs/formats/export.md)");
        }
        return read(in);
      }

      @Override
      public void close() throws IOException {
        in.close();
      }
    };
  }
}
