package io.strata.server.quota;

import io.strata.common.error.ThrottlingException;
import io.strata.common.quota.ThrottleLimit;
import io.strata.common.quota.ThrottleType;
import io.strata.common.schema.TableName;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The throttles in force on a region server, and the check each request passes before its
 * work starts. A request of a user on a table is counted by every throttle set for that user,
 * that table, its namespace, the user on the table, the user in the namespace, and the whole
 * server; it goes ahead only if all of them have the tokens, and then takes them from all, so
 * that a refused request costs no throttle anything.
 */
final class Throttles {
  /** Whom a throttle is set for. */
  enum Scope { USER, TABLE, NAMESPACE, USER_TABLE, USER_NAMESPACE, REGIONSERVER }

  /** A throttle's subject: the scope and its user and table or namespace ("" where none). */
  record Subject(Scope scope, String user, String target) {
    /** HBase's words for it, as list_quotas writes them. */
    String describe() {
      return switch (scope) {
        case USER -> "USER => '" + user + "'";
        case TABLE -> "TABLE => '" + target + "'";
        case NAMESPACE -> "NAMESPACE => '" + target + "'";
        case USER_TABLE -> "USER => '" + user + "', TABLE => '" + target + "'";
        case USER_NAMESPACE -> "USER => '" + user + "', NAMESPACE => '" + target + "'";
        case REGIONSERVER -> "REGIONSERVER => 'all'";
      };
    }
  }

  /** One throttle: its limit, this server's rate of it, and its bucket. */
  private record Throttle(Subject subject, ThrottleType type, ThrottleLimit limit,
      double perSecond, TokenBucket bucket) {
    String describe() {
      return subject.describe() + ", THROTTLE_TYPE => " + type + ", LIMIT => " + limit;
    }
  }

  /** Bytes in one capacity unit, as HBase's default hbase.quota.read.capacity.unit. */
  static final long CAPACITY_UNIT_BYTES = 1024;

  private final Map<Subject, List<Throttle>> bySubject;
  private final Set<String> bypass;
  /** enable_exceed_throttle_quota: other throttles give way while the server's have room. */
  private final boolean exceedable;

  private Throttles(Map<Subject, List<Throttle>> bySubject, Set<String> bypass,
      boolean enforced, boolean exceedable) {
    this.bySubject = enforced ? bySubject : Map.of(); // disable_rpc_throttle: none enforced
    this.bypass = bypass;
    this.exceedable = exceedable;
  }

  /** Builds the throttles of a settings snapshot, their buckets full as of {@code nowNanos}. */
  static final class Builder {
    private final Map<Subject, List<Throttle>> bySubject = new HashMap<>();
    private final java.util.HashSet<String> bypass = new java.util.HashSet<>();
    private final long nowNanos;
    private final Throttles previous;

    Builder(long nowNanos) {
      this(nowNanos, null);
    }

    /**
     * Builds the next settings of a server that held {@code previous}: a throttle that did not
     * change keeps its bucket as it is, so that reading the settings again grants no burst.
     */
    Builder(long nowNanos, Throttles previous) {
      this.nowNanos = nowNanos;
      this.previous = previous;
    }

    Builder limit(Subject subject, ThrottleType type, ThrottleLimit limit) {
      return limit(subject, type, limit, 1);
    }

    /**
     * A throttle of which this server holds {@code share} (0 to 1) of the limit: a cluster-wide
     * limit divided among the servers.
     */
    Builder limit(Subject subject, ThrottleType type, ThrottleLimit limit, double share) {
      if (limit.unit() != type.unit()) {
        throw new IllegalArgumentException("a " + type + " throttle takes a limit in "
            + type.unit().name().toLowerCase(java.util.Locale.ROOT) + ", not " + limit);
      }
      List<Throttle> list = bySubject.computeIfAbsent(subject, s -> new ArrayList<>());
      list.removeIf(t -> t.type() == type);
      double rate = limit.perSecond() * share;
      Throttle kept = previous == null ? null : previous.bySubject.getOrDefault(subject,
          List.of()).stream().filter(t -> t.type() == type && t.perSecond() == rate)
          .findFirst().orElse(null);
      list.add(new Throttle(subject, type, limit, rate, kept != null ? kept.bucket()
          : new TokenBucket(rate, nowNanos)));
      return this;
    }

    /** {@code GLOBAL_BYPASS => true}: no throttle counts this user's requests. */
    Builder bypass(String user) {
      bypass.add(user);
      return this;
    }

    private boolean enforced = true;
    private boolean exceedable;

    /** The cluster's switches: throttles enforced, and exceedable while the server has room. */
    Builder switches(boolean enforced, boolean exceedable) {
      this.enforced = enforced;
      this.exceedable = exceedable;
      return this;
    }

    Throttles build() {
      return new Throttles(Map.copyOf(bySubject), Set.copyOf(bypass), enforced, exceedable);
    }
  }

  boolean isEmpty() {
    return bySubject.isEmpty();
  }

  /**
   * Lets a request of {@code user} on {@code table} go ahead, counting it as one request of
   * {@code kind} and {@code bytes} bytes; or refuses it, taking nothing, with the wait until
   * every throttle that counts it has room, naming the one that waits longest.
   */
  void admit(String user, TableName table, ThrottleType.Kind kind, long bytes, long nowNanos)
      throws ThrottlingException {
    admit(user, table, kind, 1, bytes, nowNanos);
  }

  /** As above for {@code requests} requests at once (the actions of a batch). */
  void admit(String user, TableName table, ThrottleType.Kind kind, int requests, long bytes,
      long nowNanos) throws ThrottlingException {
    List<Throttle> counting = counting(user, table, kind);
    if (counting.isEmpty()) {
      return;
    }
    synchronized (this) { // all or none of the buckets: no partial takes between requests
      long longest = 0;
      Throttle waiting = null;
      boolean[] took = new boolean[counting.size()];
      long[] waits = new long[counting.size()];
      for (int i = 0; i < counting.size(); i++) {
        Throttle th = counting.get(i);
        waits[i] = th.bucket().tryTake(cost(th.type(), requests, bytes), nowNanos);
        took[i] = waits[i] == 0;
        if (waits[i] > longest) {
          longest = waits[i];
          waiting = th;
        }
      }
      if (waiting != null && exceedable && counting.stream()
          .anyMatch(th -> th.subject().scope() == Scope.REGIONSERVER)) {
        // The others give way to the server's throttles: they alone decide, and say the wait.
        waiting = null;
        longest = 0;
        for (int i = 0; i < counting.size(); i++) {
          Throttle th = counting.get(i);
          if (th.subject().scope() == Scope.REGIONSERVER && waits[i] > longest) {
            longest = waits[i];
            waiting = th;
          }
        }
        if (waiting == null) {
          return; // what the others could take stands; the rest they let pass
        }
      }
      if (waiting != null) {
        for (int i = 0; i < counting.size(); i++) { // give back what the others took
          if (took[i]) {
            counting.get(i).bucket().refund(cost(counting.get(i).type(), requests, bytes),
                nowNanos);
          }
        }
        throw new ThrottlingException(waiting.describe(), Math.max(1,
            (longest + 999_999) / 1_000_000));
      }
    }
  }

  /** Gives back what {@link #admit} took for a request that will be admitted again later. */
  void refund(String user, TableName table, ThrottleType.Kind kind, int requests, long bytes,
      long nowNanos) {
    for (Throttle th : counting(user, table, kind)) {
      th.bucket().refund(cost(th.type(), requests, bytes), nowNanos);
    }
  }

  /**
   * Charges {@code bytes} found only after the work (what a get or scanner call returned) to
   * every size and capacity-unit throttle counting the request: a debt the next requests wait
   * for.
   */
  void charge(String user, TableName table, ThrottleType.Kind kind, long bytes, long nowNanos) {
    if (bytes <= 0) {
      return;
    }
    for (Throttle th : counting(user, table, kind)) {
      if (th.type().unit() != ThrottleLimit.Unit.REQUESTS) {
        th.bucket().charge(cost(th.type(), 0, bytes), nowNanos);
      }
    }
  }

  private List<Throttle> counting(String user, TableName table, ThrottleType.Kind kind) {
    if (bySubject.isEmpty() || bypass.contains(user)) {
      return List.of();
    }
    List<Throttle> counting = new ArrayList<>(4);
    String ns = table.getNamespace();
    String t = table.toString();
    collect(new Subject(Scope.USER, user, ""), kind, counting);
    collect(new Subject(Scope.TABLE, "", t), kind, counting);
    collect(new Subject(Scope.NAMESPACE, "", ns), kind, counting);
    collect(new Subject(Scope.USER_TABLE, user, t), kind, counting);
    collect(new Subject(Scope.USER_NAMESPACE, user, ns), kind, counting);
    collect(new Subject(Scope.REGIONSERVER, "", "all"), kind, counting);
    return counting;
  }

  private void collect(Subject s, ThrottleType.Kind kind, List<Throttle> into) {
    List<Throttle> list = bySubject.get(s);
    if (list != null) {
      for (Throttle t : list) {
        if (t.type().counts(kind)) {
          into.add(t);
        }
      }
    }
  }

  private static double cost(ThrottleType type, int requests, long bytes) {
    return switch (type.unit()) {
      case REQUESTS -> requests;
      case BYTES -> bytes;
      case CAPACITY_UNITS -> Math.max(requests,
          (bytes + CAPACITY_UNIT_BYTES - 1) / CAPACITY_UNIT_BYTES);
    };
  }
}
