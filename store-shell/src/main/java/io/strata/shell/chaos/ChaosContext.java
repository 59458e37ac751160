package io.strata.shell.chaos;

import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a chaos action works with: the cluster's view and control, the host links it may cut,
 * its random source (seeded: a run can be repeated), how long a dead server takes to be
 * noticed, and what is down now, so that the end of a run brings it all back.
 */
final class ChaosContext {
  final ClusterView view;
  final ClusterControl control;
  final HostLinks links;
  final Random random;
  /** The servers' ZooKeeper session timeout: how long a cut-off server stays listed live. */
  final Duration sessionTimeout;
  /** How long any one wait of an action may take before the action counts as failed. */
  final Duration waitTimeout = Duration.ofMinutes(3);
  final Set<String> downRegionServers = ConcurrentHashMap.newKeySet();
  final Set<String> downMasters = ConcurrentHashMap.newKeySet();
  final Set<String> cutHosts = ConcurrentHashMap.newKeySet();

  ChaosContext(ClusterView view, ClusterControl control, HostLinks links, Random random,
      Duration sessionTimeout) {
    this.view = view;
    this.control = control;
    this.links = links;
    this.random = random;
    this.sessionTimeout = sessionTimeout;
  }

  <T> T pick(List<T> from) {
    return from.get(random.nextInt(from.size()));
  }
}
