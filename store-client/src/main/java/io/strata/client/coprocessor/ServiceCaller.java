package io.strata.client.coprocessor;

import com.google.protobuf.RpcCallback;
import com.google.protobuf.RpcController;

/**
 * One endpoint call through a callback stub, for {@code AsyncTable.coprocessorService}: make
 * the call on {@code stub} with {@code controller} and {@code done}, as HBase's ServiceCaller.
 * The call's outcome is what {@code done} is given, or the controller's failure.
 */
@FunctionalInterface
public interface ServiceCaller<S, R> {
  void call(S stub, RpcController controller, RpcCallback<R> done);
}
