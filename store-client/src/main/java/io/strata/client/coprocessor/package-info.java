/**
 * Calling coprocessor endpoints, as HBase's client does: {@link
 * io.strata.client.coprocessor.CoprocessorRpcChannel} (a channel a generated protobuf stub
 * calls through), {@link io.strata.client.coprocessor.Batch} (a call run on every region of a
 * key range), {@link io.strata.client.coprocessor.ServiceCaller} (the same without blocking),
 * and {@link io.strata.client.coprocessor.CoprocessorRpcUtils}. See docs/coprocessors.md.
 */
package io.strata.client.coprocessor;
