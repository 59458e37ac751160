/**
 * The RPC server of masters and region servers (docs/formats/rpc.md): Netty transport, the
 * connection preamble and header, frames of protobuf header, parameter and cell block, call
 * queues by kind served by handler pools, deadlines, size limits and graceful shutdown. Services
 * plug in as {@link io.strata.server.rpc.RpcService}s. Knows nothing of regions: must not import
 * the region, master or storage packages.
 */
package io.strata.server.rpc;
