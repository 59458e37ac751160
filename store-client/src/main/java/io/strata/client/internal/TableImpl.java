package io.strata.client.internal;

import io.strata.client.Append;
import io.strata.client.BatchFailedException;
import io.strata.client.CheckAndMutate;
import io.strata.client.CheckAndMutateResult;
import io.strata.client.Delete;
import io.strata.client.Get;
import io.strata.client.Increment;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Row;
import io.strata.client.RowMutations;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.common.error.StrataException;
import io.strata.common.schema.TableName;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;

/** The blocking table: each operation waits on the {@link AsyncTableImpl} it adapts. */
final class TableImpl implements Table {
  private final AsyncTableImpl table;

  TableImpl(AsyncTableImpl table) {
    this.table = table;
  }

  @Override
  public TableName getName() {
    return table.getName();
  }

  @Override
  public Result get(Get get) throws IOException {
    return RetryingCaller.joinDirect(AsyncTableImpl::get, table, get);
  }

  @Override
  public Result[] get(List<Get> gets) throws IOException {
    return waitAll(table.get(gets)).toArray(new Result[0]);
  }

  @Override
  public boolean exists(Get get) throws IOException {
    return RetryingCaller.joinDirect(AsyncTableImpl::exists, table, get);
  }

  @Override
  public boolean[] exists(List<Get> gets) throws IOException {
    List<Boolean> all = waitAll(table.exists(gets));
    boolean[] out = new boolean[all.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = all.get(i);
    }
    return out;
  }

  @Override
  public void put(Put put) throws IOException {
    RetryingCaller.joinDirect(AsyncTableImpl::put, table, put);
  }

  @Override
  public void put(List<Put> puts) throws IOException {
    waitAll(table.put(puts));
  }

  @Override
  public void delete(Delete delete) throws IOException {
    RetryingCaller.joinDirect(AsyncTableImpl::delete, table, delete);
  }

  @Override
  public void delete(List<Delete> deletes) throws IOException {
    waitAll(table.delete(deletes));
  }

  @Override
  public Result increment(Increment increment) throws IOException {
    return RetryingCaller.joinDirect(AsyncTableImpl::increment, table, increment);
  }

  @Override
  public Result append(Append append) throws IOException {
    return RetryingCaller.joinDirect(AsyncTableImpl::append, table, append);
  }

  @Override
  public CheckAndMutateResult checkAndMutate(CheckAndMutate cam) throws IOException {
    return RetryingCaller.joinDirect(AsyncTableImpl::checkAndMutate, table, cam);
  }

  @Override
  public void mutateRow(RowMutations mutations) throws IOException {
    RetryingCaller.joinDirect(AsyncTableImpl::mutateRow, table, mutations);
  }

  @Override
  public void batch(List<? extends Row> actions, Object[] results) throws IOException {
    if (results == null || actions == null || results.length != actions.size()) {
      throw new IllegalArgumentException("results must be an array as long as the actions ("
          + (actions == null ? "null" : actions.size()) + "), not "
          + (results == null ? "null" : results.length));
    }
    Map<Integer, IOException> errors = joinAll(table.rawBatch("batch", actions), results);
    if (!errors.isEmpty()) {
      throw new BatchFailedException(actions.size(), errors);
    }
  }

  /**
   * Waits for every future: {@code values[i]} gets its value, or its error, which also goes in
   * the answer (a runtime error wrapped in an IOException).
   */
  private static Map<Integer, IOException> joinAll(List<? extends CompletableFuture<?>> fs,
      Object[] values) {
    Map<Integer, IOException> errors = new TreeMap<>();
    for (int i = 0; i < fs.size(); i++) {
      try {
        values[i] = RetryingCaller.join(fs.get(i));
      } catch (IOException e) {
        values[i] = e;
        errors.put(i, e);
      } catch (RuntimeException e) {
        values[i] = e;
        errors.put(i, new IOException(e.getMessage(), e));
      }
    }
    return errors;
  }

  /**
   * Every value in order, or the failures: bad input as itself, one cause shared by every
   * action (an unknown table) as itself, else a {@link BatchFailedException} naming each failed
   * action.
   */
  private static <T> List<T> waitAll(List<CompletableFuture<T>> fs) throws IOException {
    Object[] values = new Object[fs.size()];
    Map<Integer, IOException> errors = joinAll(fs, values);
    if (!errors.isEmpty()) {
      for (Object v : values) {
        if (v instanceof RuntimeException bad) {
          throw bad; // the caller's mistake, as itself
        }
      }
      IOException first = errors.values().iterator().next();
      boolean allAlike = errors.size() == fs.size() && first instanceof StrataException
          && errors.values().stream().allMatch(e -> e.getClass() == first.getClass()
              && Objects.equals(e.getMessage(), first.getMessage()));
      if (allAlike) {
        throw first;
      }
      throw new BatchFailedException(fs.size(), errors);
    }
    @SuppressWarnings("unchecked")
    List<T> out = (List<T>) java.util.Arrays.asList(values);
    return out;
  }

  @Override
  public io.strata.client.coprocessor.CoprocessorRpcChannel coprocessorService(byte[] row) {
    if (row == null) {
      throw new IllegalArgumentException("the row is null; pass the row whose region to call");
    }
    return table.coprocessorCalls().rowChannel(row);
  }

  @Override
  public <T extends com.google.protobuf.Service, R> Map<byte[], R> coprocessorService(
      Class<T> service, byte[] startKey, byte[] endKey,
      io.strata.client.coprocessor.Batch.Call<T, R> callable) throws IOException {
    CoprocessorCalls calls = table.coprocessorCalls();
    return calls.blockingRange("coprocessor call of " + service.getName(), startKey, endKey,
        calls.batchCall(service, callable), null);
  }

  @Override
  public <T extends com.google.protobuf.Service, R> void coprocessorService(Class<T> service,
      byte[] startKey, byte[] endKey, io.strata.client.coprocessor.Batch.Call<T, R> callable,
      io.strata.client.coprocessor.Batch.Callback<R> callback) throws IOException {
    CoprocessorCalls calls = table.coprocessorCalls();
    calls.blockingRange("coprocessor call of " + service.getName(), startKey, endKey,
        calls.batchCall(service, callable), callback);
  }

  @Override
  public <R extends com.google.protobuf.Message> Map<byte[], R> batchCoprocessorService(
      com.google.protobuf.Descriptors.MethodDescriptor method, com.google.protobuf.Message request,
      byte[] startKey, byte[] endKey, R responsePrototype) throws IOException {
    return table.coprocessorCalls().blockingRange("coprocessor call of " + method.getFullName(),
        startKey, endKey, CoprocessorCalls.methodCall(method, request, responsePrototype), null);
  }

  @Override
  public ResultScanner getScanner(Scan scan) throws IOException {
    return table.getScanner(scan);
  }

  @Override
  public String toString() {
    return "Table{" + getName() + "}";
  }
}
