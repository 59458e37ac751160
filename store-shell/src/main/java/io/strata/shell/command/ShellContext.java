package io.strata.shell.command;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.Table;
import io.strata.common.schema.TableName;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * The session commands run in: the connection (made in the background while the shell starts,
 * so the prompt does not wait for the cluster), where output goes, how to ask the user to
 * confirm, and the variables assigned so far.
 */
public final class ShellContext {
  /** Asks the user a yes/no question; false when there is no one to answer. */
  public interface Confirmer {
    boolean confirm(String question);
  }

  private final CompletableFuture<Connection> connection;
  private final String clusterAddress;
  private final PrintStream out;
  private final Confirmer confirmer;
  private final CommandRegistry registry;
  private final boolean interactive;
  private final Map<String, Object> variables = new HashMap<>();

  public ShellContext(CompletableFuture<Connection> connection, String clusterAddress,
      PrintStream out, Confirmer confirmer, CommandRegistry registry, boolean interactive) {
    this.connection = connection;
    this.clusterAddress = clusterAddress;
    this.out = out;
    this.confirmer = confirmer;
    this.registry = registry;
    this.interactive = interactive;
  }

  /** The connection, once made; the error says where the shell looked if it could not be. */
  public Connection connection() throws IOException {
    try {
      return connection.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while connecting to Strata");
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      throw new IOException("cannot connect to Strata through ZooKeeper at " + clusterAddress
          + ": " + cause.getMessage() + ". Is it running? (bin/strata status; set "
          + "strata.zookeeper.quorum in conf/strata-site.xml for another cluster)", cause);
    }
  }

  /** The connection if it is ready now, else null: for tab completion, which must not wait. */
  public Connection connectionIfReady() {
    return connection.isDone() && !connection.isCompletedExceptionally()
        ? connection.join() : null;
  }

  public Admin admin() throws IOException {
    return connection().getAdmin();
  }

  public Table table(TableName name) throws IOException {
    return connection().getTable(name);
  }

  public PrintStream out() {
    return out;
  }

  public boolean confirm(String question) {
    return confirmer.confirm(question);
  }

  public CommandRegistry registry() {
    return registry;
  }

  /** True when a person types the commands (the shell then echoes results after {@code =>}). */
  public boolean interactive() {
    return interactive;
  }

  public Map<String, Object> variables() {
    return variables;
  }

  /** Closes the connection if it was made. */
  public void close() throws IOException {
    Connection c = connectionIfReady();
    if (c != null) {
      c.close();
    } else {
      // Still connecting: the connecting thread closes what it makes once this is done.
      connection.completeExceptionally(new IOException("the shell has ended"));
    }
  }
}
