package io.strata.common.conf;

/** Keys of the RPC servers of masters and region servers (docs/formats/rpc.md). */
public final class RpcKeys {
  public static final String SECTION = "RPC";

  public static final ConfigKey<Long> MAX_REQUEST_SIZE = ConfigKey.size(
      "strata.rpc.max.request.size", "256m",
      "Largest request frame a server accepts. A larger one gets an error naming this key and "
          + "the connection is closed; split large batches into several calls instead.");

  public static final ConfigKey<Long> MAX_INFLIGHT_BYTES = ConfigKey.size(
      "strata.rpc.max.inflight.bytes", "0",
      "Bytes of requests a server holds at once, all connections together, counted from the "
          + "moment a request's length arrives until it is answered; 0 means a tenth of the "
          + "heap, which with the memstores' and block cache's default shares leaves a tenth for "
          + "scans, flushes and compactions. A request that does not fit "
          + "is skipped as it arrives, not kept, and answered with a retryable server-busy error, "
          + "as HBase's hbase.ipc.server.max.callqueue.size.");

  public static final ConfigKey<Long> FRAME_MIN_RATE = ConfigKey.size(
      "strata.rpc.frame.min.rate", "256k",
      "Bytes a second a request must arrive at, measured over each "
          + "strata.rpc.frame.rate.period while one is partly read; a connection whose request "
          + "trickles in slower is closed, and the reason logged. 0 turns the check off.");

  public static final ConfigKey<java.time.Duration> FRAME_RATE_PERIOD = ConfigKey.duration(
      "strata.rpc.frame.rate.period", "10s",
      "How often a partly read request's rate is checked against strata.rpc.frame.min.rate.");

  public static final ConfigKey<Long> REQUEST_ARRAYS = ConfigKey.size(
      "strata.rpc.server.request.arrays", "32m",
      "Bytes of large request arrays (a write buffer's batch, 2 MB by default) a server keeps "
          + "to read later batches into, instead of having the JVM allocate and zero a new one "
          + "for each; 0 keeps none.");

  public static final ConfigKey<Integer> READ_HANDLERS = ConfigKey.integer(
      "strata.rpc.read.handlers", 10, "threads",
      "Threads serving reads (get, exists, multi-get).");

  public static final ConfigKey<Integer> WRITE_HANDLERS = ConfigKey.integer(
      "strata.rpc.write.handlers", 10, "threads",
      "Threads serving writes (put, delete, increment, append, check-and-mutate, batches).");

  public static final ConfigKey<Integer> SCAN_HANDLERS = ConfigKey.integer(
      "strata.rpc.scan.handlers", 5, "threads",
      "Threads serving scanner calls (open, next, close).");

  public static final ConfigKey<Integer> PRIORITY_HANDLERS = ConfigKey.integer(
      "strata.rpc.priority.handlers", 5, "threads",
      "Threads serving calls on strata:meta and admin calls, so that a flood of user requests "
          + "cannot starve them.");

  public static final ConfigKey<Integer> QUEUE_LENGTH = ConfigKey.integer(
      "strata.rpc.queue.length", 1000, "calls",
      "Calls each kind of handler may have waiting; beyond that a call is refused with a "
          + "retryable ServerBusyException rather than queued.");

  public static final ConfigKey<java.time.Duration> SETUP_TIMEOUT = ConfigKey.duration(
      "strata.rpc.connection.setup.timeout", "10s",
      "Time a new connection has to send its preamble and connection header before the server "
          + "closes it.");

  public static final ConfigKey<java.time.Duration> IDLE_TIMEOUT = ConfigKey.duration(
      "strata.rpc.connection.idle.timeout", "10m",
      "A connection that sends nothing for this long is closed (clients reconnect as needed).");

  public static final ConfigKey<Boolean> NATIVE_TRANSPORT = ConfigKey.bool(
      "strata.rpc.native.transport", true,
      "Use Linux's native epoll transport for RPC (clients and servers) when it is available: "
          + "cheaper wake-ups and system calls than Java NIO. Off, or on another system, NIO.");

  public static final ConfigKey<Boolean> READS_ON_IO_THREAD = ConfigKey.bool(
      "strata.rpc.reads.on.io.thread", true,
      "Serve gets and scanner calls on the connection's network thread instead of handing them "
          + "to a read or scan handler: two thread wake-ups fewer per call, which on a small "
          + "machine is most of a cached read's time. A read that waits for a slow file system "
          + "then holds up the other connections of that thread; turn this off when reads often "
          + "miss the block cache on a remote file system (HDFS).");

  public static final ConfigKey<Boolean> WRITES_ON_IO_THREAD = ConfigKey.bool(
      "strata.rpc.writes.on.io.thread", true,
      "Try single-row writes (put, delete, increment, append, check-and-mutate, mutateRow) on "
          + "the connection's network thread: a write that can take its row lock at once and "
          + "find the WAL idle writes and syncs its edit there (see strata.wal.sync.direct) and "
          + "answers, with no thread hand-off; any other goes to a write handler, as batches "
          + "always do. A WAL sync then holds up the other connections of that thread: turn "
          + "this off when the WAL is on a remote file system (HDFS), where a sync is a network "
          + "round trip.");

  public static final ConfigKey<java.time.Duration> SERVER_SPIN = ConfigKey.duration(
      "strata.rpc.server.spin", "100us",
      "How long a server's network thread keeps polling its connections after its last work "
          + "before it sleeps. A request that lands meanwhile costs no wake-up (on a virtual "
          + "machine a wake-up can cost 50us, more than a cached get). Each busy thread spends at "
          + "most this much CPU per request it serves; 0s sleeps at once."
          + " While other threads want the machine's processors (they held them for 40ms of "
          + "the last 100ms), no thread of the process polls: all sleep at once for a second.");

  public static final ConfigKey<Boolean> LOCAL_SOCKETS = ConfigKey.bool(
      "strata.rpc.local.sockets", true,
      "Servers also listen on a Unix domain socket in strata.rpc.local.socket.dir, and clients "
          + "on the same machine, run by the same user, call them there instead of over TCP: a "
          + "round trip costs about a third less (no TCP on either side). Needs the native "
          + "epoll transport; where the socket cannot be made or reached, TCP is used as before.");

  public static final ConfigKey<String> LOCAL_SOCKET_DIR = ConfigKey.string(
      "strata.rpc.local.socket.dir", "",
      "Directory of the servers' local sockets (see strata.rpc.local.sockets), one per server, "
          + "named after its TCP address. It must belong to the user running servers and clients "
          + "and be closed to others (mode 700; a server creates it so); otherwise local "
          + "sockets are not used. Empty: strata-<user> in the JVM's temporary directory.");

  public static final ConfigKey<Boolean> LOCAL_LANES = ConfigKey.bool(
      "strata.rpc.local.lanes", true,
      "A client connected to a server's local socket (strata.rpc.local.sockets) for its blocking "
          + "calls moves their bytes through shared memory, a file both map in "
          + "strata.rpc.local.lane.dir, instead of through the socket, which then only wakes a "
          + "side that sleeps: a round trip costs no system call while both sides poll (1-2 us "
          + "against 8-10 us through the socket). Servers accept lanes only when their network "
          + "threads poll (strata.rpc.server.spin above 0); a client whose lane cannot be made "
          + "or is refused uses the socket as before.");

  public static final ConfigKey<String> LOCAL_LANE_DIR = ConfigKey.string(
      "strata.rpc.local.lane.dir", "/dev/shm",
      "Where a client makes its shared-memory lanes (see strata.rpc.local.lanes), and the only "
          + "directory a server maps lanes from: a directory in memory (tmpfs), since a lane on "
          + "disk would write its pages out. The client removes each lane's name once the server "
          + "has mapped it. A directory that does not exist turns a client's lanes off.");

  public static final ConfigKey<Long> LOCAL_LANE_SIZE = ConfigKey.size(
      "strata.rpc.local.lane.size", "256k",
      "Bytes of each of a lane's two pipes (requests, answers): a power of two from 64k to 64m. "
          + "Larger frames stream through in parts; a lane takes twice this much memory (made "
          + "when it connects) for as long as its connection is open, and in the client until "
          + "the collector finds the closed connection.");

  private RpcKeys() {}
}
