package io.strata.client.internal.rpc;

import java.io.IOException;
import java.net.InetSocketAddress;

/**
 * How a client's connections prove their user (docs/formats/rpc.md, "Authentication"): the
 * SASL mechanism named in each connection header, and the exchange that follows it.
 */
interface Proof {
  /** The SASL mechanism, as the connection header names it. */
  String mechanism();

  /** A new exchange proving the user to the server at {@code address}. */
  SaslExchange exchange(InetSocketAddress address) throws IOException;
}
