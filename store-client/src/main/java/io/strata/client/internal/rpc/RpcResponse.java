package io.strata.client.internal.rpc;

/** A call's result and the cell block that came with it (empty if none). */
public record RpcResponse<T>(T result, byte[] cellBlock) {}
