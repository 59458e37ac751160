package io.strata.shell.pe;

import io.strata.client.AsyncTable;
import io.strata.client.Get;
import io.strata.client.Result;
import io.strata.client.Table;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * sequentialRead and randomRead (and their async forms): a get of every column of one row,
 * waiting for its answer; with {@code --multiGet=N}, N gets go in one batch (one timed call).
 */
final class ReadTest extends PeTest {
  /** Sends a get or a batch and waits for the answer. */
  private interface Reader {
    Result get(Get get) throws Exception;

    List<Result> getAll(List<Get> gets) throws Exception;
  }

  private final boolean random;
  private final boolean async;
  private Reader reader;
  private List<Get> batch;

  ReadTest(PeClient client, boolean random, boolean async) {
    super(client);
    this.random = random;
    this.async = async;
  }

  @Override
  void setup() {
    if (async) {
      AsyncTable t = client.async().getTable(client.table());
      reader = new Reader() {
        @Override
        public Result get(Get get) throws Exception {
          return t.get(get).get();
        }

        @Override
        public List<Result> getAll(List<Get> gets) throws Exception {
          return t.getAll(gets).get();
        }
      };
    } else {
      Table t = client.connection().getTable(client.table());
      reader = new Reader() {
        @Override
        public Result get(Get get) throws Exception {
          return t.get(get);
        }

        @Override
        public List<Result> getAll(List<Get> gets) throws Exception {
          return Arrays.asList(t.get(gets));
        }
      };
    }
    batch = opts.multiGet > 0 ? new ArrayList<>(opts.multiGet) : null;
  }

  @Override
  long testRow(int i) throws Exception {
    Get get = newGet(random ? RowKeys.format(randomRow()) : keys.key(i));
    if (batch == null) {
      return sizeOf(reader.get(get));
    }
    batch.add(get);
    sent = batch.size() >= opts.multiGet;
    return sent ? sendBatch() : 0;
  }

  private long sendBatch() throws Exception {
    long bytes = 0;
    for (Result r : reader.getAll(batch)) {
      bytes += sizeOf(r);
    }
    batch.clear();
    return bytes;
  }

  @Override
  void takedown() throws Exception {
    if (batch != null && !batch.isEmpty()) {
      sendBatch();
    }
  }
}
