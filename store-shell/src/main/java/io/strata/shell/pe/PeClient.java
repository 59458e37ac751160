package io.strata.shell.pe;

import io.strata.client.AsyncConnection;
import io.strata.client.Connection;
import io.strata.common.schema.TableName;
import java.util.Random;

/**
 * What one client thread of a pe run works with: its rows, its connection (its own, or the one
 * all share with {@code --oneCon}), its own random numbers and the values all clients share.
 */
record PeClient(int index, PeOptions options, Connection connection, TableName table,
    Random random, int startRow, ValuePool values) {

  /** The async face of this client's connection (shares its sockets and caches). */
  AsyncConnection async() {
    return connection.toAsyncConnection();
  }
}
