package io.strata.client.coprocessor;

import com.google.protobuf.BlockingRpcChannel;
import com.google.protobuf.RpcChannel;

/**
 * The channel a generated protobuf stub of an endpoint's service calls through: {@code
 * MyService.newBlockingStub(channel)} or {@code MyService.newStub(channel)}. A row's channel
 * ({@code Table.coprocessorService(row)}) finds the region holding the row for each call and
 * retries as every table call does; the master's ({@code Admin.coprocessorService()}) calls the
 * active master. A blocking stub throws a {@link com.google.protobuf.ServiceException} whose
 * cause is the server's error; a callback stub's controller, if it is a {@link
 * CoprocessorRpcController}, holds the error ({@link CoprocessorRpcController#getFailed()}) and
 * its callback is then given null.
 */
public interface CoprocessorRpcChannel extends RpcChannel, BlockingRpcChannel {}
