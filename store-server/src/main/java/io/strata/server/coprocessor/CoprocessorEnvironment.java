package io.strata.server.coprocessor;

import io.strata.common.conf.StrataConfiguration;

/** A loaded coprocessor's place in its host, as HBase's CoprocessorEnvironment. */
public interface CoprocessorEnvironment<C extends Coprocessor> {
  C getInstance();

  /** Its priority: lower runs first. */
  int getPriority();

  /** Its place in the order it was loaded, from 0. */
  int getLoadSequence();

  /**
   * The server's configuration with the coprocessor's properties from the table descriptor
   * ({@code k=v} of its spec) set over it.
   */
  StrataConfiguration getConfiguration();

  /** The class loader its class came from: the server's, or its jar's own. */
  ClassLoader getClassLoader();
}
