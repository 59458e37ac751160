package io.strata.mapreduce;

import io.strata.common.util.Bytes;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import org.apache.hadoop.io.WritableComparable;
import org.apache.hadoop.io.WritableComparator;

/**
 * A row key (or any bytes) as a MapReduce key, as HBase's ImmutableBytesWritable: the key of
 * {@link TableInputFormat}'s records, sorted as the table sorts rows (unsigned bytes).
 */
public class ImmutableBytesWritable implements WritableComparable<ImmutableBytesWritable> {
  private byte[] bytes;

  public ImmutableBytesWritable() {
    this(Bytes.EMPTY);
  }

  public ImmutableBytesWritable(byte[] bytes) {
    this.bytes = bytes;
  }

  public byte[] get() {
    return bytes;
  }

  public void set(byte[] bytes) {
    this.bytes = bytes;
  }

  /** A copy of the bytes. */
  public byte[] copyBytes() {
    return bytes.clone();
  }

  public int getLength() {
    return bytes.length;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    out.writeInt(bytes.length);
    out.write(bytes);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    int n = in.readInt();
    if (n < 0) {
      throw new IOException("a negative length (" + n + ") for an ImmutableBytesWritable: the "
          + "input is not what an ImmutableBytesWritable wrote");
    }
    bytes = new byte[n];
    in.readFully(bytes);
  }

  @Override
  public int compareTo(ImmutableBytesWritable o) {
    return Bytes.compare(bytes, o.bytes);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ImmutableBytesWritable w && Arrays.equals(bytes, w.bytes);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(bytes);
  }

  @Override
  public String toString() {
    return Bytes.toStringBinary(bytes);
  }

  /** Compares serialized forms without reading them into objects (the shuffle's sort). */
  public static class Comparator extends WritableComparator {
    public Comparator() {
      super(ImmutableBytesWritable.class);
    }

    @Override
    public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
      return Bytes.compare(b1, s1 + Integer.BYTES, l1 - Integer.BYTES, b2, s2 + Integer.BYTES,
          l2 - Integer.BYTES);
    }
  }

  static {
    WritableComparator.define(ImmutableBytesWritable.class, new Comparator());
  }
}
