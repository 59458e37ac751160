package io.strata.client.internal;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.MethodDescriptor;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.RpcCallback;
import com.google.protobuf.RpcController;
import com.google.protobuf.ServiceException;
import io.strata.client.coprocessor.CoprocessorRpcChannel;
import io.strata.client.coprocessor.CoprocessorRpcController;
import io.strata.common.proto.ClientProtos.CoprocessorServiceCall;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * A channel for generated endpoint stubs: each call is serialized into a {@link
 * CoprocessorServiceCall} and sent by {@link #send}, which says where (a row's region, one
 * region, the master); the answer is parsed with the method's response prototype.
 */
abstract class ExecChannel implements CoprocessorRpcChannel {
  /** Sends one call; completes with the response's bytes. */
  abstract CompletableFuture<byte[]> send(CoprocessorServiceCall call);

  /** The call of {@code method} with {@code request}, routed by {@code row}. */
  static CoprocessorServiceCall call(byte[] row, MethodDescriptor method, Message request) {
    return CoprocessorServiceCall.newBuilder().setRow(ByteString.copyFrom(row))
        .setServiceName(method.getService().getFullName()).setMethodName(method.getName())
        .setRequest(request.toByteString()).build();
  }

  /** The row this channel routes by, for the call's record. */
  abstract byte[] row();

  /** {@code method}'s answer, parsed, or the call's failure. */
  final <R extends Message> CompletableFuture<R> call(MethodDescriptor method, Message request,
      R responsePrototype) {
    return send(call(row(), method, request)).thenApply(bytes -> parse(bytes, responsePrototype));
  }

  @SuppressWarnings("unchecked")
  private static <R extends Message> R parse(byte[] bytes, R prototype) {
    try {
      return (R) prototype.getParserForType().parseFrom(bytes);
    } catch (InvalidProtocolBufferException e) {
      throw new CompletionException(new IOException("the endpoint's answer is not a "
          + prototype.getDescriptorForType().getFullName() + ": " + e.getMessage(), e));
    }
  }

  @Override
  public void callMethod(MethodDescriptor method, RpcController controller, Message request,
      Message responsePrototype, RpcCallback<Message> done) {
    if (controller != null && controller.isCanceled()) {
      fail(controller, cancelled(method));
      done.run(null);
      return;
    }
    call(method, request, responsePrototype).whenComplete((answer, e) -> {
      if (e == null && controller != null && controller.isCanceled()) {
        e = cancelled(method); // answered after the caller gave up on it
      }
      if (e != null) {
        fail(controller, RetryingCaller.unwrap(e));
        done.run(null);
      } else {
        done.run(answer);
      }
    });
  }

  private static void fail(RpcController controller, Throwable cause) {
    if (controller instanceof CoprocessorRpcController c) {
      c.setFailed(cause);
    } else if (controller != null) {
      controller.setFailed(cause.toString());
    }
  }

  private static IOException cancelled(MethodDescriptor method) {
    return new IOException("the call of " + method.getFullName() + " was cancelled "
        + "(RpcController.startCancel)");
  }

  @Override
  public Message callBlockingMethod(MethodDescriptor method, RpcController controller,
      Message request, Message responsePrototype) throws ServiceException {
    try {
      if (controller != null && controller.isCanceled()) {
        throw cancelled(method);
      }
      return RetryingCaller.join(call(method, request, responsePrototype));
    } catch (IOException | RuntimeException e) {
      if (controller instanceof CoprocessorRpcController c) {
        c.setFailed(e);
      }
      throw new ServiceException(e);
    }
  }
}
