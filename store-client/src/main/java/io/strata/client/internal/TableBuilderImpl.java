package io.strata.client.internal;

import io.strata.client.AsyncTable;
import io.strata.client.AsyncTableBuilder;
import io.strata.client.Table;
import io.strata.client.TableBuilder;
import io.strata.common.schema.TableName;
import java.time.Duration;

/** A table handle's own retry policy, for the blocking table. */
final class TableBuilderImpl extends PolicyBuilder<TableBuilder> implements TableBuilder {
  TableBuilderImpl(AsyncConnectionImpl conn, TableName name, RetryPolicy policy) {
    super(conn, name, policy);
  }

  @Override
  public Table build() {
    return new TableImpl(conn.rawTable(name, policy));
  }
}

/** A table handle's own retry policy, for the async table. */
final class AsyncTableBuilderImpl extends PolicyBuilder<AsyncTableBuilder>
    implements AsyncTableBuilder {
  AsyncTableBuilderImpl(AsyncConnectionImpl conn, TableName name, RetryPolicy policy) {
    super(conn, name, policy);
  }

  @Override
  public AsyncTable build() {
    conn.checkOpen();
    return new AsyncTableImpl(conn, name, policy, conn.callbacks());
  }
}

/** The setters both table builders share; {@code B} is the builder type they return. */
abstract class PolicyBuilder<B> {
  final AsyncConnectionImpl conn;
  final TableName name;
  RetryPolicy policy;

  PolicyBuilder(AsyncConnectionImpl conn, TableName name, RetryPolicy policy) {
    this.conn = conn;
    this.name = name;
    this.policy = policy;
  }

  @SuppressWarnings("unchecked")
  private B self() {
    return (B) this;
  }

  public B setOperationTimeout(Duration timeout) {
    policy = policy.withOperationTimeout(timeout);
    return self();
  }

  public B setRpcTimeout(Duration timeout) {
    policy = policy.withRpcTimeout(timeout);
    return self();
  }

  public B setRetryPause(Duration pause) {
    policy = policy.withPause(pause);
    return self();
  }

  public B setMaxAttempts(int attempts) {
    policy = policy.withMaxAttempts(attempts);
    return self();
  }
}
