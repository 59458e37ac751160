package io.strata.server.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Timer;
import io.strata.server.rpc.CallKind;
import io.strata.server.rpc.CallListener;
import io.strata.server.rpc.RpcServer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The metrics of the calls an RPC server answers: latency by operation, failures by code, time
 * queued, bytes in and out; and its queues and connections as gauges. Slow and large calls go
 * to the server's {@link SlowLog}, counted or not.
 */
public final class RequestMetrics implements CallListener {
  /** Method names as HBase's metrics name their operations. */
  private static final Map<String, String> OPERATIONS = Map.of("Get", "get", "Scan",
      "scanNext", "Multi", "multi", "PutBatch", "multi");

  private final Metrics metrics;
  private final Map<String, Timer> timers = new ConcurrentHashMap<>();
  private final Map<String, Counter> failures = new ConcurrentHashMap<>();
  private final Timer queued;
  private final Counter received;
  private final Counter sent;

  private final boolean counting;
  private volatile SlowLog slowLog;

  private RequestMetrics(Metrics metrics, boolean counting) {
    this.metrics = metrics;
    this.counting = counting;
    this.queued = metrics.timer(MetricCatalog.QUEUE_TIME);
    this.received = metrics.counter(MetricCatalog.RECEIVED_BYTES);
    this.sent = metrics.counter(MetricCatalog.SENT_BYTES);
  }

  /** Counts the calls it is told of into {@code metrics}, listening to no server yet. */
  public static RequestMetrics into(Metrics metrics) {
    return new RequestMetrics(metrics, true);
  }

  /**
   * Listens to {@code rpc}'s calls: counts them into {@code metrics} if {@code counting}
   * (strata.metrics.enabled), and keeps the slow ones once {@link #keepSlowCalls} is called.
   */
  public static RequestMetrics attach(Metrics metrics, RpcServer rpc, boolean counting) {
    RequestMetrics m = new RequestMetrics(metrics, counting);
    for (CallKind k : CallKind.values()) {
      String pool = k.name().toLowerCase();
      metrics.gauge(MetricCatalog.QUEUE_LENGTH, rpc, r -> r.queuedCalls(k), pool);
      metrics.gauge(MetricCatalog.CALLS_ACTIVE, rpc, r -> r.activeCalls(k), pool);
    }
    metrics.gauge(MetricCatalog.CONNECTIONS, rpc, RpcServer::openConnections);
    metrics.counter(MetricCatalog.DROPPED_EXPIRED, rpc, RpcServer::droppedExpiredCalls);
    rpc.listen(m);
    return m;
  }

  /** Keeps slow and large calls in {@code log} from now on. */
  public void keepSlowCalls(SlowLog log) {
    this.slowLog = log;
  }

  @Override
  public void answered(String method, long queuedNanos, long servedNanos, long responseNanos,
      int requestBytes, int responseBytes, String error, Object param, String client,
      String user, Object tag) {
    String op = OPERATIONS.getOrDefault(method, method);
    SlowLog log = slowLog;
    if (log != null) {
      log.offer(op, queuedNanos, servedNanos, responseNanos, requestBytes, responseBytes, error,
          param, client, user);
    }
    if (!counting) {
      return;
    }
    servedNanos += responseNanos;
    if (tag instanceof CallTarget target) {
      target.answered(op, servedNanos, error != null);
    }
    Timer t = timers.get(op);
    if (t == null) {
      t = timers.computeIfAbsent(op, o -> metrics.timer(MetricCatalog.REQUESTS, o));
    }
    t.record(servedNanos, TimeUnit.NANOSECONDS);
    queued.record(queuedNanos, TimeUnit.NANOSECONDS);
    received.increment(requestBytes);
    sent.increment(responseBytes);
    if (error != null) {
      failures.computeIfAbsent(op + "/" + error,
          k -> metrics.counter(MetricCatalog.REQUESTS_FAILED, op, error)).increment();
    }
  }
}
