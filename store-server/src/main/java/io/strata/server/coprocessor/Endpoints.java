package io.strata.server.coprocessor;

import com.google.protobuf.Descriptors.MethodDescriptor;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.Service;
import io.strata.client.coprocessor.CoprocessorRpcController;
import io.strata.common.error.BadRequestException;
import io.strata.common.error.CoprocessorException;
import io.strata.common.error.StrataException;
import io.strata.common.proto.ClientProtos.CoprocessorServiceCall;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The endpoints of one host's coprocessors (a region's, the master's), by service name, and
 * the calling of them: with the coprocessor's class loader as the thread's context loader,
 * timed (a slow call is logged), and with every failure answered to the caller as a typed
 * error. An endpoint's bug fails its call, not the server: the call was the caller's to make.
 */
final class Endpoints {
  private static final Logger LOG = LoggerFactory.getLogger(Endpoints.class);

  private record Registered(Service service, ObserverChain.Entry<?, ?> owner) {}

  private final String where;
  private final long slowNanos;
  private final Map<String, Registered> services;

  private Endpoints(String where, long slowNanos, Map<String, Registered> services) {
    this.where = where;
    this.slowNanos = slowNanos;
    this.services = Map.copyOf(services);
  }

  /**
   * The services of {@code loaded}; a second coprocessor registering a name already taken is
   * refused with an error naming both.
   */
  static Endpoints of(String where, long slowNanos, List<? extends ObserverChain.Entry<?, ?>>
      loaded) throws CoprocessorException {
    Map<String, Registered> services = new HashMap<>();
    for (ObserverChain.Entry<?, ?> e : loaded) {
      for (Service s : e.instance().getServices()) {
        String name = s.getDescriptorForType().getFullName();
        Registered before = services.putIfAbsent(name, new Registered(s, e));
        if (before != null) {
          throw new CoprocessorException("coprocessors " + before.owner() + " and " + e
              + " both register the endpoint service " + name + " on " + where + "; load one");
        }
      }
    }
    return new Endpoints(where, slowNanos, services);
  }

  boolean isEmpty() {
    return services.isEmpty();
  }

  /** Calls the endpoint method {@code call} names; returns its answer, serialized. */
  byte[] call(CoprocessorServiceCall call) throws IOException {
    Registered r = services.get(call.getServiceName());
    if (r == null) {
      throw new CoprocessorException("no coprocessor endpoint " + call.getServiceName()
          + " is loaded on " + where + (services.isEmpty() ? " (it has none)"
              : " (it has " + new TreeSet<>(services.keySet()) + ")")
          + "; load the coprocessor that registers it on the table (alter 't', METHOD => "
          + "'table_att', 'coprocessor' => 'jar|class|priority') or in the server's "
          + "strata.coprocessor.*.classes");
    }
    MethodDescriptor m = r.service().getDescriptorForType().findMethodByName(
        call.getMethodName());
    if (m == null) {
      throw new CoprocessorException("the endpoint service " + call.getServiceName() + " on "
          + where + " has no method " + call.getMethodName() + "; its methods are "
          + r.service().getDescriptorForType().getMethods().stream()
              .map(MethodDescriptor::getName).toList());
    }
    Message request;
    try {
      request = r.service().getRequestPrototype(m).newBuilderForType()
          .mergeFrom(call.getRequest()).build();
    } catch (InvalidProtocolBufferException e) {
      throw new BadRequestException("the request of " + m.getFullName() + " is not a "
          + m.getInputType().getFullName() + ": " + e.getMessage());
    }
    CoprocessorRpcController controller = new CoprocessorRpcController();
    Message[] answer = {null};
    long start = System.nanoTime();
    try {
      ObserverChain.withLoader(r.owner().loader(), () -> r.service().callMethod(m, controller,
          request, resp -> answer[0] = resp));
    } catch (IOException | RuntimeException | LinkageError e) {
      LOG.error("coprocessor endpoint {} of {} threw on {}", m.getFullName(), r.owner(), where,
          e);
      throw new CoprocessorException("the coprocessor endpoint " + m.getFullName() + " ("
          + r.owner() + ") threw " + e + " on " + where);
    } finally {
      long took = System.nanoTime() - start;
      if (took > slowNanos) {
        LOG.warn("coprocessor {} took {} ms in endpoint {} on {}", r.owner(), took / 1_000_000,
            m.getFullName(), where);
      }
    }
    if (controller.failed()) {
      Throwable t = controller.getFailed();
      if (t instanceof StrataException se) {
        throw se; // typed: the caller rebuilds it as itself
      }
      throw new CoprocessorException("the coprocessor endpoint " + m.getFullName() + " ("
          + r.owner() + ") failed on " + where + ": " + (t != null ? t.toString()
              : controller.errorText()));
    }
    if (answer[0] == null) {
      throw new CoprocessorException("the coprocessor endpoint " + m.getFullName() + " ("
          + r.owner() + ") answered nothing on " + where + "; its method must call done.run("
          + "response) before it returns, or report an error through its controller");
    }
    return answer[0].toByteArray();
  }
}
