package io.strata.client.internal;

import io.strata.client.AsyncTable;
import io.strata.client.AsyncTableBuilder;
import io.strata.client.Table;
import io.strata.client.TableBuilder;
import io.strata.common.schema.TableName;
import java.time.Duration;

/** A table handle's own retry policy, for the blocking table. */
final class TableBuilderImpl implements TableBuilder {
  private final AsyncConnectionImpl conn;
  private final TableName name;
  private RetryPolicy policy;

  TableBuilderImpl(AsyncConnectionImpl conn, TableName name, RetryPolicy policy) {
    this.conn = conn;
    this.name = name;
    this.policy = policy;
  }

  @Override
  public TableBuilder setOperationTimeout(Duration timeout) {
    policy = policy.withOperationTimeout(timeout);
    return this;
  }

  @Override
  public TableBuilder setRpcTimeout(Duration timeout) {
    policy = policy.withRpcTimeout(timeout);
    return this;
  }

  @Override
  public TableBuilder setRetryPause(Duration pause) {
    policy = policy.withPause(pause);
    return this;
  }

  @Override
  public TableBuilder setMaxAttempts(int attempts) {
    policy = policy.withMaxAttempts(attempts);
    return this;
  }

  @Override
  public Table build() {
    return new TableImpl(conn.rawTable(name, policy));
  }
}

/** A table handle's own retry policy, for the async table. */
final class AsyncTableBuilderImpl implements AsyncTableBuilder {
  private final AsyncConnectionImpl conn;
  private final TableName name;
  private RetryPolicy policy;

  AsyncTableBuilderImpl(AsyncConnectionImpl conn, TableName name, RetryPolicy policy) {
    this.conn = conn;
    this.name = name;
    this.policy = policy;
  }

  @Override
  public AsyncTableBuilder setOperationTimeout(Duration timeout) {
    policy = policy.withOperationTimeout(timeout);
    return this;
  }

  @Override
  public AsyncTableBuilder setRpcTimeout(Duration timeout) {
    policy = policy.withRpcTimeout(timeout);
    return this;
  }

  @Override
  public AsyncTableBuilder setRetryPause(Duration pause) {
    policy = policy.withPause(pause);
    return this;
  }

  @Override
  public AsyncTableBuilder setMaxAttempts(int attempts) {
    policy = policy.withMaxAttempts(attempts);
    return this;
  }

  @Override
  public AsyncTable build() {
    conn.checkOpen();
    return new AsyncTableImpl(conn, name, policy, conn.callbacks());
  }
}
