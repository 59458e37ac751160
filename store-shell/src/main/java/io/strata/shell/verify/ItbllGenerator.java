package io.strata.shell.verify;

import io.strata.client.Connection;
import io.strata.client.Put;
import io.strata.client.Table;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code itbll generate}: each of {@code threads} threads writes its share of the nodes as one
 * circular list ({@link ItbllChain}), a batch at a time. A batch is written with one
 * {@code Table.put(List)} and the next batch, which points into it, is made only once that put
 * returned: no node ever points at a node the cluster has not acknowledged. So if verify later
 * finds a key pointed to but not defined, the cluster lost an acknowledged write.
 *
 * <p>A failed batch is sent again, whole, a few times ({@link #ATTEMPTS}): its puts are
 * idempotent, and under {@code bin/strata chaos} a put may fail while a region moves. A thread
 * that still cannot write gives up and leaves its list open, which verify reports as
 * UNREFERENCED nodes, not as lost ones.
 */
final class ItbllGenerator {
  static final int ATTEMPTS = 5;
  private static final long PROGRESS_SECONDS = 5;

  /** What to write; {@code seed} makes the keys repeatable. */
  record Settings(TableName table, long nodes, int width, int threads, long seed) {}

  private final Connection conn;
  private final Settings settings;
  private final PrintStream out;
  private final PrintStream err;
  private final AtomicLong written = new AtomicLong();

  ItbllGenerator(Connection conn, Settings settings, PrintStream out, PrintStream err) {
    this.conn = conn;
    this.settings = settings;
    this.out = out;
    this.err = err;
  }

  /** Writes every list; 0 when all nodes were written and every circle closed, else 1. */
  int run() throws InterruptedException {
    int threads = settings.threads();
    SplittableRandom root = new SplittableRandom(settings.seed());
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    List<Future<?>> lists = new ArrayList<>();
    long start = System.nanoTime();
    for (int t = 0; t < threads; t++) {
      // The first threads take one node more when the nodes do not divide evenly.
      long share = settings.nodes() / threads + (t < settings.nodes() % threads ? 1 : 0);
      if (share == 0) {
        continue;
      }
      SplittableRandom random = root.split();
      String client = "itbll-" + ProcessHandle.current().pid() + "-" + t;
      lists.add(pool.submit(() -> {
        writeList(client, new ItbllChain(share, settings.width(), random));
        return null;
      }));
    }
    pool.shutdown();
    int failed = 0;
    for (Future<?> list : lists) {
      failed += await(list, start) ? 0 : 1;
    }
    double seconds = Math.max(1e-3, (System.nanoTime() - start) / 1e9);
    out.printf("itbll: wrote %d of %d nodes in %.1f s, %.0f nodes/s%n", written.get(),
        settings.nodes(), seconds, written.get() / seconds);
    if (failed > 0) {
      err.println("itbll: " + failed + " of " + lists.size() + " list(s) were left open; verify "
          + "will count their unclosed nodes as UNREFERENCED");
      return 1;
    }
    return 0;
  }

  /** Waits for one list, printing progress meanwhile; whether it was written whole. */
  private boolean await(Future<?> list, long start) throws InterruptedException {
    while (true) {
      try {
        list.get(PROGRESS_SECONDS, TimeUnit.SECONDS);
        return true;
      } catch (TimeoutException e) {
        double seconds = (System.nanoTime() - start) / 1e9;
        out.printf("itbll: %d of %d nodes written, %.0f nodes/s%n", written.get(),
            settings.nodes(), written.get() / seconds);
      } catch (ExecutionException e) {
        Throwable cause = e.getCause();
        err.println("itbll: a writer gave up: " + cause);
        return false;
      }
    }
  }

  private void writeList(String client, ItbllChain chain) throws IOException,
      InterruptedException {
    byte[] clientBytes = Bytes.toBytes(client);
    try (Table table = conn.getTable(settings.table())) {
      while (chain.hasNext()) {
        ItbllChain.Batch batch = chain.next();
        List<Put> puts = new ArrayList<>(batch.keys().length);
        for (int j = 0; j < batch.keys().length; j++) {
          byte[] prev = batch.prevs() == null ? ItbllTable.NO_PREV
              : Bytes.toBytes(batch.prevs()[j]);
          puts.add(new Put(Bytes.toBytes(batch.keys()[j]))
              .addColumn(ItbllTable.FAMILY, ItbllTable.PREV, prev)
              .addColumn(ItbllTable.FAMILY, ItbllTable.CLIENT, clientBytes)
              .addColumn(ItbllTable.FAMILY, ItbllTable.COUNT, Bytes.toBytes(batch.first() + j)));
        }
        long last = batch.first() + puts.size() - 1;
        write(table, puts, client, "nodes " + batch.first() + ".." + last);
        written.addAndGet(puts.size());
      }
      ItbllChain.Batch closing = chain.closing();
      List<Put> puts = new ArrayList<>(closing.keys().length);
      for (int j = 0; j < closing.keys().length; j++) {
        puts.add(new Put(Bytes.toBytes(closing.keys()[j]))
            .addColumn(ItbllTable.FAMILY, ItbllTable.PREV, Bytes.toBytes(closing.prevs()[j])));
      }
      write(table, puts, client, "the links closing the circle");
    }
  }

  /** Puts {@code puts}, again on failure; returns only once the cluster acknowledged them. */
  private void write(Table table, List<Put> puts, String client, String what)
      throws IOException, InterruptedException {
    for (int attempt = 1; ; attempt++) {
      try {
        table.put(puts);
        return;
      } catch (IOException e) {
        if (attempt == ATTEMPTS) {
          throw new IOException(client + " could not write " + what + " in " + ATTEMPTS
              + " attempts; last error: " + e.getMessage(), e);
        }
        err.println("itbll: " + client + " writing " + what + " failed (attempt " + attempt
            + " of " + ATTEMPTS + "), sending it again: " + e.getMessage());
        Thread.sleep(1000L * attempt);
      }
    }
  }
}
