package io.strata.common.conf;

import java.time.Duration;

/** Keys of the client library: timeouts, retries, scanner batches. */
public final class ClientKeys {
  public static final String SECTION = "Client";

  public static final ConfigKey<String> USER = ConfigKey.string(
      "strata.client.user", "",
      "The user name a client's connections give the servers, which record it for each "
          + "connection (quotas are kept per user); empty (the default) gives the operating "
          + "system's user running the client. Taken unproven unless the client has a token "
          + "(strata.client.token.file) or logs in with Kerberos, whose user then replaces it.");

  public static final ConfigKey<String> TOKEN_FILE = ConfigKey.string(
      "strata.client.token.file", "",
      "A token file (bin/strata token create USER; docs/formats/token.md) with which the "
          + "client proves its user to every server, as a cluster with "
          + "strata.security.authentication=token requires. Empty (the default): the file the "
          + "environment variable STRATA_TOKEN_FILE names, if set; else none.");

  public static final ConfigKey<String> KERBEROS_PRINCIPAL = ConfigKey.string(
      "strata.client.kerberos.principal", "",
      "Under kerberos authentication, the principal a client logs in as from "
          + "strata.client.keytab.file, such as a service's own. Empty (the default): the "
          + "client uses the Kerberos login of the process (kinit's ticket cache, or the "
          + "UserGroupInformation the calling code runs as).");

  public static final ConfigKey<String> KEYTAB_FILE = ConfigKey.string(
      "strata.client.keytab.file", "",
      "The keytab holding the key of strata.client.kerberos.principal.");

  public static final ConfigKey<String> CLUSTER_SECRET_FILE = ConfigKey.string(
      "strata.client.cluster.secret.file", "",
      "A copy of the cluster's <root>/cluster.secret (docs/formats/cluster-secret.md) whose "
          + "secret the client presents, so that servers take from it what they take only from "
          + "the cluster's own processes. For operator tools such as bin/strata hbck -fix; "
          + "empty (the default) for every application.");

  public static final ConfigKey<Duration> OPERATION_TIMEOUT = ConfigKey.duration(
      "strata.client.operation.timeout", "60s",
      "Longest a client operation (get, put, scan call, admin call) may take with all its "
          + "retries; then it fails with the last error.");

  public static final ConfigKey<Duration> RPC_TIMEOUT = ConfigKey.duration(
      "strata.client.rpc.timeout", "30s",
      "Longest one RPC may take before the client gives up on it and retries.");

  public static final ConfigKey<Duration> DDL_TIMEOUT = ConfigKey.duration(
      "strata.client.ddl.timeout", "10m",
      "How long an admin call waits for the master's procedure (create, delete, enable, "
          + "disable, modify, truncate table) to finish.");

  public static final ConfigKey<Duration> PAUSE = ConfigKey.duration("strata.client.pause",
      "100ms",
      "Base pause between retries; the pause grows with each retry (1, 2, 3, 5, 10, 20, 40, "
          + "100 times this) up to the operation timeout, but only to 10 times this while the "
          + "region is moving (not serving, in transition, or its server unreachable).");

  public static final ConfigKey<Integer> RETRIES = ConfigKey.integer(
      "strata.client.retries.number", 35, "retries",
      "Most retries of one operation, whatever time is left of the operation timeout.");

  public static final ConfigKey<Integer> SCANNER_CACHING = ConfigKey.integer(
      "strata.client.scanner.caching", 1000, "rows",
      "Rows a scanner fetches per call unless the Scan sets caching.");

  public static final ConfigKey<Long> SCANNER_MAX_RESULT_SIZE = ConfigKey.size(
      "strata.client.scanner.max.result.size", "2m",
      "Bytes a scanner fetches per call at most unless the Scan sets a max result size.");

  public static final ConfigKey<Integer> META_PREFETCH_ROWS = ConfigKey.integer(
      "strata.client.meta.prefetch.rows", 10, "rows",
      "Meta rows one region lookup reads: the region wanted and the regions just below it in "
          + "key order (one reversed scan of strata:meta). The open ones are all cached, so that "
          + "nearby rows and a reversed scan's next regions need no lookup of their own. At "
          + "least 1 (the region wanted only).");

  public static final ConfigKey<Integer> IO_THREADS = ConfigKey.integer(
      "strata.client.io.threads", 2, "threads",
      "Network threads of one connection.");

  public static final ConfigKey<Long> WRITE_BUFFER_SIZE = ConfigKey.size(
      "strata.client.write.buffer", "2m",
      "Bytes of mutations a BufferedMutator collects before it sends them (grouped per region "
          + "server, in parallel), unless its BufferedMutatorParams set another size.");

  public static final ConfigKey<Duration> WRITE_BUFFER_PERIODIC_FLUSH = ConfigKey.duration(
      "strata.client.write.buffer.periodic.flush", "1s",
      "Longest a mutation waits in a BufferedMutator's buffer before it is sent even though "
          + "the buffer is not full; 0s turns the timer off (then only a full buffer, flush and "
          + "close send).");

  public static final ConfigKey<Boolean> DIRECT_CALLS = ConfigKey.bool(
      "strata.client.rpc.direct", true,
      "Let a thread that waits for an answer (the blocking Table's get, put, increment, "
          + "check-and-mutate and scanner calls) write its request and read the answer on the "
          + "socket itself, instead of handing both to a network thread: two thread wake-ups "
          + "fewer per call. Asynchronous calls and batches always use the network threads.");

  public static final ConfigKey<Duration> RPC_SPIN = ConfigKey.duration(
      "strata.client.rpc.spin", "100us",
      "How long a thread waiting for its answer on a direct connection keeps polling the "
          + "socket before it sleeps. A fast answer then costs no wake-up (on a virtual machine "
          + "a wake-up can cost 50us, more than a cached get); 0s sleeps at once."
          + " While other threads want the machine's processors (they held them for 40ms of "
          + "the last 100ms), no thread of the process polls: all sleep at once for a second.");

  private ClientKeys() {}
}
