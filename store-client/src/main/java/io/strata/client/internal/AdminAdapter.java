package io.strata.client.internal;

import io.strata.client.Admin;
import io.strata.client.AsyncAdmin;
import io.strata.client.coprocessor.CoprocessorRpcChannel;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The blocking {@link Admin}, made once for every method rather than written out a second time:
 * each Admin method calls the {@link AsyncAdmin} method of the same name and parameters and
 * waits for its future, rethrowing its failure as the exception it was; a method returning a
 * {@link CoprocessorRpcChannel} gets the async admin's channel. {@link #check()} (run
 * when the class loads, and by a unit test) proves every Admin method has its async twin.
 */
final class AdminAdapter {
  private static final Map<Method, Method> ASYNC = check();

  private AdminAdapter() {}

  /** Each abstract Admin method and the AsyncAdmin method it waits on. */
  static Map<Method, Method> check() {
    Map<Method, Method> m = new HashMap<>();
    for (Method a : Admin.class.getMethods()) {
      if (a.isDefault() || a.getDeclaringClass() != Admin.class
          || a.getReturnType() == CoprocessorRpcChannel.class) {
        continue; // a channel is made at once, not waited for
      }
      Method async;
      try {
        async = AsyncAdmin.class.getMethod(a.getName(), a.getParameterTypes());
      } catch (NoSuchMethodException e) {
        throw new IllegalStateException("Admin." + a.getName() + " has no AsyncAdmin twin with "
            + "the same parameters; add it to AsyncAdmin", e);
      }
      if (async.getReturnType() != CompletableFuture.class) {
        throw new IllegalStateException("AsyncAdmin." + a.getName() + " must return a "
            + "CompletableFuture");
      }
      m.put(a, async);
    }
    return Map.copyOf(m);
  }

  static Admin over(AsyncAdmin async) {
    return (Admin) Proxy.newProxyInstance(Admin.class.getClassLoader(),
        new Class<?>[] {Admin.class}, (proxy, method, args) -> {
          Method target = ASYNC.get(method);
          if (target != null) {
            CompletableFuture<?> f;
            try {
              f = (CompletableFuture<?>) target.invoke(async, args);
            } catch (InvocationTargetException e) {
              throw e.getCause();
            }
            return RetryingCaller.join(f);
          }
          if (method.getReturnType() == CoprocessorRpcChannel.class) {
            return ((AsyncAdminImpl) async).coprocessorService();
          }
          if (method.isDefault()) {
            return java.lang.reflect.InvocationHandler.invokeDefault(proxy, method, args);
          }
          // What remains are Object's methods.
          return switch (method.getName()) {
            case "toString" -> "Admin{" + async + "}";
            case "hashCode" -> System.identityHashCode(proxy);
            default -> proxy == args[0]; // equals
          };
        });
  }
}
