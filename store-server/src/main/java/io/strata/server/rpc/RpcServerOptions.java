package io.strata.server.rpc;

import io.strata.common.conf.ConfigKey;
import io.strata.common.conf.RpcKeys;
import io.strata.common.conf.SecurityKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.rpc.LocalSockets;
import io.strata.common.rpc.NettyTransport;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;

/**
 * The settings of one RPC server ({@link RpcKeys}), with the address it binds; {@code
 * localSocketDir} is null when it listens on TCP only; clients on its local socket may move their
 * calls through shared-memory lanes in {@code laneDir}, none when it is null; {@code
 * requestArrays} bytes of large requests' arrays are kept for reuse; the requests held at once
 * are bounded by {@code maxInflightBytes} (0: a tenth of the heap), and one partly read must
 * arrive at {@code frameMinRate} bytes a second, checked every {@code frameRatePeriod}; one
 * client address may hold {@code maxConnectionsPerAddress} connections, and one connection
 * {@code maxQueuedPerConnection} calls waiting for handlers.
 */
public record RpcServerOptions(String host, int port, long maxRequestSize,
    Map<CallKind, Integer> handlers, int queueLength, Duration setupTimeout,
    Duration idleTimeout, NettyTransport transport, boolean readsOnIoThread,
    boolean writesOnIoThread, Duration spin, Path localSocketDir, Path laneDir,
    long requestArrays, long maxInflightBytes, long frameMinRate, Duration frameRatePeriod,
    int maxConnectionsPerAddress, int maxQueuedPerConnection) {
  /** From configuration; {@code port} 0 binds an ephemeral port. */
  public static RpcServerOptions fromConfig(StrataConfiguration conf, String host, int port) {
    Map<CallKind, Integer> handlers = new EnumMap<>(CallKind.class);
    handlers.put(CallKind.READ, atLeastOne(conf, RpcKeys.READ_HANDLERS));
    handlers.put(CallKind.WRITE, atLeastOne(conf, RpcKeys.WRITE_HANDLERS));
    handlers.put(CallKind.SCAN, atLeastOne(conf, RpcKeys.SCAN_HANDLERS));
    handlers.put(CallKind.PRIORITY, atLeastOne(conf, RpcKeys.PRIORITY_HANDLERS));
    long max = conf.get(RpcKeys.MAX_REQUEST_SIZE);
    if (max < 1024 || max > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException(RpcKeys.MAX_REQUEST_SIZE.name() + " is " + max
          + " bytes; give a size from 1k to 2047m");
    }
    return new RpcServerOptions(host, port, max, handlers, conf.get(RpcKeys.QUEUE_LENGTH),
        conf.get(RpcKeys.SETUP_TIMEOUT), conf.get(RpcKeys.IDLE_TIMEOUT),
        NettyTransport.choose(conf.get(RpcKeys.NATIVE_TRANSPORT)),
        conf.get(RpcKeys.READS_ON_IO_THREAD), conf.get(RpcKeys.WRITES_ON_IO_THREAD),
        conf.get(RpcKeys.SERVER_SPIN), LocalSockets.directory(conf),
        // A lane is polled by its network thread's turns: one that sleeps at once never polls.
        conf.get(RpcKeys.LOCAL_LANES) && !conf.get(RpcKeys.SERVER_SPIN).isZero()
            ? Path.of(conf.get(RpcKeys.LOCAL_LANE_DIR)).toAbsolutePath().normalize() : null,
        conf.get(RpcKeys.REQUEST_ARRAYS), conf.get(RpcKeys.MAX_INFLIGHT_BYTES),
        conf.get(RpcKeys.FRAME_MIN_RATE), conf.get(RpcKeys.FRAME_RATE_PERIOD),
        positive(conf, SecurityKeys.MAX_CONNECTIONS_PER_ADDRESS),
        positive(conf, SecurityKeys.MAX_QUEUED_PER_CONNECTION));
  }

  private static int atLeastOne(StrataConfiguration conf, ConfigKey<Integer> key) {
    int v = conf.get(key);
    if (v < 1) {
      throw new IllegalArgumentException(key.name() + " is " + v + " (from "
          + conf.sourceOf(key.name()) + "); every kind of call needs at least 1 thread");
    }
    return v;
  }

  private static int positive(StrataConfiguration conf, ConfigKey<Integer> key) {
    int v = conf.get(key);
    if (v < 1) {
      throw new IllegalArgumentException(key.name() + " is " + v + " (from "
          + conf.sourceOf(key.name()) + "); give a limit of at least 1");
    }
    return v;
  }
}
