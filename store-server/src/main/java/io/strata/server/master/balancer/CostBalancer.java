package io.strata.server.master.balancer;

import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableName;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Plans region moves that lower the cluster's cost, as HBase's StochasticLoadBalancer does:
 * the cost is a weighted mean of imbalances between 0 (even) and 1 (everything on one server):
 * regions per server, each table's regions per server, read and write requests a second per
 * server, the share of region data not on its server's host (HDFS locality), and the share of
 * the allowed moves used. From the current assignment it tries moves proposed by a few
 * generators (fullest server to emptiest, a table's fullest to its emptiest, a busy region
 * swapped with an idle one, a region swapped onto the host holding its data, anywhere) and
 * keeps each that lowers the cost,
 * for a number of steps or a time limit, moving at most a set share (or number) of the regions.
 * Seeded, so
 * the same input gives the same plan.
 */
public final class CostBalancer {
  private static final int STEPS_PER_REGION = 100;
  private static final int MAX_STEPS = 1_000_000;
  private static final long MAX_NANOS = 5_000_000_000L;
  private static final int MIN_MOVE_SCALE = 600;

  private final BalancerWeights weights;

  public CostBalancer(BalancerWeights weights) {
    this.weights = weights;
  }

  /** The moves, for {@code regions} open on the live {@code servers}. */
  public List<Move> plan(List<ServerName> servers, List<BalancerRegion> regions) {
    if (servers.size() < 2 || regions.isEmpty()) {
      return List.of();
    }
    Cluster c = new Cluster(servers, regions, weights);
    double cost = c.cost();
    if (cost < weights.minCost()) {
      return List.of();
    }
    Random random = new Random(42);
    long deadline = System.nanoTime() + MAX_NANOS;
    long steps = Math.min(MAX_STEPS, (long) STEPS_PER_REGION * regions.size());
    for (long step = 0; step < steps && (step % 1024 != 0 || System.nanoTime() < deadline);
        step++) {
      int[] move = c.propose(random);
      if (move == null) {
        continue;
      }
      int from = c.where[move[0]];
      int from2 = move.length > 2 ? c.where[move[2]] : -1;
      c.apply(move[0], move[1]);
      if (from2 >= 0) {
        c.apply(move[2], move[3]);
      }
      double next = c.cost();
      if (next < cost) {
        cost = next;
      } else {
        if (from2 >= 0) {
          c.apply(move[2], from2);
        }
        c.apply(move[0], from);
      }
    }
    List<Move> out = new ArrayList<>();
    for (int r = 0; r < regions.size(); r++) {
      if (c.where[r] != c.original[r]) {
        out.add(new Move(regions.get(r).region(), servers.get(c.original[r]),
            servers.get(c.where[r])));
      }
    }
    return out;
  }

  /** The cost of the assignment as it is (for tests and logs). */
  public double cost(List<ServerName> servers, List<BalancerRegion> regions) {
    return servers.size() < 2 || regions.isEmpty() ? 0
        : new Cluster(servers, regions, weights).cost();
  }

  /** The assignment being improved, with the per-server sums the costs read. */
  private static final class Cluster {
    final BalancerWeights w;
    final List<BalancerRegion> regions;
    final int servers;
    final String[] hosts;
    final int[] where;
    final int[] original;
    final int[] table;
    final int[] tableSize;
    final int[][] tableCount;
    final int[] count;
    final double[] read;
    final double[] write;
    final double totalRead;
    final double totalWrite;
    /** Regions on each server, as indices; {@code slot[r]} is r's place in its server's list. */
    final List<List<Integer>> on = new ArrayList<>();
    final int[] slot;
    final List<Integer> movable = new ArrayList<>();
    final int maxMoves;
    /**
     * Moves are costed as a share of this many, at least 600 as in HBase, so that in a small
     * cluster a move that helps locality or load is worth its cost.
     */
    final int moveScale;
    final boolean hasLocality;
    double localSum;
    int moved;

    Cluster(List<ServerName> serverNames, List<BalancerRegion> regions, BalancerWeights w) {
      this.w = w;
      this.regions = regions;
      this.servers = serverNames.size();
      hosts = new String[servers];
      Map<ServerName, Integer> index = new HashMap<>();
      for (int s = 0; s < servers; s++) {
        index.put(serverNames.get(s), s);
        hosts[s] = serverNames.get(s).host();
        on.add(new ArrayList<>());
      }
      int n = regions.size();
      where = new int[n];
      original = new int[n];
      table = new int[n];
      slot = new int[n];
      count = new int[servers];
      read = new double[servers];
      write = new double[servers];
      Map<TableName, Integer> tables = new HashMap<>();
      double tr = 0;
      double tw = 0;
      boolean locality = false;
      for (int r = 0; r < n; r++) {
        BalancerRegion br = regions.get(r);
        Integer s = index.get(br.server());
        if (s == null) {
          throw new IllegalArgumentException("region " + br.region().getEncodedName()
              + " is on " + br.server() + ", which is not a live server");
        }
        where[r] = original[r] = s;
        table[r] = tables.computeIfAbsent(br.region().getTable(), t -> tables.size());
        tr += br.readRate();
        tw += br.writeRate();
        locality |= !br.locality().isEmpty();
        if (br.movable()) {
          movable.add(r);
        }
      }
      totalRead = tr;
      totalWrite = tw;
      hasLocality = locality;
      tableSize = new int[tables.size()];
      tableCount = new int[tables.size()][servers];
      for (int r = 0; r < n; r++) {
        tableSize[table[r]]++;
        add(r, where[r]);
      }
      maxMoves = Math.max(1, Math.max(w.maxMoves(), (int) Math.floor(w.maxMovesFraction() * n)));
      moveScale = Math.max(maxMoves, MIN_MOVE_SCALE);
    }

    private void add(int r, int s) {
      BalancerRegion br = regions.get(r);
      where[r] = s;
      slot[r] = on.get(s).size();
      on.get(s).add(r);
      count[s]++;
      tableCount[table[r]][s]++;
      read[s] += br.readRate();
      write[s] += br.writeRate();
      localSum += br.locality().getOrDefault(hosts[s], 0.0);
    }

    private void remove(int r) {
      BalancerRegion br = regions.get(r);
      int s = where[r];
      List<Integer> list = on.get(s);
      int last = list.remove(list.size() - 1);
      if (last != r) {
        list.set(slot[r], last);
        slot[last] = slot[r];
      }
      count[s]--;
      tableCount[table[r]][s]--;
      read[s] -= br.readRate();
      write[s] -= br.writeRate();
      localSum -= br.locality().getOrDefault(hosts[s], 0.0);
    }

    void apply(int r, int to) {
      boolean wasMoved = where[r] != original[r];
      remove(r);
      add(r, to);
      moved += (where[r] != original[r] ? 1 : 0) - (wasMoved ? 1 : 0);
    }

    /**
     * A region and a server to try it on, and for a swap a second region and its server; null
     * when the generator found none.
     */
    int[] propose(Random random) {
      int r;
      int to;
      int r2 = -1;
      switch (random.nextInt(hasLocality ? 5 : 4)) {
        case 0 -> { // fullest server to emptiest
          int from = argmax(count);
          r = pickOn(from, random);
          to = argmin(count);
        }
        case 1 -> { // a table's fullest server to its emptiest
          int t = table[movable.isEmpty() ? 0 : movable.get(random.nextInt(movable.size()))];
          int from = argmax(tableCount[t]);
          r = pickOfTable(from, t, random);
          to = argmin(tableCount[t]);
        }
        case 2 -> { // the busiest server's busiest region swapped with the idlest's idlest
          double[] load = new double[servers];
          for (int s = 0; s < servers; s++) {
            load[s] = read[s] + write[s];
          }
          int from = argmax(load);
          to = argmin(load);
          r = busiest(from, 1);
          r2 = busiest(to, -1);
        }
        case 3 -> { // anywhere
          r = movable.isEmpty() ? -1 : movable.get(random.nextInt(movable.size()));
          to = random.nextInt(servers);
        }
        default -> { // to the host that holds its data, swapped with a region there
          r = movable.isEmpty() ? -1 : movable.get(random.nextInt(movable.size()));
          to = r < 0 ? -1 : bestHost(r);
          r2 = to < 0 ? -1 : pickOn(to, random);
        }
      }
      if (r < 0 || to < 0 || to == where[r]) {
        return null;
      }
      // At the limit only moves that take a moved region on, or back, are tried.
      if (moved >= maxMoves
          && (where[r] == original[r] || (r2 >= 0 && where[r2] == original[r2]))) {
        return null;
      }
      return r2 < 0 || r2 == r ? new int[] {r, to} : new int[] {r, to, r2, where[r]};
    }

    /** The movable region on {@code s} with the most ({@code sign} 1) or least (-1) requests. */
    private int busiest(int s, int sign) {
      int best = -1;
      double bestLoad = 0;
      for (int r : on.get(s)) {
        BalancerRegion br = regions.get(r);
        double load = br.readRate() + br.writeRate();
        if (br.movable() && (best < 0 || sign * Double.compare(load, bestLoad) > 0)) {
          best = r;
          bestLoad = load;
        }
      }
      return best;
    }

    private int pickOn(int s, Random random) {
      List<Integer> list = on.get(s);
      for (int tries = 0; tries < 8 && !list.isEmpty(); tries++) {
        int r = list.get(random.nextInt(list.size()));
        if (regions.get(r).movable()) {
          return r;
        }
      }
      return -1;
    }

    private int pickOfTable(int s, int t, Random random) {
      List<Integer> list = on.get(s);
      for (int tries = 0; tries < 16 && !list.isEmpty(); tries++) {
        int r = list.get(random.nextInt(list.size()));
        if (table[r] == t && regions.get(r).movable()) {
          return r;
        }
      }
      return -1;
    }

    private int bestHost(int r) {
      Map<String, Double> loc = regions.get(r).locality();
      int best = -1;
      double bestShare = loc.getOrDefault(hosts[where[r]], 0.0);
      for (int s = 0; s < servers; s++) {
        double share = loc.getOrDefault(hosts[s], 0.0);
        if (share > bestShare) {
          best = s;
          bestShare = share;
        }
      }
      return best;
    }

    double cost() {
      double sum = w.regionCount() * imbalance(count, regions.size());
      double weight = w.regionCount();
      double skew = 0;
      for (int t = 0; t < tableSize.length; t++) {
        skew += (double) tableSize[t] / regions.size() * imbalance(tableCount[t], tableSize[t]);
      }
      sum += w.tableSkew() * skew;
      weight += w.tableSkew();
      if (totalRead > 0) {
        sum += w.readLoad() * imbalance(read, totalRead);
        weight += w.readLoad();
      }
      if (totalWrite > 0) {
        sum += w.writeLoad() * imbalance(write, totalWrite);
        weight += w.writeLoad();
      }
      if (hasLocality) {
        sum += w.locality() * (1 - localSum / regions.size());
        weight += w.locality();
      }
      sum += w.moveCost() * moved / moveScale;
      weight += w.moveCost();
      return sum / weight;
    }

    /** 0 when {@code x} is spread evenly over the servers, 1 when it is all on one. */
    private double imbalance(int[] x, double total) {
      return imbalance(i -> x[i], total);
    }

    private double imbalance(double[] x, double total) {
      return imbalance(i -> x[i], total);
    }

    private double imbalance(java.util.function.IntToDoubleFunction x, double total) {
      double mean = total / servers;
      double off = 0;
      for (int s = 0; s < servers; s++) {
        off += Math.abs(x.applyAsDouble(s) - mean);
      }
      return total == 0 ? 0 : off / (2 * total * (1 - 1.0 / servers));
    }

    private static int argmax(int[] x) {
      return extreme(i -> x[i], x.length, 1);
    }

    private static int argmin(int[] x) {
      return extreme(i -> x[i], x.length, -1);
    }

    private static int argmax(double[] x) {
      return extreme(i -> x[i], x.length, 1);
    }

    private static int argmin(double[] x) {
      return extreme(i -> x[i], x.length, -1);
    }

    /** The index of the largest ({@code sign} 1) or smallest (-1) value, the first on ties. */
    private static int extreme(java.util.function.IntToDoubleFunction x, int n, int sign) {
      int best = 0;
      for (int i = 1; i < n; i++) {
        best = sign * Double.compare(x.applyAsDouble(i), x.applyAsDouble(best)) > 0 ? i : best;
      }
      return best;
    }
  }
}
