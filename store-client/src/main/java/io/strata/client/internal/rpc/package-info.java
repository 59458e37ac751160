/**
 * The client side of the RPC protocol (docs/formats/rpc.md): connections to one server's
 * service, calls as futures, typed remote errors, timeouts. Knows nothing of tables or regions.
 */
package io.strata.client.internal.rpc;
