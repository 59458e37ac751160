package io.strata.client.internal;

import io.strata.client.RegionLocation;
import io.strata.client.coprocessor.CoprocessorRpcChannel;
import io.strata.common.error.StrataException;
import io.strata.common.proto.ClientProtos.CoprocessorServiceCall;
import io.strata.common.proto.ClientProtos.CoprocessorServiceRequest;
import io.strata.common.proto.ClientProtos.CoprocessorServiceResponse;
import io.strata.common.proto.ClientProtos.RegionSpecifierProto;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Endpoint calls on a table's regions: through a row's channel (the region holding the row,
 * found again on every retry), or on every region of a key range in parallel, each region's
 * outcome told on its own. A range call survives regions splitting, merging and moving under
 * it: each part of the range is walked region by region, so a region that split is answered
 * by both daughters, and a region reached twice (a merge) is called once.
 */
final class CoprocessorCalls {
  /** One region's call in a range: through {@code channel}, bound to {@code loc}. */
  @FunctionalInterface
  interface Invoker<R> {
    CompletableFuture<R> invoke(RegionLocation loc, CoprocessorRpcChannel channel);
  }

  /** A range call's outcomes, region by region, then its end. */
  interface Listener<R> {
    void onRegion(RegionInfo region, R result);

    void onRegionError(RegionInfo region, Throwable error);

    /** Every region answered or failed. */
    void onDone();

    /** The range's regions could not be found: the call ends, having called only some. */
    void onError(Throwable error);
  }

  private static final Object SKIPPED = new Object();

  private final AsyncConnectionImpl conn;
  private final AsyncTableImpl table;
  private final TableName name;
  private final RetryPolicy policy;

  CoprocessorCalls(AsyncConnectionImpl conn, AsyncTableImpl table, RetryPolicy policy) {
    this.conn = conn;
    this.table = table;
    this.name = table.getName();
    this.policy = policy;
  }

  /** Sends {@code call} to the region {@code encodedName} over {@code c}. */
  static CompletableFuture<byte[]> exec(io.strata.client.internal.rpc.RpcConnection c,
      String encodedName, CoprocessorServiceCall call, Duration timeout) {
    CoprocessorServiceRequest req = CoprocessorServiceRequest.newBuilder()
        .setRegion(RegionSpecifierProto.newBuilder().setEncodedName(encodedName))
        .setCall(call).build();
    return c.call("ExecService", req, null, CoprocessorServiceResponse.parser(), timeout, 0)
        .thenApply(r -> r.result().getValue().toByteArray());
  }

  /** The channel of the region holding {@code row}: each call located and retried. */
  CoprocessorRpcChannel rowChannel(byte[] row) {
    byte[] own = row.clone();
    return new ExecChannel() {
      @Override
      CompletableFuture<byte[]> send(CoprocessorServiceCall call) {
        return table.onRegion("coprocessor call " + call.getServiceName() + "."
            + call.getMethodName(), own, true, (c, region, timeout) ->
            exec(c, region, call, timeout));
      }

      @Override
      byte[] row() {
        return own;
      }
    };
  }

  /** A channel bound to one region: one attempt per call, the range call retries. */
  private ExecChannel regionChannel(RegionLocation loc, long timeoutMillis) {
    return new ExecChannel() {
      @Override
      CompletableFuture<byte[]> send(CoprocessorServiceCall call) {
        return conn.channels().connection(loc.server(), "ClientService").thenCompose(c ->
            exec(c, loc.region().getEncodedName(), call, Duration.ofMillis(timeoutMillis)));
      }

      @Override
      byte[] row() {
        return loc.region().getStartKey();
      }
    };
  }

  /**
   * Calls every region overlapping rows [{@code from}, {@code to}) ({@code to} null: to the
   * table's end) through {@code invoker}, in parallel; {@code listener} hears each outcome.
   */
  <R> void range(byte[] from, byte[] to, Invoker<R> invoker, Listener<R> listener) {
    new Range<>(from, to, invoker, listener).start();
  }

  /** One range call. */
  private final class Range<R> {
    private final byte[] from;
    private final byte[] to;
    private final Invoker<R> invoker;
    private final Listener<R> listener;
    /** Parts in flight, and the listing while it walks; at 0 the call is done. */
    private final AtomicInteger pending = new AtomicInteger(1);
    /** Each region called, by encoded name, to the part that called it. */
    private final ConcurrentHashMap<String, Part> claimed = new ConcurrentHashMap<>();
    private final AtomicBoolean failed = new AtomicBoolean();

    Range(byte[] from, byte[] to, Invoker<R> invoker, Listener<R> listener) {
      this.from = from;
      this.to = to;
      this.invoker = invoker;
      this.listener = listener;
    }

    void start() {
      list(from);
    }

    /** Finds the region holding {@code row}, starts its part, and goes on to the next. */
    private void list(byte[] row) {
      conn.locations().locate(name, row, false, policy.operationTimeout().toMillis())
          .whenComplete((loc, e) -> {
            if (e != null) {
              if (failed.compareAndSet(false, true)) {
                listener.onError(RetryingCaller.unwrap(e));
              }
              return;
            }
            byte[] end = loc.region().getEndKey();
            boolean last = loc.region().isLast() || (to != null && Bytes.compare(end, to) >= 0);
            pending.incrementAndGet();
            new Part(row, last ? to : end).start();
            if (last) {
              finished();
            } else {
              list(end);
            }
          });
    }

    private void finished() {
      if (pending.decrementAndGet() == 0 && !failed.get()) {
        listener.onDone();
      }
    }

    /** The rows [lo, hi) of the range, called region by region until covered. */
    private final class Part implements RetryingCaller.Attempt<Object>, Supplier<String> {
      private final byte[] lo;
      private final byte[] hi;
      private RegionLocation last;

      Part(byte[] lo, byte[] hi) {
        this.lo = lo;
        this.hi = hi;
      }

      void start() {
        conn.caller().call(this, policy, this).whenComplete(this::ended);
      }

      @Override
      public CompletableFuture<Object> run(long rpcTimeoutMillis, Throwable previous) {
        boolean stale = previous != null && conn.locations().onError(last, previous);
        return conn.locations().locate(name, lo, stale, rpcTimeoutMillis).thenCompose(loc -> {
          last = loc;
          Part owner = claimed.putIfAbsent(loc.region().getEncodedName(), this);
          if (owner != null && owner != this) {
            return CompletableFuture.completedFuture(SKIPPED); // merged: called already
          }
          CompletableFuture<R> f;
          try {
            f = invoker.invoke(loc, regionChannel(loc, rpcTimeoutMillis));
          } catch (RuntimeException e) {
            f = CompletableFuture.failedFuture(e);
          }
          return f.handle((r, e) -> {
            if (e != null) {
              throw new java.util.concurrent.CompletionException(strataCause(e));
            }
            return (Object) r;
          });
        });
      }

      @SuppressWarnings("unchecked")
      private void ended(Object result, Throwable e) {
        try {
          if (e != null) {
            listener.onRegionError(last == null ? null : last.region(), RetryingCaller.unwrap(e));
          } else if (result != SKIPPED) {
            listener.onRegion(last.region(), (R) result);
          }
          if (last != null && !last.region().isLast()
              && Bytes.compare(last.region().getEndKey(), lo) > 0
              && (hi == null || Bytes.compare(last.region().getEndKey(), hi) < 0)) {
            pending.incrementAndGet(); // the rest of the part: the other daughter of a split
            new Part(last.region().getEndKey(), hi).start();
          }
        } finally {
          finished();
        }
      }

      @Override
      public String get() {
        return "coprocessor call on table '" + name + "' rows from '" + Bytes.toStringBinary(lo)
            + "'";
      }
    }
  }

  /** One call through a callback stub on the region holding {@code row}. */
  <S, R> CompletableFuture<R> onRow(java.util.function.Function<com.google.protobuf.RpcChannel, S>
      stubMaker, io.strata.client.coprocessor.ServiceCaller<S, R> callable, byte[] row) {
    return invoke(stubMaker, callable, rowChannel(row));
  }

  /** Calls {@code callable} on a stub over {@code channel}; completes with its outcome. */
  static <S, R> CompletableFuture<R> invoke(
      java.util.function.Function<com.google.protobuf.RpcChannel, S> stubMaker,
      io.strata.client.coprocessor.ServiceCaller<S, R> callable,
      com.google.protobuf.RpcChannel channel) {
    CompletableFuture<R> f = new CompletableFuture<>();
    io.strata.client.coprocessor.CoprocessorRpcController controller =
        new io.strata.client.coprocessor.CoprocessorRpcController();
    try {
      callable.call(stubMaker.apply(channel), controller, r -> {
        if (controller.failed()) {
          f.completeExceptionally(controller.getFailedOn());
        } else {
          f.complete(r);
        }
      });
    } catch (RuntimeException e) {
      f.completeExceptionally(e);
    }
    return f;
  }

  /** The range form of {@link io.strata.client.AsyncTable#coprocessorService}. */
  <S, R> io.strata.client.AsyncTable.CoprocessorServiceBuilder<S, R> builder(
      java.util.function.Function<com.google.protobuf.RpcChannel, S> stubMaker,
      io.strata.client.coprocessor.ServiceCaller<S, R> callable,
      io.strata.client.AsyncTable.CoprocessorCallback<R> callback,
      java.util.concurrent.Executor callbacks) {
    return new io.strata.client.AsyncTable.CoprocessorServiceBuilder<>() {
      private byte[] from = Bytes.EMPTY;
      private byte[] to;

      @Override
      public io.strata.client.AsyncTable.CoprocessorServiceBuilder<S, R> fromRow(byte[] row,
          boolean inclusive) {
        from = row == null ? Bytes.EMPTY : inclusive || row.length == 0 ? row.clone()
            : Bytes.add(row, new byte[1]);
        return this;
      }

      @Override
      public io.strata.client.AsyncTable.CoprocessorServiceBuilder<S, R> toRow(byte[] row,
          boolean inclusive) {
        to = row == null || row.length == 0 ? null : inclusive ? Bytes.add(row, new byte[1])
            : row.clone();
        return this;
      }

      @Override
      public void execute() {
        java.util.concurrent.Executor on = new SerialExecutor(callbacks == null ? Runnable::run
            : callbacks);
        range(from, to, (loc, channel) -> invoke(stubMaker, callable, channel), new Listener<R>() {
          @Override
          public void onRegion(RegionInfo region, R result) {
            on.execute(() -> callback.onRegionComplete(region, result));
          }

          @Override
          public void onRegionError(RegionInfo region, Throwable error) {
            on.execute(() -> callback.onRegionError(region, error));
          }

          @Override
          public void onDone() {
            on.execute(callback::onComplete);
          }

          @Override
          public void onError(Throwable error) {
            on.execute(() -> callback.onError(error));
          }
        });
      }
    };
  }

  /**
   * A range call that waits: rows from the region holding {@code startKey} to the one holding
   * {@code endKey} (HBase's range: both ends' regions included), each region's result to
   * {@code callback} (if any) and into the answer, by region name.
   */
  <R> java.util.Map<byte[], R> blockingRange(String what, byte[] startKey, byte[] endKey,
      Invoker<R> invoker, io.strata.client.coprocessor.Batch.Callback<R> callback)
      throws java.io.IOException {
    byte[] from = startKey == null ? Bytes.EMPTY : startKey.clone();
    byte[] to = endKey == null || endKey.length == 0 ? null : Bytes.add(endKey, new byte[1]);
    java.util.Map<byte[], R> results = new java.util.TreeMap<>(Bytes.BYTES_COMPARATOR);
    java.util.Map<byte[], Throwable> errors = new java.util.TreeMap<>(Bytes.BYTES_COMPARATOR);
    CompletableFuture<Void> done = new CompletableFuture<>();
    range(from, to, invoker, new Listener<R>() {
      @Override
      public void onRegion(RegionInfo region, R result) {
        synchronized (results) {
          results.put(region.getRegionName(), result);
        }
        if (callback != null) {
          callback.update(region.getRegionName(), region.getStartKey(), result);
        }
      }

      @Override
      public void onRegionError(RegionInfo region, Throwable error) {
        synchronized (results) {
          errors.put(region != null ? region.getRegionName()
              : Bytes.toBytes("(region not found) " + error.getMessage()), error);
        }
      }

      @Override
      public void onDone() {
        done.complete(null);
      }

      @Override
      public void onError(Throwable error) {
        done.completeExceptionally(error);
      }
    });
    RetryingCaller.join(done);
    synchronized (results) {
      if (!errors.isEmpty()) {
        throw new io.strata.client.coprocessor.CoprocessorCallsFailedException(what
            + " on table '" + name + "'", errors, results);
      }
      return results;
    }
  }

  /** Runs a {@link io.strata.client.coprocessor.Batch.Call} per region on the callback pool. */
  <T extends com.google.protobuf.Service, R> Invoker<R> batchCall(Class<T> service,
      io.strata.client.coprocessor.Batch.Call<T, R> callable) {
    return (loc, channel) -> CompletableFuture.supplyAsync(() -> {
      try {
        return callable.call(io.strata.client.coprocessor.CoprocessorRpcUtils.newServiceStub(
            service, channel));
      } catch (java.io.IOException e) {
        throw new java.util.concurrent.CompletionException(e);
      }
    }, conn.callbacks());
  }

  /** Calls {@code method} per region without a thread of its own. */
  static <R extends com.google.protobuf.Message> Invoker<R> methodCall(
      com.google.protobuf.Descriptors.MethodDescriptor method,
      com.google.protobuf.Message request, R responsePrototype) {
    return (loc, channel) -> ((ExecChannel) channel).call(method, request, responsePrototype);
  }

  /**
   * The Strata error inside what an endpoint call's code threw (it may wrap it in a
   * ServiceException or an IOException of its own), so that a moved or split region is retried;
   * {@code e} itself if none is inside.
   */
  static Throwable strataCause(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof StrataException) {
        return t;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return RetryingCaller.unwrap(e);
  }
}
