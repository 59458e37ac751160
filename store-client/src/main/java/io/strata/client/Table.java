package io.strata.client;

import com.google.protobuf.Descriptors;
import com.google.protobuf.Message;
import com.google.protobuf.Service;
import io.strata.client.coprocessor.Batch;
import io.strata.client.coprocessor.CoprocessorRpcChannel;
import io.strata.common.schema.Durability;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import java.io.Closeable;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * Reads and writes one table. Light and thread-safe; it shares its connection's resources.
 * Every call routes to the region holding its row, retrying what is retryable (a region moving
 * or splitting, a busy server) within {@code strata.client.operation.timeout}; errors retrying
 * cannot fix (unknown family, disabled table, bad input) are thrown at once, as the same
 * exception with the same text the server raised.
 *
 * <pre>{@code
 * Table t = conn.getTable(TableName.valueOf("counters"));
 * long n = t.incrementColumnValue(row, CF, Bytes.toBytes("hits"), 1);
 * Result r = t.get(new Get(row).addFamily(CF));
 * }</pre>
 */
public interface Table extends Closeable {
  TableName getName();

  Result get(Get get) throws IOException;

  /** The results in the order of the gets (an empty Result for a row with no cells). */
  Result[] get(List<Get> gets) throws IOException;

  boolean exists(Get get) throws IOException;

  boolean[] exists(List<Get> gets) throws IOException;

  void put(Put put) throws IOException;

  /** Puts by region in parallel batches; a {@link BatchFailedException} names any failures. */
  void put(List<Put> puts) throws IOException;

  void delete(Delete delete) throws IOException;

  void delete(List<Delete> deletes) throws IOException;

  /** Adds to 8-byte counters atomically; returns the new values (unless returnResults off). */
  Result increment(Increment increment) throws IOException;

  default long incrementColumnValue(byte[] row, byte[] family, byte[] qualifier, long amount)
      throws IOException {
    return incrementColumnValue(row, family, qualifier, amount, Durability.USE_DEFAULT);
  }

  default long incrementColumnValue(byte[] row, byte[] family, byte[] qualifier, long amount,
      Durability durability) throws IOException {
    Increment inc = new Increment(row).addColumn(family, qualifier, amount);
    inc.setDurability(durability);
    Result r = increment(inc);
    return Bytes.toLong(r.getValue(family, qualifier));
  }

  Result append(Append append) throws IOException;

  /**
   * A compare-and-set: applies the action if the condition holds on the row's newest values (in
   * the condition's time range, if it has one). The answer says whether it did and, for an
   * Increment or Append action, holds the new values.
   */
  CheckAndMutateResult checkAndMutate(CheckAndMutate checkAndMutate) throws IOException;

  /** Applies the puts and deletes of one row atomically. */
  void mutateRow(RowMutations mutations) throws IOException;

  /**
   * Any mix of gets, puts, deletes, increments, appends, row mutations and check-and-mutates,
   * grouped per region server and sent in parallel; only failed actions are retried. Fills
   * {@code results} (as long as {@code actions}) with each action's {@link Result} (or
   * {@link CheckAndMutateResult}), or its exception if it failed, and then, if any failed,
   * throws a {@link BatchFailedException} naming them. The order in which actions apply is not
   * defined.
   */
  void batch(List<? extends Row> actions, Object[] results) throws IOException;

  ResultScanner getScanner(Scan scan) throws IOException;

  default ResultScanner getScanner(byte[] family) throws IOException {
    return getScanner(new Scan().addFamily(family));
  }

  default ResultScanner getScanner(byte[] family, byte[] qualifier) throws IOException {
    return getScanner(new Scan().addColumn(family, qualifier));
  }

  /**
   * The channel of the coprocessor endpoints of the region holding {@code row}: make a stub of
   * the endpoint's service over it ({@code MyService.newBlockingStub(channel)}) and call. Each
   * call finds the row's region, and is retried if the region moved or split.
   */
  CoprocessorRpcChannel coprocessorService(byte[] row);

  /**
   * Calls an endpoint on every region from the one holding {@code startKey} to the one holding
   * {@code endKey} (null or empty: the table's first and last), as HBase's: {@code callable}
   * runs once per region, in parallel, with a stub of {@code service} bound to that region.
   * Regions that split, merge or move while the call runs are followed, so every row of the
   * range is answered by exactly one region.
   *
   * @return each region's result, by region name
   * @throws io.strata.client.coprocessor.CoprocessorCallsFailedException if some regions'
   *     calls failed: each one's error, and the others' results
   */
  <T extends Service, R> Map<byte[], R> coprocessorService(Class<T> service, byte[] startKey,
      byte[] endKey, Batch.Call<T, R> callable) throws IOException;

  /**
   * As {@link #coprocessorService(Class, byte[], byte[], Batch.Call)}, telling {@code callback}
   * of each region's result as it arrives instead of collecting them.
   */
  <T extends Service, R> void coprocessorService(Class<T> service, byte[] startKey,
      byte[] endKey, Batch.Call<T, R> callable, Batch.Callback<R> callback) throws IOException;

  /**
   * Calls {@code method} with {@code request} on every region of the range (as {@link
   * #coprocessorService(Class, byte[], byte[], Batch.Call)}) without a thread a region: each
   * region's answer, parsed as {@code responsePrototype}, by region name.
   */
  <R extends Message> Map<byte[], R> batchCoprocessorService(
      Descriptors.MethodDescriptor method, Message request, byte[] startKey, byte[] endKey,
      R responsePrototype) throws IOException;

  /** Nothing to free: the connection owns the resources. */
  @Override
  default void close() {}
}
