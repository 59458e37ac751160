package io.strata.shell.pe;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.TableName;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.HdrHistogram.Histogram;

/**
 * Runs a pe command: prepares the table, starts one thread per client (all released at once),
 * and gathers each client's result. A client's time starts before its setup and ends after
 * its takedown, so buffered writes count only once they have been sent.
 */
final class PeRunner {
  /** Results of a run: per client, and in total over the run's wall-clock time. */
  record Results(List<ClientResult> clients, ClientResult total) {}

  private final StrataConfiguration conf;
  private final PeOptions opts;
  private final PrintStream log;

  PeRunner(StrataConfiguration conf, PeOptions opts, PrintStream log) {
    this.conf = conf;
    this.opts = opts;
    this.log = log;
  }

  Results run() throws Exception {
    List<Connection> connections = new ArrayList<>();
    try {
      connections.add(ConnectionFactory.createConnection(conf));
      TableName table;
      try (Admin admin = connections.get(0).getAdmin()) {
        table = PeTable.prepare(admin, opts, log);
      }
      for (int i = 1; i < (opts.oneCon ? 1 : opts.clients); i++) {
        connections.add(ConnectionFactory.createConnection(conf));
      }
      return runClients(connections, table);
    } finally {
      for (Connection c : connections) {
        c.close();
      }
    }
  }

  private Results runClients(List<Connection> connections, TableName table) throws Exception {
    int n = opts.clients;
    ClientResult[] results = new ClientResult[n];
    Throwable[] errors = new Throwable[n];
    CountDownLatch go = new CountDownLatch(1);
    AtomicBoolean failed = new AtomicBoolean();
    List<Thread> threads = new ArrayList<>();
    ValuePool values = new ValuePool(opts.seed - 1); // made before the clock starts
    for (int i = 0; i < n; i++) {
      int index = i;
      PeClient client = new PeClient(i, opts, connections.get(i % connections.size()), table,
          new ClientRandom(opts.seed + i), opts.startRowOf(i), values);
      Thread t = new Thread(() -> {
        try {
          go.await();
          results[index] = runClient(client, failed);
        } catch (Throwable e) {
          errors[index] = e;
          failed.set(true); // the others stop at their next row
        }
      }, "pe-client-" + i);
      threads.add(t);
      t.start();
    }
    long cpu0 = CpuTime.process();
    long start = System.nanoTime();
    go.countDown();
    for (Thread t : threads) {
      t.join();
    }
    long wall = System.nanoTime() - start;
    long cpu = CpuTime.process() - cpu0;
    for (int i = 0; i < n; i++) {
      if (errors[i] != null) {
        throw new PeClientException(i, errors[i]);
      }
    }
    List<ClientResult> all = List.of(results);
    return new Results(all, ClientResult.total(all, wall, cpu));
  }

  private ClientResult runClient(PeClient client, AtomicBoolean failed) throws Exception {
    PeTest test = opts.command.newTest(client);
    Histogram latency = ClientResult.newHistogram();
    int first = client.startRow();
    long last = (long) first + opts.perClientRows;
    int everyN = opts.everyN();
    long rows = 0;
    long bytes = 0;
    long planned = (long) opts.cycles * opts.perClientRows / everyN;
    long reportEvery = planned >= 100_000 ? planned / 10 : Long.MAX_VALUE;
    // Counted down, not a remainder of rows: C1 calls the VM for a long's remainder.
    long untilReport = reportEvery;
    long cpu0 = CpuTime.thread();
    long start = System.nanoTime();
    test.setup();
    // A row's start is the last row's end: one clock read a row, not two. A read was some 45 ns
    // here, a tenth of a buffered write's time on pe's own thread. What the loop adds between
    // two rows is in the next row's latency, as it is in the rows per second.
    long t0 = System.nanoTime();
    for (int cycle = 0; cycle < opts.cycles && !failed.get(); cycle++) {
      for (long r = first; r < last && !failed.get(); r++) {
        int i = (int) r;
        if (i % everyN != 0) {
          continue;
        }
        bytes += test.testRow(i);
        long t1 = System.nanoTime();
        if (test.sentLastRow()) {
          latency.recordValue(Math.max(1, t1 - t0));
        }
        t0 = t1;
        rows++;
        if (--untilReport == 0) {
          untilReport = reportEvery;
          log.printf("pe client %d: %d%% (%,d of %,d rows)%n", client.index(),
              rows * 100 / planned, rows, planned);
        }
      }
    }
    test.takedown();
    long elapsed = System.nanoTime() - start;
    return new ClientResult("client " + client.index(), first, rows, bytes, elapsed, latency,
        CpuTime.thread() - cpu0);
  }

  /** A client failed: the run stops and says which one and why. */
  static final class PeClientException extends IOException {
    private static final long serialVersionUID = 1L;

    PeClientException(int client, Throwable cause) {
      super("pe client " + client + " failed: " + cause, cause);
    }
  }
}
