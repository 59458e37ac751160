package io.strata.client.internal;

import com.google.protobuf.ByteString;
import io.strata.client.Append;
import io.strata.client.AsyncResultScanner;
import io.strata.client.AsyncTable;
import io.strata.client.CheckAndMutate;
import io.strata.client.CheckAndMutateResult;
import io.strata.client.Delete;
import io.strata.client.Get;
import io.strata.client.Increment;
import io.strata.client.Mutation;
import io.strata.client.OutcomeUnknownException;
import io.strata.client.Put;
import io.strata.client.RegionLocation;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Row;
import io.strata.client.RowMutations;
import io.strata.client.Scan;
import io.strata.client.ScanResultConsumer;
import io.strata.client.internal.rpc.RequestNotSentException;
import io.strata.client.internal.rpc.RpcConnection;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.error.CallTimeoutException;
import io.strata.common.error.ServerErrorException;
import io.strata.common.proto.ClientProtos.GetProto;
import io.strata.common.proto.ClientProtos.GetRequest;
import io.strata.common.proto.ClientProtos.GetResponse;
import io.strata.common.proto.ClientProtos.MutateRequest;
import io.strata.common.proto.ClientProtos.MutateResponse;
import io.strata.common.proto.ClientProtos.RegionSpecifierProto;
import io.strata.common.proto.ClientProtos.ResultProto;
import io.strata.common.rpc.CellBlock;
import io.strata.common.rpc.RpcParam;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * The one implementation of table operations: each call locates its region and runs through
 * the connection's retrying caller under this handle's policy. With a callback executor its
 * futures complete there (the public async table); without one they complete on internal
 * threads (the blocking adapter, which only waits on them).
 */
final class AsyncTableImpl implements AsyncTable {
  private final AsyncConnectionImpl conn;
  private final TableName name;
  private final RetryPolicy policy;
  private final Executor callbacks;
  /** Calls on strata:meta go to the servers' priority handlers. */
  private final int priority;

  AsyncTableImpl(AsyncConnectionImpl conn, TableName name, RetryPolicy policy,
      Executor callbacks) {
    if (name == null) {
      throw new IllegalArgumentException("the table name is null; give a TableName");
    }
    this.conn = conn;
    this.name = name;
    this.policy = policy;
    this.callbacks = callbacks;
    this.priority = name.equals(TableName.META) ? 1 : 0;
  }

  @Override
  public TableName getName() {
    return name;
  }

  @Override
  public StrataConfiguration getConfiguration() {
    return conn.getConfiguration();
  }

  @Override
  public Duration getOperationTimeout() {
    return policy.operationTimeout();
  }

  @Override
  public Duration getRpcTimeout() {
    return policy.rpcTimeout();
  }

  /** The future a caller sees: completed on the callback threads, if this handle has them. */
  private <T> CompletableFuture<T> out(CompletableFuture<T> f) {
    return Futures.completeOn(f, callbacks);
  }

  private <T> List<CompletableFuture<T>> out(List<CompletableFuture<T>> fs) {
    if (callbacks == null) {
      return fs;
    }
    List<CompletableFuture<T>> r = new ArrayList<>(fs.size());
    for (CompletableFuture<T> f : fs) {
      r.add(out(f));
    }
    return r;
  }

  /** Bad input found before any call: a failed future, as every other error. */
  private static <T> CompletableFuture<T> check(Object op, String what) {
    return op == null ? CompletableFuture.failedFuture(new IllegalArgumentException("the "
        + what + " is null; pass a " + what)) : null;
  }

  /** One RPC to the region holding a row, the region named by its encoded name. */
  @FunctionalInterface
  interface RegionCall<T> {
    CompletableFuture<T> call(RpcConnection c, String region, Duration timeout);
  }

  /**
   * Runs {@code call} on the region holding {@code row}, dropping from the location cache what
   * an error proves stale. With {@code idempotent} false (increment, append, check-and-mutate),
   * an error after which the call may or may not have been applied (a timeout, a lost
   * connection) is not retried but reported, so a counter is never incremented twice.
   */
  <T> CompletableFuture<T> onRegion(String what, byte[] row, boolean idempotent,
      RegionCall<T> call) {
    OnRegion<T> op = new OnRegion<>(what, row, idempotent, call);
    return conn.caller().call(op, policy, op);
  }

  /**
   * One operation on the region holding a row, through its attempts: each locates the region,
   * takes a connection to its server and calls, leaving the next attempt the location it used
   * and whether its call went out. It is also the operation's description (made only for a
   * failure) and the handler of each attempt's outcome: one object where a get made eight
   * capturing lambdas, each made under C1 alone (pe's JIT) through a method handle and a call
   * into the VM (about 2 µs a get). A location and a connection already at hand are used at
   * once rather than through a dependent stage.
   */
  private final class OnRegion<T> implements RetryingCaller.Attempt<T>, Supplier<String>,
      BiFunction<T, Throwable, T> {
    private final String what;
    private final byte[] row;
    private final boolean idempotent;
    private final RegionCall<T> call;
    // The last attempt's: its location, whether its call was sent, its RPC timeout.
    private RegionLocation last;
    private boolean sent;
    private long timeoutMillis;

    OnRegion(String what, byte[] row, boolean idempotent, RegionCall<T> call) {
      this.what = what;
      this.row = row;
      this.idempotent = idempotent;
      this.call = call;
    }

    @Override
    public CompletableFuture<T> run(long rpcTimeoutMillis, Throwable previous) {
      boolean stale = previous != null && conn.locations().onError(last, previous);
      sent = false;
      timeoutMillis = rpcTimeoutMillis;
      CompletableFuture<RegionLocation> location =
          conn.locations().locate(name, row, stale, rpcTimeoutMillis);
      CompletableFuture<T> f = location.isDone() && !location.isCompletedExceptionally()
          ? located(location.join()) : location.thenCompose(this::located);
      return f.handle(this);
    }

    private CompletableFuture<T> located(RegionLocation loc) {
      last = loc;
      CompletableFuture<RpcConnection> c;
      try {
        c = conn.channels().connection(loc.server(), "ClientService");
      } catch (RuntimeException e) {
        return CompletableFuture.failedFuture(e);
      }
      return c.isDone() && !c.isCompletedExceptionally()
          ? connected(c.join()) : c.thenCompose(this::connected);
    }

    private CompletableFuture<T> connected(RpcConnection c) {
      sent = true;
      try {
        return call.call(c, last.region().getEncodedName(), Duration.ofMillis(timeoutMillis));
      } catch (RuntimeException e) {
        return CompletableFuture.failedFuture(e);
      }
    }

    /** An attempt's outcome: a failure after which a call may have been applied says so. */
    @Override
    public T apply(T value, Throwable e) {
      if (e == null) {
        return value;
      }
      Throwable cause = RetryingCaller.unwrap(e);
      if (!idempotent && sent && (cause instanceof CallTimeoutException
          || cause instanceof ServerErrorException) && !RequestNotSentException.in(cause)) {
        throw new CompletionException(new OutcomeUnknownException(get(), cause));
      }
      throw new CompletionException(cause);
    }

    /** What the operation is, for a failure's message. */
    @Override
    public String get() {
      return what + " on table '" + name + "' row '" + Bytes.toStringBinary(row) + "'";
    }
  }

  /** The specifier of the region {@code encodedName}, for requests built as messages. */
  private static RegionSpecifierProto region(String encodedName) {
    return RegionSpecifierProto.newBuilder().setEncodedName(encodedName).build();
  }

  // ---- reads ----

  @Override
  public CompletableFuture<Result> get(Get get) {
    CompletableFuture<Result> bad = check(get, "Get");
    return out(bad != null ? bad : rawGet(get, get.isCheckExistenceOnly(), "get"));
  }

  /**
   * The get's call: its request written straight from the Get where the encoder handles it
   * ({@link GetRequestEncoder}), else built as a message; either is taken from the Get now.
   */
  private CompletableFuture<Result> rawGet(Get get, boolean existenceOnly, String what) {
    RegionCall<Result> call;
    if (GetRequestEncoder.handles(get)) {
      GetRequestEncoder encoder = new GetRequestEncoder(get, existenceOnly);
      call = (c, region, timeout) -> callGet(c, encoder.forRegion(region), timeout);
    } else {
      GetProto built = OperationProtos.toProto(get);
      GetProto proto = existenceOnly && !built.getExistenceOnly()
          ? built.toBuilder().setExistenceOnly(true).build() : built;
      call = (c, region, timeout) -> callGet(c, RpcParam.of(
          GetRequest.newBuilder().setRegion(region(region)).setGet(proto).build()), timeout);
    }
    return onRegion(what, get.getRow(), true, call);
  }

  private CompletableFuture<Result> callGet(RpcConnection c, RpcParam request,
      Duration timeout) {
    return c.callEncoded("Get", request, null, GetResponse.parser(), timeout, priority)
        .thenApply(resp -> result(resp.result().getResult(), resp.cellBlock()));
  }

  /** The Result an answer carries (inside a future's stage). */
  private static Result result(ResultProto p, byte[] cells) {
    try {
      return OperationProtos.toResult(p, new CellBlock.Reader(cells));
    } catch (IOException e) {
      throw new CompletionException(e);
    }
  }

  @Override
  public List<CompletableFuture<Result>> get(List<Get> gets) {
    return out(rawBatch("get", gets));
  }

  @Override
  public CompletableFuture<Boolean> exists(Get get) {
    CompletableFuture<Boolean> bad = check(get, "Get");
    if (bad != null) {
      return out(bad);
    }
    return out(rawGet(get, true, "exists").thenApply(AsyncTableImpl::exists));
  }

  private static boolean exists(Result r) {
    Boolean e = r.getExists();
    return e != null ? e : !r.isEmpty();
  }

  @Override
  public List<CompletableFuture<Boolean>> exists(List<Get> gets) {
    List<BatchCaller.Action> actions = new ArrayList<>(gets.size());
    for (Get g : gets) {
      if (g == null) {
        return failedAll(gets.size(), "a Get in the list is null; remove it");
      }
      actions.add(BatchCaller.Action.get(g.getRow(), OperationProtos.toProto(g).toBuilder()
          .setExistenceOnly(true).build()));
    }
    List<CompletableFuture<Boolean>> r = new ArrayList<>();
    for (CompletableFuture<Result> f : batchCaller().run("exists", actions)) {
      r.add(f.thenApply(AsyncTableImpl::exists));
    }
    return out(r);
  }

  private static <T> List<CompletableFuture<T>> failedAll(int n, String why) {
    List<CompletableFuture<T>> r = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      r.add(CompletableFuture.failedFuture(new IllegalArgumentException(why)));
    }
    return r;
  }

  // ---- writes ----

  @Override
  public CompletableFuture<Void> put(Put put) {
    CompletableFuture<Void> bad = check(put, "Put");
    return out(bad != null ? bad
        : mutate("put", put.getRow(), List.of(put), true).thenApply(r -> null));
  }

  @Override
  public List<CompletableFuture<Void>> put(List<Put> puts) {
    return out(voids(rawBatch("put", puts)));
  }

  @Override
  public CompletableFuture<Void> delete(Delete delete) {
    CompletableFuture<Void> bad = check(delete, "Delete");
    return out(bad != null ? bad
        : mutate("delete", delete.getRow(), List.of(delete), true).thenApply(r -> null));
  }

  @Override
  public List<CompletableFuture<Void>> delete(List<Delete> deletes) {
    return out(voids(rawBatch("delete", deletes)));
  }

  private static List<CompletableFuture<Void>> voids(List<CompletableFuture<Object>> fs) {
    List<CompletableFuture<Void>> r = new ArrayList<>(fs.size());
    for (CompletableFuture<Object> f : fs) {
      r.add(f.thenApply(x -> null));
    }
    return r;
  }

  @Override
  public CompletableFuture<Result> increment(Increment increment) {
    CompletableFuture<Result> bad = check(increment, "Increment");
    return out(bad != null ? bad
        : mutate("increment", increment.getRow(), List.of(increment), false));
  }

  @Override
  public CompletableFuture<Result> append(Append append) {
    CompletableFuture<Result> bad = check(append, "Append");
    return out(bad != null ? bad : mutate("append", append.getRow(), List.of(append), false));
  }

  @Override
  public CompletableFuture<Void> mutateRow(RowMutations mutations) {
    CompletableFuture<Void> bad = check(mutations, "RowMutations");
    return out(bad != null ? bad : mutate("mutateRow", mutations.getRow(),
        mutations.getMutations(), true).thenApply(r -> null));
  }

  private CompletableFuture<Result> mutate(String what, byte[] row,
      List<? extends Mutation> ms, boolean idempotent) {
    CellBlock.Writer cells = OperationProtos.cellWriter(ms);
    RegionCall<Result> call;
    try {
      if (MutateRequestEncoder.handles(ms)) {
        MutateRequestEncoder encoder = new MutateRequestEncoder(ms, cells);
        call = (c, region, timeout) -> callMutate(c, encoder.forRegion(region), cells, timeout);
      } else {
        MutateRequest.Builder b = MutateRequest.newBuilder();
        for (Mutation m : ms) {
          b.addMutations(OperationProtos.toProto(m, cells));
        }
        call = (c, region, timeout) -> callMutate(c,
            RpcParam.of(b.setRegion(region(region)).build()), cells, timeout);
      }
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
    return onRegion(what, row, idempotent, call);
  }

  private CompletableFuture<Result> callMutate(RpcConnection c, RpcParam request,
      CellBlock.Writer cells, Duration timeout) {
    return c.callEncoded("Mutate", request, cells, MutateResponse.parser(), timeout, priority)
        .thenApply(resp -> result(resp.result().getResult(), resp.cellBlock()));
  }

  @Override
  public CompletableFuture<CheckAndMutateResult> checkAndMutate(CheckAndMutate cam) {
    CompletableFuture<CheckAndMutateResult> bad = check(cam, "CheckAndMutate");
    return out(bad != null ? bad : rawCheckAndMutate(cam));
  }

  private CompletableFuture<CheckAndMutateResult> rawCheckAndMutate(CheckAndMutate cam) {
    MutateRequest.Builder b = MutateRequest.newBuilder()
        .setCondition(OperationProtos.toProto(cam))
        .setConditionRow(ByteString.copyFrom(cam.getRow()));
    CellBlock.Writer cells;
    if (cam.getAction() instanceof RowMutations rm) {
      cells = OperationProtos.cellWriter(rm.getMutations());
      b.addAllMutations(OperationProtos.toProtos(rm, cells));
    } else {
      Mutation m = (Mutation) cam.getAction();
      cells = OperationProtos.cellWriter(List.of(m));
      b.addMutations(OperationProtos.toProto(m, cells));
    }
    // An applied Increment or Append action answers with its new values, as on its own.
    return onRegion("checkAndMutate", cam.getRow(), false, (c, region, timeout) ->
        c.call("Mutate", b.setRegion(region(region)).build(), cells, MutateResponse.parser(),
            timeout, priority).thenApply(resp -> new CheckAndMutateResult(
                resp.result().getProcessed(), result(resp.result().getResult(),
                    resp.cellBlock()))));
  }

  // ---- batches ----

  @Override
  @SuppressWarnings("unchecked")
  public <T> List<CompletableFuture<T>> batch(List<? extends Row> actions) {
    List<CompletableFuture<Object>> fs = rawBatch("batch", actions);
    List<CompletableFuture<T>> r = new ArrayList<>(fs.size());
    for (CompletableFuture<Object> f : fs) {
      r.add((CompletableFuture<T>) f);
    }
    return out(r);
  }

  /**
   * Gets and single mutations go to the batch caller (one Multi per server); row mutations and
   * check-and-mutates, which the Multi call does not carry, go as their own calls in parallel.
   */
  @SuppressWarnings("unchecked")
  <T> List<CompletableFuture<T>> rawBatch(String what, List<? extends Row> rows) {
    if (rows == null) {
      throw new IllegalArgumentException("the list of actions is null; pass a list");
    }
    List<CompletableFuture<Object>> out = new ArrayList<>(rows.size());
    List<BatchCaller.Action> actions = new ArrayList<>(rows.size());
    List<Integer> slots = new ArrayList<>(rows.size());
    for (int i = 0; i < rows.size(); i++) {
      Row row = rows.get(i);
      CompletableFuture<Object> own = null;
      try {
        if (row == null) {
          throw new IllegalArgumentException("action " + i + " of the batch is null; remove "
              + "it");
        } else if (row instanceof Get g) {
          actions.add(BatchCaller.Action.get(g.getRow(), OperationProtos.toProto(g)));
        } else if (row instanceof Mutation m) {
          IllegalArgumentException unsendable = OperationProtos.unsendable(m);
          if (unsendable != null) {
            throw unsendable;
          }
          actions.add(BatchCaller.Action.mutation(m));
        } else if (row instanceof RowMutations rm) {
          own = mutate("mutateRow", rm.getRow(), rm.getMutations(), true)
              .thenApply(r -> (Object) r);
        } else if (row instanceof CheckAndMutate cam) {
          own = rawCheckAndMutate(cam).thenApply(r -> (Object) r);
        }
      } catch (RuntimeException e) {
        own = CompletableFuture.failedFuture(e);
      }
      if (own == null) {
        slots.add(i);
      }
      out.add(own);
    }
    List<CompletableFuture<Result>> sent = batchCaller().run(what, actions);
    for (int k = 0; k < slots.size(); k++) {
      out.set(slots.get(k), sent.get(k).thenApply(r -> (Object) r));
    }
    List<CompletableFuture<T>> typed = new ArrayList<>(out.size());
    for (CompletableFuture<Object> f : out) {
      typed.add((CompletableFuture<T>) f);
    }
    return typed;
  }

  BatchCaller batchCaller() {
    return new BatchCaller(conn, name, priority, policy);
  }

  // ---- scans ----

  /** A scanner whose futures complete on internal threads. */
  AsyncScanner rawScanner(Scan scan) {
    if (scan == null) {
      throw new IllegalArgumentException("the Scan is null; pass new Scan() to read every row");
    }
    return new AsyncScanner(conn, name, scan, policy, priority);
  }

  @Override
  public AsyncResultScanner openScanner(Scan scan) {
    AsyncScanner s = rawScanner(scan);
    if (callbacks == null) {
      return s;
    }
    return new AsyncResultScanner() {
      @Override
      public CompletableFuture<Result> next() {
        return out(s.next());
      }

      @Override
      public io.strata.client.ScanMetrics getScanMetrics() {
        return s.getScanMetrics();
      }

      @Override
      public void close() {
        s.close();
      }
    };
  }

  @Override
  public ResultScanner getScanner(Scan scan) {
    return new ClientScanner(rawScanner(scan));
  }

  @Override
  public void scan(Scan scan, ScanResultConsumer consumer) {
    if (consumer == null) {
      throw new IllegalArgumentException("the consumer is null; pass a ScanResultConsumer");
    }
    new ScanPusher(rawScanner(scan), consumer,
        callbacks != null ? callbacks : conn.callbacks()).start();
  }

  @Override
  public CompletableFuture<List<Result>> scanAll(Scan scan) {
    AsyncScanner s;
    try {
      s = rawScanner(scan);
    } catch (RuntimeException e) {
      return out(CompletableFuture.failedFuture(e));
    }
    List<Result> rows = new ArrayList<>();
    CompletableFuture<List<Result>> all = new CompletableFuture<>();
    // Collecting never blocks, so the rows are taken where they arrive.
    new ScanPusher(s, new ScanResultConsumer() {
      @Override
      public boolean onNext(Result result) {
        rows.add(result);
        return true;
      }

      @Override
      public void onError(Throwable error) {
        all.completeExceptionally(error);
      }

      @Override
      public void onComplete() {
        all.complete(rows);
      }
    }, Runnable::run).start();
    return out(all);
  }

  // ---- coprocessor endpoints ----

  CoprocessorCalls coprocessorCalls() {
    return new CoprocessorCalls(conn, this, policy);
  }

  @Override
  public <S, R> CompletableFuture<R> coprocessorService(
      java.util.function.Function<com.google.protobuf.RpcChannel, S> stubMaker,
      io.strata.client.coprocessor.ServiceCaller<S, R> callable, byte[] row) {
    CompletableFuture<R> bad = check(row, "row");
    return out(bad != null ? bad : coprocessorCalls().onRow(stubMaker, callable, row));
  }

  @Override
  public <S, R> CoprocessorServiceBuilder<S, R> coprocessorService(
      java.util.function.Function<com.google.protobuf.RpcChannel, S> stubMaker,
      io.strata.client.coprocessor.ServiceCaller<S, R> callable,
      CoprocessorCallback<R> callback) {
    if (callback == null) {
      throw new IllegalArgumentException("the callback is null; pass a CoprocessorCallback");
    }
    return coprocessorCalls().builder(stubMaker, callable, callback,
        callbacks != null ? callbacks : conn.callbacks());
  }

  @Override
  public String toString() {
    return "AsyncTable{" + name + "}";
  }
}
