package io.strata.shell.pe;

import io.strata.client.AsyncTable;
import io.strata.client.BufferedMutator;
import io.strata.client.BufferedMutatorParams;
import io.strata.client.Put;
import io.strata.client.Table;
import java.util.ArrayList;
import java.util.List;

/**
 * sequentialWrite and randomWrite (and their async forms): one put a row into every column.
 * The blocking client writes through a write buffer of {@code --bufferSize} bytes by default,
 * flushed at the end; with {@code --autoFlush=true} each put is its own call. The async client
 * always waits for each put's answer before the next. With {@code --multiPut=N}, N puts go
 * in one batch (one timed call).
 */
final class WriteTest extends PeTest {
  /** Sends a put or a batch and waits for the answer. */
  private interface Writer {
    void put(Put put) throws Exception;

    void putAll(List<Put> puts) throws Exception;
  }

  private final boolean random;
  private final boolean async;
  private final long[] size = new long[1];
  private Writer writer;
  private BufferedMutator mutator;
  private List<Put> batch;

  WriteTest(PeClient client, boolean random, boolean async) {
    super(client);
    this.random = random;
    this.async = async;
  }

  @Override
  void setup() {
    if (async) {
      AsyncTable t = client.async().getTable(client.table());
      writer = new Writer() {
        @Override
        public void put(Put put) throws Exception {
          t.put(put).get();
        }

        @Override
        public void putAll(List<Put> puts) throws Exception {
          t.putAll(puts).get();
        }
      };
    } else if (opts.autoFlush) {
      Table t = client.connection().getTable(client.table());
      writer = new Writer() {
        @Override
        public void put(Put put) throws Exception {
          t.put(put);
        }

        @Override
        public void putAll(List<Put> puts) throws Exception {
          t.put(puts);
        }
      };
    } else {
      mutator = client.connection().getBufferedMutator(new BufferedMutatorParams(client.table())
          .writeBufferSize(opts.bufferSize));
      return;
    }
    batch = opts.multiPut > 0 ? new ArrayList<>(opts.multiPut) : null;
  }

  @Override
  long testRow(int i) throws Exception {
    Put put = newPut(random ? RowKeys.format(randomRow()) : keys.key(i), size);
    if (mutator != null) {
      mutator.mutate(put);
    } else if (batch == null) {
      writer.put(put);
    } else {
      batch.add(put);
      sent = batch.size() >= opts.multiPut;
      if (sent) {
        writer.putAll(batch);
        batch.clear();
      }
    }
    return size[0];
  }

  @Override
  void takedown() throws Exception {
    if (mutator != null) {
      mutator.close(); // sends what is still buffered
    } else if (batch != null && !batch.isEmpty()) {
      writer.putAll(batch);
    }
  }
}
