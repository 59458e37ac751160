package io.strata.client.coprocessor;

import com.google.protobuf.Descriptors;
import com.google.protobuf.RpcCallback;
import com.google.protobuf.RpcChannel;
import com.google.protobuf.RpcController;
import com.google.protobuf.Service;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.lang.reflect.InvocationTargetException;
import java.util.concurrent.CountDownLatch;

/** Helpers for endpoints and their callers, with HBase's names. */
public final class CoprocessorRpcUtils {
  private CoprocessorRpcUtils() {}

  /** The name a service is called by: its full protobuf name ("package.Service"). */
  public static String getServiceName(Descriptors.ServiceDescriptor service) {
    return service.getFullName();
  }

  /**
   * A callback stub of {@code service} (a generated {@code Service} class) over {@code
   * channel}, made by the class's static {@code newStub}.
   */
  public static <T extends Service> T newServiceStub(Class<T> service, RpcChannel channel)
      throws IOException {
    try {
      Object stub = service.getMethod("newStub", RpcChannel.class).invoke(null, channel);
      return service.cast(stub);
    } catch (NoSuchMethodException | IllegalAccessException | ClassCastException e) {
      throw new IOException(service.getName() + " is not a generated protobuf service (no "
          + "static newStub(RpcChannel)); compile its .proto with option "
          + "java_generic_services = true", e);
    } catch (InvocationTargetException e) {
      throw new IOException("making a stub of " + service.getName() + " failed", e.getCause());
    }
  }

  /**
   * How an endpoint reports an error to its caller, on the server: the caller gets {@code e}
   * (a Strata exception as itself, any other as a COPROCESSOR error with its message).
   */
  public static void setControllerException(RpcController controller, IOException e) {
    if (controller instanceof CoprocessorRpcController c) {
      c.setFailed(e);
    } else if (controller != null) {
      controller.setFailed(e.toString());
    }
  }

  /**
   * Makes one call through a callback stub and waits for it, for a {@link Batch.Call}: {@code
   * stub -> CoprocessorRpcUtils.call(stub, (s, controller, done) -> s.count(controller,
   * request, done))}. Returns the answer, or throws the call's error.
   */
  public static <S, R> R call(S stub, ServiceCaller<S, R> caller) throws IOException {
    CoprocessorRpcController controller = new CoprocessorRpcController();
    BlockingRpcCallback<R> done = new BlockingRpcCallback<>();
    caller.call(stub, controller, done);
    R answer = done.get();
    if (controller.failed()) {
      throw controller.getFailedOn();
    }
    return answer;
  }

  /**
   * A callback that keeps what it is given, for a callback stub used where one may wait (a
   * {@link Batch.Call}): {@code stub.method(controller, request, done); return done.get();}.
   */
  public static final class BlockingRpcCallback<R> implements RpcCallback<R> {
    private final CountDownLatch done = new CountDownLatch(1);
    private volatile R result;

    @Override
    public void run(R parameter) {
      result = parameter;
      done.countDown();
    }

    /** Waits for the call's answer: null if it failed (its controller says why). */
    public R get() throws IOException {
      try {
        done.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted while waiting for an endpoint's answer");
      }
      return result;
    }
  }
}
